// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleInternals

@testable import TypeScaleCLI

/// A request as text, every field with its exact value (doubles by bit pattern), for comparing
/// the two decoders.
private func canonical(_ request: MeasureRequest, typographyPath: String?) -> String {
  func bits(_ value: Double?) -> String {
    value.map { "\($0)/\(String($0.bitPattern, radix: 16))" } ?? "nil"
  }
  let options = request.options
  return [
    "text=\(request.text.unicodeScalars.map { String($0.value, radix: 16) })",
    "fontFiles=\(request.fontFiles)", "fontDirs=\(request.fontDirectories)",
    "font=\(String(describing: request.fontName))",
    "typography=\(String(describing: typographyPath))",
    "size=\(bits(request.size))", "style=\(String(describing: request.style))",
    "token=\(String(describing: request.token))",
    "category=\(String(describing: request.category))",
    "allCategories=\(request.allCategories)", "width=\(bits(options.width))",
    "lines=\(String(describing: options.lineLimit))", "options=\(options)",
    "displayScale=\(bits(options.displayScale))", "strict=\(request.strict)",
    "warnings=\(request.warnings)",
  ].joined(separator: "\n")
}

/// Decodes a line with the fast decoder or the slow one: the canonical request, or the error.
private func decode(_ line: String, slow: Bool) -> Result<String, CLIError> {
  var path: String?
  let load: (String) throws(CLIError) -> Typography = { (given) throws(CLIError) in
    path = given
    return .system
  }
  do throws(CLIError) {
    let request =
      slow
      ? try MeasureRequest(fields: try FoundationRequestFields(line: line), loadTypography: load)
      : try MeasureRequest(jsonLine: line, loadTypography: load)
    return .success(canonical(request, typographyPath: path))
  } catch {
    return .failure(error)
  }
}

/// Request lines that exercise every key, type, escape, number form and syntax error.
private let requestLines: [String] = {
  var lines: [String] = [
    // Every key, with valid values.
    #"{"text": "Hello"}"#,
    #"{"text": "Hello", "fontFiles": ["a.ttf", "b.otf"], "fontDirs": ["Fonts"], "font": "Noto Sans"}"#,
    #"{"text": "Hi", "typography": "app.json", "style": "body"}"#,
    #"{"text": "Hi", "size": 17, "style": "title1", "category": "AX3", "width": 320}"#,
    #"{"text": "Hi", "allCategories": true, "width": 120.5, "lines": 2}"#,
    #"{"text": "Hi", "truncation": "head", "target": "attributed-string", "strategy": "standard"}"#,
    #"{"text": "Hi", "alignment": "center", "language": "ko", "displayScale": 2, "strict": true}"#,
    #"{"text": "Hi", "truncation": "MIDDLE", "target": "Label", "alignment": "Natural"}"#,
    #"{"text": "Hi", "strategy": "hangulwordpriority"}"#,
    #"{"text": "Hi", "strategy": "push-out"}"#,
    #"{"text": "Hi", "category": "extraExtraLarge"}"#,
    #"{"text": "Hi", "allCategories": false, "strict": false}"#,
    #"{"text": "", "fontFiles": [], "fontDirs": []}"#,
    // Escapes, surrogate pairs, lone surrogates, raw non-ASCII text.
    #"{"text": "a\"b\\c\/d\be\ff\ng\rh\ti"}"#,
    #"{"text": "\u0041\u00e9\u20AC\uFFFF\u0000"}"#,
    #"{"text": "\ud83d\ude00 \uD83C\uDDF0\uD83C\uDDF7"}"#,
    #"{"text": "\ud800"}"#, #"{"text": "\udc00x"}"#, #"{"text": "\ud800\u0041"}"#,
    #"{"text": "\ud800\ud800"}"#, #"{"text": "\u12"}"#, #"{"text": "\uZZZZ"}"#,
    #"{"text": "\x"}"#, #"{"text": "\'"}"#,
    #"{"text": "안녕하세요 여러분, 반갑습니다 — مرحبا 👋🏽"}"#,
    "{\"text\": \"tab\tinside\"}", "{\"text\": \"nul\u{0}inside\"}", "{\"text\": \"\u{1F}\"}",
    "{\"text\": \"del\u{7F}ok\"}",
    // Numbers.
    #"{"text": "x", "width": -0}"#, #"{"text": "x", "width": -0.0}"#, #"{"text": "x", "width": 0}"#,
    #"{"text": "x", "width": 1e3}"#, #"{"text": "x", "width": 1E3}"#,
    #"{"text": "x", "width": 1e+2}"#,
    #"{"text": "x", "width": 1.5}"#, #"{"text": "x", "width": 1e-400}"#,
    #"{"text": "x", "width": 1e400}"#,
    #"{"text": "x", "width": 1.8e308}"#, #"{"text": "x", "width": 320.123456789012345678}"#,
    #"{"text": "x", "width": 01}"#, #"{"text": "x", "width": -01}"#, #"{"text": "x", "width": 00}"#,
    #"{"text": "x", "width": 1.}"#, #"{"text": "x", "width": .5}"#, #"{"text": "x", "width": +1}"#,
    #"{"text": "x", "width": 1e}"#, #"{"text": "x", "width": -}"#, #"{"text": "x", "width": 0x10}"#,
    #"{"text": "x", "width": NaN}"#, #"{"text": "x", "width": Infinity}"#,
    #"{"text": "x", "size": 9223372036854775807}"#, #"{"text": "x", "size": 9223372036854775808}"#,
    #"{"text": "x", "size": 100000}"#, #"{"text": "x", "size": 100000.0001}"#,
    #"{"text": "x", "lines": 9223372036854775807}"#,
    #"{"text": "x", "lines": 9223372036854775808}"#,
    #"{"text": "x", "lines": 18446744073709551616}"#,
    #"{"text": "x", "lines": -9223372036854775808}"#,
    #"{"text": "x", "lines": -1}"#, #"{"text": "x", "lines": 1e3}"#,
    #"{"text": "x", "lines": 2.0}"#,
    #"{"text": "x", "lines": 1.5}"#, #"{"text": "x", "lines": 1e30}"#,
    #"{"text": "x", "lines": -0}"#,
    #"{"text": "x", "lines": 0}"#, #"{"text": "x", "lines": true}"#,
    #"{"text": "x", "lines": "2"}"#,
    #"{"text": "x", "displayScale": 0.5}"#, #"{"text": "x", "displayScale": 10}"#,
    #"{"text": "x", "displayScale": 11}"#, #"{"text": "x", "size": 17.25, "width": 0.1}"#,
    // Whitespace.
    "  {  \"text\"  :  \"Hi\"  ,  \"width\"  :  100  }  ", "\t{\"text\":\"Hi\"}\t",
    "{\r\"text\":\r\"Hi\"\r}", "{\"text\":\u{0C}\"Hi\"}", "\u{A0}{\"text\": \"Hi\"}",
    "{\"text\": \"Hi\"}\u{A0}", "", "   ", "\t", "\u{A0}", "\u{FEFF}{\"text\": \"Hi\"}",
    " \u{FEFF}{\"text\": \"Hi\"}", "\u{FEFF}",
    // null for each key.
    #"{"text": null}"#,
    // Duplicates: the last one counts.
    #"{"text": "a", "text": "b"}"#, #"{"text": "a", "text": null}"#,
    #"{"text": null, "text": "b"}"#, #"{"text": "a", "width": 10, "width": 20}"#,
    #"{"text": "a", "zz": 1, "zz": 2}"#,
    // Wrong types.
    #"{"text": 1}"#, #"{"text": true}"#, #"{"text": ["a"]}"#, #"{"text": {"a": 1}}"#,
    #"{"text": "x", "fontFiles": "a.ttf"}"#, #"{"text": "x", "fontFiles": ["a", 1]}"#,
    #"{"text": "x", "fontFiles": ["a", null]}"#, #"{"text": "x", "fontFiles": [["a"]]}"#,
    #"{"text": "x", "fontDirs": [true]}"#, #"{"text": "x", "font": 3}"#,
    #"{"text": "x", "size": "17"}"#, #"{"text": "x", "size": true}"#,
    #"{"text": "x", "size": false}"#,
    #"{"text": "x", "size": [17]}"#, #"{"text": "x", "style": 1}"#,
    #"{"text": "x", "style": "bodyy"}"#,
    #"{"text": "x", "category": "XXXL"}"#, #"{"text": "x", "category": 3}"#,
    #"{"text": "x", "allCategories": 1}"#, #"{"text": "x", "allCategories": "true"}"#,
    #"{"text": "x", "strict": 0}"#, #"{"text": "x", "truncation": "sideways"}"#,
    #"{"text": "x", "target": "web"}"#, #"{"text": "x", "strategy": "none"}"#,
    #"{"text": "x", "alignment": 1}"#, #"{"text": "x", "language": ["ko"]}"#,
    #"{"text": "x", "width": "wide"}"#, #"{"text": "x", "displayScale": null}"#,
    // Unknown keys (the first in sorted order is named), missing text.
    #"{"text": "x", "Width": 3}"#, #"{"text": "x", "zeta": 1, "alpha": 2}"#, #"{}"#, #"{ }"#,
    #"{"width": 10}"#, #"{"": 1}"#, #"{"text": "x", "\u0074ext2": 1}"#,
    #"{"\u0074ext": "escaped key"}"#,
    // Truncated lines, trailing garbage, trailing commas.
    #"{"text": "Hi""#, #"{"text": "Hi"#, #"{"text": "#, #"{"text""#, #"{"#, #"{"text": "Hi",}"#,
    #"{"text": "Hi", "fontFiles": ["a",]}"#, #"{"text": "Hi",,}"#, #"{,"text": "Hi"}"#,
    #"{"text": "Hi", "fontFiles": [,]}"#, #"{"text": "Hi"} x"#, #"{"text": "Hi"}}"#,
    #"{"text": "Hi"}{"text": "Ho"}"#, #"{"text": "Hi"} // comment"#, #"{"text": tru}"#,
    #"{"text": nul}"#, #"{"text": "x", "strict": True}"#, #"{'text': 'Hi'}"#, #"{text: "Hi"}"#,
    #"{"text" "Hi"}"#, #"{"text": "Hi" "width": 1}"#,
    // Not an object.
    #""Hi""#, "17", "true", "null", #"["text", "Hi"]"#, "[]", #"[{"text": "Hi"}]"#,
    // Deep nesting in an unknown key (and a known one).
    #"{"text": "x", "extra": {"a": [1, {"b": [true, null, "c"]}]}}"#,
  ]
  for key in MeasureRequest.jsonKeys where key != "text" {
    lines.append("{\"text\": \"Hi\", \"\(key)\": null}")
  }
  for depth in [10, 100, 127, 128, 129, 200, 511, 512, 600] {
    let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    lines.append("{\"text\": \"x\", \"deep\": \(nested)}")
    lines.append("{\"text\": \"x\", \"fontFiles\": \(nested)}")
  }
  return lines
}()

@Suite struct BatchJSONTests {
  @Test func requestTable_isLargeEnough() {
    #expect(requestLines.count >= 100)
  }

  /// The fast decoder (PositionedJSONParser over the line's bytes) agrees with the slow one
  /// (JSONSerialization and NSNumber bridging): the same request, or both fail.
  @Test(arguments: requestLines)
  func fastDecoder_matchesJSONSerialization(_ line: String) {
    let fast = decode(line, slow: false)
    let slow = decode(line, slow: true)
    switch (fast, slow) {
    case (.success(let fastRequest), .success(let slowRequest)):
      #expect(fastRequest == slowRequest)
    case (.failure(let fastError), .failure(let slowError)):
      // Both fail; an error that is not about the JSON's syntax is worded the same.
      if !slowError.message.hasPrefix("invalid JSON") {
        #expect(fastError.message == slowError.message)
      }
    default:
      Issue.record("fast: \(fast), slow: \(slow)")
    }
  }

  /// The fast decoder's errors for syntax say what was expected and where.
  @Test func fastDecoder_invalidJSON_namesWhatAndWhere() throws {
    let cases: [(String, String)] = [
      (
        #"{"text": "Hi""#,
        "invalid JSON: column 14: expected ',' or '}' after an object member, found the end of "
          + "the file"
      ),
      (#"{"text": "Hi"} x"#, "invalid JSON: column 16: expected the end of the file"),
      (#"{"text": 01}"#, "invalid JSON: column 10: expected a JSON number"),
      (#"{"text": "\ud800"}"#, "invalid JSON: column 17: expected '\\u'"),
      (
        #"{"width": 1e400}"#,
        "invalid JSON: column 11: number 1e400 is not representable as a Double"
      ),
    ]
    for (line, prefix) in cases {
      guard case .failure(let error) = decode(line, slow: false) else {
        Issue.record("\(line) decoded")
        continue
      }
      #expect(error.message.hasPrefix(prefix), "\(error.message)")
    }
  }

  /// Where the decoders differ on purpose: Foundation's parser on Linux rounds some fractions
  /// one unit in the last place off; the fast decoder rounds them correctly.
  @Test(arguments: [
    "0.30000000000000004", "123.456", "2.2250738585072014e-308", "17.000000000000001",
  ])
  func fastDecoder_roundsFractionsCorrectly(_ number: String) throws {
    let request = try MeasureRequest(jsonLine: "{\"text\": \"x\", \"width\": \(number)}")
    let expected = try #require(Double(number))
    #expect(request.options.width?.bitPattern == expected.bitPattern)
    let slow = try MeasureRequest(
      fields: try FoundationRequestFields(line: "{\"text\": \"x\", \"width\": \(number)}"),
      loadTypography: TypographyOptions.load)
    let slowWidth = try #require(slow.options.width)
    #expect(slowWidth == expected || slowWidth.nextUp == expected || slowWidth.nextDown == expected)
  }
}
