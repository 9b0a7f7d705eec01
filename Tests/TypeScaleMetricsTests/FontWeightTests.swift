// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics

/// Weight names are OpenType/CSS names (100 Thin … 900 Black), the names faces carry; Apple's
/// vocabulary is reached through `UIKitFontWeight` and `init(uiFontWeight:)`.
@Suite struct FontWeightTests {
  @Test func presets_haveOpenTypeValues() {
    #expect(
      [
        FontWeight.thin, .extraLight, .light, .regular, .medium, .semibold, .bold, .extraBold,
        .black,
      ]
      .map(\.value) == [100, 200, 300, 400, 500, 600, 700, 800, 900])
    #expect(
      [FontWeight.ultraLight, .normal, .semiBold, .demiBold, .ultraBold, .heavy].map(\.value)
        == [200, 400, 600, 600, 800, 900])
  }

  /// The three names whose meaning differs from UIKit's: on main `thin` was 200, `ultraLight`
  /// 100 and `heavy` 800, so `--weight thin` picked an ExtraLight face.
  @Test func thinUltraLightAndHeavy_areOpenTypesNotUIKits() throws {
    #expect(FontWeight.thin.value == 100)
    #expect(FontWeight.ultraLight.value == 200)
    #expect(FontWeight.heavy.value == 900)
    #expect(try FontWeight(parsing: "thin").value == 100)
    #expect(try FontWeight(parsing: "Heavy").value == 900)
    #expect(FontWeight(uiKit: .thin).value == 200)
    #expect(FontWeight(uiKit: .ultraLight).value == 100)
    #expect(FontWeight(uiKit: .heavy).value == 800)
  }

  @Test(arguments: [
    ("Thin", 100), ("extraLight", 200), ("Extra Light", 200), ("extra-light", 200),
    ("ULTRA_LIGHT", 200), ("ultralight", 200), ("Light", 300), ("regular", 400), ("Normal", 400),
    ("medium", 500), ("SemiBold", 600), ("semibold", 600), ("Semi Bold", 600), ("demiBold", 600),
    ("Demi-Bold", 600), ("bold", 700), ("ExtraBold", 800), ("extra bold", 800), ("UltraBold", 800),
    ("black", 900), ("heavy", 900), (" 450 ", 450), ("1", 1), ("1000", 1000),
    ("UIFont.Weight.thin", 200), ("UIFont.Weight.heavy", 800), ("Font.Weight.ultraLight", 100),
    ("NSFont.Weight.semibold", 600),
  ])
  func parsing_acceptsEveryOpenTypeSpelling(_ text: String, _ value: Int) throws {
    #expect(try FontWeight(parsing: text).value == value)
  }

  @Test func names_areOpenTypeNames() throws {
    #expect(
      (1...9).map { FontWeight(integerLiteral: UInt16($0 * 100)).name } == [
        "thin", "extraLight", "light", "regular", "medium", "semibold", "bold", "extraBold",
        "black",
      ])
    #expect(try FontWeight(parsing: "450").name == "450")
    // Every name parses back to its weight.
    for value in stride(from: 100, through: 900, by: 100) {
      let weight = try FontWeight(value)
      #expect(try FontWeight(parsing: weight.name) == weight)
    }
  }

  @Test func parsing_namesAndNumbers() throws {
    #expect(try FontWeight(parsing: "SemiBold") == .semibold)
    #expect(try FontWeight(parsing: "450").value == 450)
    #expect(try FontWeight(parsing: "450").name == "450")
  }

  @Test(arguments: [0, -1, 1001])
  func init_rejectsOutOfRange(_ value: Int) {
    let error = #expect(throws: MetricsError.self) { try FontWeight(value) }
    #expect(
      error?.message
        == "font weight \(value) is out of range; use 1…1000 or a name: thin (100), "
        + "extraLight (200), ultraLight (200), light (300), regular (400), normal (400), "
        + "medium (500), semibold (600), demiBold (600), bold (700), extraBold (800), "
        + "ultraBold (800), black (900), heavy (900)")
  }

  @Test func parsing_rejectsUnknownName() {
    let error = #expect(throws: MetricsError.self) { try FontWeight(parsing: "chunky") }
    #expect(error?.message.hasPrefix("unknown font weight \"chunky\"; use a number 1…1000") == true)
    #expect(error?.message.contains("extraBold (800)") == true)
  }

  @Test func literal_needsNoTry() {
    let weight: FontWeight = 800
    #expect(weight == .extraBold)
    #expect(FontWeight(650).value == 650)
  }

  @Test func decoding_usesTheSameVocabulary() throws {
    let json = Data(#"["thin", "Extra Bold", 650, "heavy"]"#.utf8)
    let weights = try JSONDecoder().decode([FontWeight].self, from: json)
    #expect(weights.map(\.value) == [100, 800, 650, 900])
    #expect(
      String(decoding: try JSONEncoder().encode(weights), as: UTF8.self) == "[100,800,650,900]")
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([FontWeight].self, from: Data(#"["book"]"#.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription.hasPrefix("unknown font weight \"book\""))
    #expect(context.underlyingError is MetricsError)
  }
}

/// Apple's vocabulary, mapped as Skia's `SkCTFontGetNSFontWeightMapping` maps CSS 100…900 to the
/// nine `UIFontWeight…` constants.
@Suite struct UIKitFontWeightTests {
  @Test func cases_mapToOneHundredThroughNineHundred() {
    #expect(
      UIKitFontWeight.allCases.map(\.fontWeight.value)
        == Array(stride(from: 100, through: 900, by: 100)))
    #expect(
      UIKitFontWeight.allCases.map(\.uiFontWeight)
        == [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62])
    for weight in UIKitFontWeight.allCases {
      #expect(UIKitFontWeight(weight.fontWeight) == weight)
    }
    #expect(FontWeight.extraBold.appleName == "heavy")
    #expect(FontWeight.extraLight.appleName == "thin")
    #expect(FontWeight(450).appleName == "450")
  }

  @Test(arguments: [
    (-0.8, 100), (-0.6, 200), (-0.4, 300), (0, 400), (0.23, 500), (0.3, 600), (0.4, 700),
    (0.56, 800), (0.62, 900), (-1, 100), (1, 900), (-0.65, 200), (0.1, 400), (0.2, 500),
    (0.5, 800), (0.6, 900), (-0.05, 400),
  ])
  func uiFontWeight_takesTheNearestConstant(_ raw: Double, _ value: Int) throws {
    #expect(try FontWeight(uiFontWeight: raw).value == value)
  }

  @Test(arguments: [
    ("heavy", UIKitFontWeight.heavy), (".heavy", .heavy), ("UIFont.Weight.heavy", .heavy),
    ("Font.Weight.ultraLight", .ultraLight), ("NSFont.Weight.thin", .thin), ("Semibold", .semibold),
    ("ultra-light", .ultraLight),
  ])
  func parsing_acceptsApplesNames(_ text: String, _ weight: UIKitFontWeight) throws {
    #expect(try UIKitFontWeight(parsing: text) == weight)
  }
}
