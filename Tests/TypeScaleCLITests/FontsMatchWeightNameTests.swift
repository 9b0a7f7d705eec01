// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

/// `--weight` takes the OpenType/CSS names (thin is 100, as in the file names `Inter-Thin`,
/// `Pretendard-Thin`); Apple's vocabulary only when qualified (`UIFont.Weight.thin` is 200).
@Suite struct FontsMatchWeightNameTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let weight: String
    let face: String
    let exact: Bool
    var testDescription: String { "--weight \(weight)" }
  }

  static let cases = [
    // issue 19 item 4: `--weight thin` picked the 200 face (Apple's thin), not Thin (100).
    Case(weight: "thin", face: "TypeScaleFixture-Thin", exact: true),
    Case(weight: "Thin", face: "TypeScaleFixture-Thin", exact: true),
    Case(weight: "100", face: "TypeScaleFixture-Thin", exact: true),
    Case(weight: "light", face: "TypeScaleFixture-Light", exact: true),
    Case(weight: "semi-bold", face: "TypeScaleFixture-SemiBold", exact: true),
    Case(weight: "demiBold", face: "TypeScaleFixture-SemiBold", exact: true),
    Case(weight: "heavy", face: "TypeScaleFixture-Black", exact: true),
    // 200 has no face here: CSS matching below 400 looks lighter first, so Thin, with a note.
    Case(weight: "extraLight", face: "TypeScaleFixture-Thin", exact: false),
    Case(weight: "UIFont.Weight.thin", face: "TypeScaleFixture-Thin", exact: false),
    // Apple's heavy is 800: the nearest heavier face is Black.
    Case(weight: "UIFont.Weight.heavy", face: "TypeScaleFixture-Black", exact: false),
  ]

  @Test(arguments: cases)
  func fontsMatch_weightNamesAreOpenTypes(_ test: Case) async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-weights")
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["Thin", "Light", "Regular", "SemiBold", "Bold", "Black"] {
      try FileManager.default.copyItem(
        at: Fixtures.font("Fixture-\(name).ttf"),
        to: folder.appendingPathComponent("Fixture-\(name).ttf"))
    }
    let run = await typescale([
      "fonts", "match", "--dir", folder.path, "--family", "TypeScale Fixture", "--weight",
      test.weight,
    ])
    #expect(run.status == 0, "\(run.error)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("face:   \(test.face) (") }, "\(run.output)")
    #expect(lines.contains("exact:  \(test.exact ? "yes" : "no")"), "\(run.output)")
  }

  @Test func fontsMatch_anUnknownWeightNameListsTheNames() async {
    let run = await typescale(["fonts", "match", "--dir", ".", "--family", "X", "--weight", "book"])
    #expect(run.status == 2)
    #expect(run.error.contains("book"), "\(run.error)")
    #expect(run.error.contains("extraLight"), "\(run.error)")
  }
}
