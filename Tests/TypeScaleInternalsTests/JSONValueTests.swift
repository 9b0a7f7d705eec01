// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

@Suite struct JSONValueTests {
  /// Strings escaped per RFC 8259 §7, non-ASCII kept as UTF-8.
  @Test(arguments: [
    ("plain", #""plain""#),
    ("", #""""#),
    (#"say "hi""#, #""say \"hi\"""#),
    (#"C:\fonts\a.ttf"#, #""C:\\fonts\\a.ttf""#),
    ("a/b", #""a/b""#),
    ("line\nnext", #""line\nnext""#),
    ("col\tnext", #""col\tnext""#),
    ("\r\u{08}\u{0C}", #""\u000d\u0008\u000c""#),
    ("\u{00}\u{1F}", #""\u0000\u001f""#),
    ("\u{7F} ", "\"\u{7F} \""),
    ("가나 é 🙂", "\"가나 é 🙂\""),
    ("e\u{301}", "\"e\u{301}\""),
    ("\u{2028}", "\"\u{2028}\""),
  ])
  func escapesStrings(text: String, expected: String) {
    #expect(JSONValue.string(text).text() == expected)
    #expect(JSONValue.quoted(text) == expected)
    #expect(Array(JSONValue.string(text).text().utf8) == Array(expected.utf8))
  }

  /// Every escaped string reads back as itself through Foundation's parser.
  @Test(arguments: ["say \"hi\"", "a\\b", "\u{00}\u{01}\u{1F}\n\t\r", "가나 🙂", "\u{2028}/"])
  func escapedStringsRoundTrip(text: String) throws {
    let data = Data(JSONValue.array([.string(text)]).text().utf8)
    let parsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String])
    #expect(parsed == [text])
  }

  /// Numbers through `numberText` and `fullText`; a NaN or an infinity is `null`, never `inf` or
  /// `nan`.
  static let scalars: [(JSONValue, String)] = [
    (.number(17), "17"),
    (.number(16.333333), "16.3333"),
    (.number(0.86363, decimals: 6), "0.86363"),
    (.number(-0.0), "0"),
    (.number(-2.5), "-2.5"),
    (.number(.infinity), "null"),
    (.number(-.infinity), "null"),
    (.number(.nan), "null"),
    (.number(.nan, decimals: 6), "null"),
    (.double(192.6123046875), "192.6123046875"),
    (.double(17), "17"),
    (.double(-0.0), "0"),
    (.double(1e-5), "1e-05"),
    (.double(.infinity), "null"),
    (.double(.nan), "null"),
    (.integer(-400), "-400"),
    (.bool(true), "true"),
    (.bool(false), "false"),
    (.null, "null"),
  ]

  @Test(arguments: scalars)
  func writesScalars(value: JSONValue, expected: String) {
    #expect(value.text() == expected)
  }

  /// A number for JSON never prints a non-finite value, and keeps large ones whole.
  @Test func numberText_neverPrintsANonFiniteNumber() {
    #expect(JSONValue.numberText(.infinity) == "null")
    #expect(JSONValue.numberText(-.infinity) == "null")
    #expect(JSONValue.numberText(.nan) == "null")
    #expect(JSONValue.numberText(-0.0) == "0")
    #expect(JSONValue.numberText(17.25) == "17.25")
    #expect(JSONValue.numberText(1e300) == "1e+300")
    #expect(JSONValue.numberText(900_000_000_000) == "900000000000")
  }

  /// A number written in full reads back as the same `Double`, and is a JSON number
  /// (Foundation's parser on Linux rounds `0.30000000000000004` to its neighbour, so the exact
  /// value is checked with Swift's own parser).
  @Test(arguments: [
    192.6123046875, 0.1 + 0.2, 1e-7, 123_456_789.125, -3.75, 1e300, .leastNonzeroMagnitude,
  ])
  func doublesRoundTrip(value: Double) throws {
    let text = JSONValue.double(value).text()
    #expect(Double(text) == value)
    let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8))
    #expect((parsed as? [NSNumber])?.count == 1)
  }

  /// Objects keep their keys in the order written, arrays and objects nest, on one line.
  static let containers: [(JSONValue, String)] = [
    (.object([]), "{}"),
    (.array([]), "[]"),
    (["z": 1, "a": 2, "m": 3], #"{"z": 1, "a": 2, "m": 3}"#),
    (
      ["b": [1, [2, ["k": "v"]]], "a": ["y": .null, "x": [true]]],
      #"{"b": [1, [2, {"k": "v"}]], "a": {"y": null, "x": [true]}}"#
    ),
    (["k\"ey": .number(.infinity)], #"{"k\"ey": null}"#),
    (JSONValue(nil as String?), "null"),
    (JSONValue("s" as String?), #""s""#),
    (JSONValue(["a", "b"]), #"["a", "b"]"#),
  ]

  @Test(arguments: containers)
  func writesContainers(value: JSONValue, expected: String) {
    #expect(value.text() == expected)
    #expect(!value.text().contains("\n"))
  }

  /// The rows layout puts each top-level element on its own line; anything else stays on one.
  static let rows: [(JSONValue, String)] = [
    (.array([["a": 1], ["a": [2, 3]]]), "[\n  {\"a\": 1},\n  {\"a\": [2, 3]}\n]"),
    (.array([1]), "[\n  1\n]"),
    (.array([]), "[]"),
    (["a": [1, 2]], #"{"a": [1, 2]}"#),
    (.string("x"), #""x""#),
  ]

  @Test(arguments: rows)
  func rowsLayout(value: JSONValue, expected: String) {
    #expect(value.text(.rows) == expected)
  }

  /// Whatever is written parses as JSON, with the keys in the order written.
  @Test func writtenObjectsParse() throws {
    let value: JSONValue = [
      "text": "가 \"q\" \\ \n", "size": .number(17.25), "bad": .number(.nan),
      "list": [1, .number(-0.5)], "none": .null,
    ]
    let text = value.text()
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["text"] as? String == "가 \"q\" \\ \n")
    #expect((object["size"] as? NSNumber)?.doubleValue == 17.25)
    #expect(object["bad"] is NSNull)
    #expect((object["list"] as? [NSNumber])?.map(\.doubleValue) == [1, -0.5])
    let order = ["text", "size", "bad", "list", "none"].compactMap {
      text.range(of: "\"\($0)\":")?.lowerBound
    }
    #expect(order.count == 5)
    #expect(order == order.sorted())
  }
}
