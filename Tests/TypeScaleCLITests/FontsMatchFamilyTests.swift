// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

/// A folder holding a family shaped like NanumGothic: the regular face's PostScript name is the
/// family name (`FixtureGothic`); the bold is `FixtureGothicBold`, the italic
/// `FixtureGothic-Italic`.
private func gothicFolder() throws -> URL {
  let folder = try Fixtures.temporaryDirectory("typescale-gothic")
  for (fixture, style, fullName, postScriptName) in [
    ("Fixture-Regular.ttf", "Regular", "FixtureGothic", "FixtureGothic"),
    ("Fixture-Bold.ttf", "Bold", "FixtureGothic Bold", "FixtureGothicBold"),
    ("Fixture-Italic.ttf", "Italic", "FixtureGothic Italic", "FixtureGothic-Italic"),
  ] {
    let bytes = try FontBytes.renamed(
      fixture, family: "FixtureGothic", style: style, fullName: fullName,
      postScriptName: postScriptName)
    try Data(bytes).write(to: folder.appendingPathComponent(postScriptName + ".ttf"))
  }
  return folder
}

@Suite struct FontsMatchFamilyTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let face: String
    let exact: Bool
    let note: String?
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let cases = [
    // issue 19 item 1: `--family NanumGothic --weight 700` answered the regular face, exact.
    Case(
      arguments: ["--family", "FixtureGothic", "--weight", "700"], face: "FixtureGothicBold",
      exact: true, note: nil),
    Case(arguments: ["--family", "FixtureGothic"], face: "FixtureGothic", exact: true, note: nil),
    Case(
      arguments: ["--family", "FixtureGothic", "--weight", "900", "--italic"],
      face: "FixtureGothic-Italic", exact: false,
      note: "(900) face of \"FixtureGothic\"; using FixtureGothic-Italic (weight 400)"),
    Case(
      arguments: ["--family", "FixtureGothicBold", "--weight", "300"], face: "FixtureGothicBold",
      exact: false,
      note: "\"FixtureGothicBold\" is the PostScript name of one face, FixtureGothicBold"),
    Case(
      arguments: ["--family", "FixtureGothic Bold"], face: "FixtureGothicBold", exact: true,
      note: nil),
  ]

  @Test(arguments: cases)
  func fontsMatch_familyNamedLikeItsRegularFaceHonoursTheStyle(_ test: Case) async throws {
    let folder = try gothicFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale(["fonts", "match", "--dir", folder.path] + test.arguments)
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("face:   \(test.face) (") }, "\(run.output)")
    #expect(lines.contains("exact:  \(test.exact ? "yes" : "no")"), "\(run.output)")
    let notes = lines.filter { $0.hasPrefix("note:   ") }
    if let note = test.note {
      #expect(notes.contains { $0.contains(note) }, "\(run.output)")
    } else {
      #expect(notes.isEmpty, "\(run.output)")
    }
  }
}
