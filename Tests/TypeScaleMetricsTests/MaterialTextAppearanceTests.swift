// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

/// One row of the Material 3 table (android.md §3.1).
struct M3Row: Sendable, CustomTestStringConvertible {
  let name: String
  let size: Double
  let lineHeight: Double
  let tracking: Double
  let em: Double
  let weight: Int
  var testDescription: String { name }
}

@Suite("MaterialTextAppearance")
struct MaterialTextAppearanceTests {
  static let m3: [M3Row] = [
    .init(
      name: "displayLarge", size: 57, lineHeight: 64, tracking: -0.2, em: -0.00438596, weight: 400),
    .init(name: "displayMedium", size: 45, lineHeight: 52, tracking: 0, em: 0, weight: 400),
    .init(name: "displaySmall", size: 36, lineHeight: 44, tracking: 0, em: 0, weight: 400),
    .init(name: "headlineLarge", size: 32, lineHeight: 40, tracking: 0, em: 0, weight: 400),
    .init(name: "headlineMedium", size: 28, lineHeight: 36, tracking: 0, em: 0, weight: 400),
    .init(name: "headlineSmall", size: 24, lineHeight: 32, tracking: 0, em: 0, weight: 400),
    .init(name: "titleLarge", size: 22, lineHeight: 28, tracking: 0, em: 0, weight: 400),
    .init(name: "titleMedium", size: 16, lineHeight: 24, tracking: 0.2, em: 0.009375, weight: 500),
    .init(name: "titleSmall", size: 14, lineHeight: 20, tracking: 0.1, em: 0.00714286, weight: 500),
    .init(name: "bodyLarge", size: 16, lineHeight: 24, tracking: 0.5, em: 0.03125, weight: 400),
    .init(name: "bodyMedium", size: 14, lineHeight: 20, tracking: 0.2, em: 0.01785714, weight: 400),
    .init(name: "bodySmall", size: 12, lineHeight: 16, tracking: 0.4, em: 0.03333333, weight: 400),
    .init(name: "labelLarge", size: 14, lineHeight: 20, tracking: 0.1, em: 0.00714286, weight: 500),
    .init(
      name: "labelMedium", size: 12, lineHeight: 16, tracking: 0.5, em: 0.04166667, weight: 500),
    .init(name: "labelSmall", size: 11, lineHeight: 16, tracking: 0.5, em: 0.04545455, weight: 500),
  ]

  @Test("The 15 Material 3 roles, in order")
  func material3_order() {
    #expect(MaterialTextAppearance.material3.map(\.name) == Self.m3.map(\.name))
    #expect(MaterialTextAppearance.material3.allSatisfy { $0.system == .material3 })
  }

  @Test("Each Material 3 role's values", arguments: m3)
  func material3_values(_ row: M3Row) throws {
    let role = try MaterialTextAppearance(parsing: row.name)
    #expect(role.sizeSp == row.size)
    #expect(role.lineHeightSp == row.lineHeight)
    #expect(role.composeLineHeightSp == row.lineHeight)
    #expect(role.trackingSp == row.tracking)
    #expect(role.letterSpacingEm == row.em)
    #expect(role.weight.value == row.weight)
    #expect(!role.allCaps)
    // MDC's em values are the sp tracking over the size (to the table's 8 decimals), except
    // where MDC and Compose disagree (displayLarge, titleMedium, bodyMedium).
    if !["displayLarge", "titleMedium", "bodyMedium"].contains(row.name) {
      #expect(abs(row.em * row.size - row.tracking) < 1e-6, "\(row.name)")
    }
  }

  @Test(
    "Material 3 name forms",
    arguments: [
      "labelLarge", "LabelLarge", "LABELLARGE", "TextAppearance.Material3.LabelLarge",
      "@style/TextAppearance.Material3.LabelLarge", "?attr/textAppearanceLabelLarge",
      "?textAppearanceLabelLarge", "MaterialTheme.typography.labelLarge", " labelLarge ",
    ])
  func material3_nameForms(text: String) throws {
    let role = try MaterialTextAppearance(parsing: text)
    #expect(role.name == "labelLarge")
    #expect(role.system == .material3)
    #expect(role.styleName == "TextAppearance.Material3.LabelLarge")
  }

  /// android.md §3.2: MDC's Material 2 styles, with sizes, weights, caps.
  @Test(
    "Every Material 2 style resolves",
    arguments: [
      ("Headline1", 96.0, 300), ("Headline2", 60, 300), ("Headline3", 48, 400),
      ("Headline4", 34, 400), ("Headline5", 24, 400), ("Headline6", 20, 500),
      ("Subtitle1", 16, 400), ("Subtitle2", 14, 500), ("Body1", 16, 400), ("Body2", 14, 400),
      ("Caption", 12, 400), ("Button", 14, 500), ("Overline", 10, 400),
    ])
  func material2_resolves(name: String, size: Double, weight: Int) throws {
    for text in [
      name, "TextAppearance.MaterialComponents.\(name)", "?attr/textAppearance\(name)",
      "@style/TextAppearance.MaterialComponents.\(name)",
    ] {
      let style = try MaterialTextAppearance(parsing: text)
      #expect(style.system == .material2, "\(text)")
      #expect(style.name == name)
      #expect(style.sizeSp == size)
      #expect(style.weight.value == weight)
      #expect(style.lineHeightSp == nil)
      #expect(style.allCaps == (name == "Button" || name == "Overline"))
    }
    #expect(MaterialTextAppearance.material2.count == 13)
  }

  @Test("Compose Material's h1…h6 are Material 2's Headline1…6")
  func material2_composeNames() throws {
    #expect(try MaterialTextAppearance(parsing: "h6").name == "Headline6")
    #expect(try MaterialTextAppearance(parsing: "typography.h1").sizeSp == 96)
    #expect(try MaterialTextAppearance(parsing: "h6").trackingSp == 0.15)
    // Compose Material sets line heights MDC's styles do not.
    let h1 = try MaterialTextAppearance(parsing: "h1")
    #expect(h1.composeLineHeightSp == 112 && h1.lineHeightSp == nil)
    #expect(try MaterialTextAppearance(parsing: "overline").composeLineHeightSp == 16)
    #expect(try MaterialTextAppearance(parsing: "button").trackingSp == 1.25)
    #expect(
      try MaterialTextAppearance(parsing: "TextAppearance.Material.Title").composeLineHeightSp
        == nil)
  }

  /// android.md §3.3: platform `dimens_material.xml`.
  @Test(
    "Every platform text appearance resolves",
    arguments: [
      ("Display4", 112.0), ("Display3", 56), ("Display2", 45), ("Display1", 34),
      ("Headline", 24), ("Title", 20), ("Subhead", 16), ("Menu", 16), ("Body2", 14),
      ("Body1", 14), ("Caption", 12), ("Button", 14), ("Large", 22), ("Medium", 18),
      ("Small", 14),
    ])
  func platform_resolves(name: String, size: Double) throws {
    for text in [
      "TextAppearance.Material.\(name)", "TextAppearance.AppCompat.\(name)",
      "@android:style/TextAppearance.Material.\(name)",
    ] {
      let style = try MaterialTextAppearance(parsing: text)
      #expect(style.system == .platform, "\(text)")
      #expect(style.name == name)
      #expect(style.sizeSp == size)
      #expect(style.lineHeightSp == nil)
    }
  }

  @Test("Classic TextAppearance.Small/Medium/Large and their theme attributes")
  func platform_classic() throws {
    #expect(try MaterialTextAppearance(parsing: "TextAppearance.Small").sizeSp == 14)
    #expect(try MaterialTextAppearance(parsing: "TextAppearance.Medium").sizeSp == 18)
    #expect(try MaterialTextAppearance(parsing: "TextAppearance.Large").sizeSp == 22)
    let attr = try MaterialTextAppearance(parsing: "?android:attr/textAppearanceSmall")
    #expect(attr.system == .platform && attr.sizeSp == 14)
    #expect(attr.styleName == "TextAppearance.Small")
    // A bare Body1 is Material 2's (16 sp); the platform's is qualified (14 sp).
    #expect(try MaterialTextAppearance(parsing: "Body1").sizeSp == 16)
    #expect(try MaterialTextAppearance(parsing: "TextAppearance.Material.Body1").sizeSp == 14)
    #expect(try MaterialTextAppearance(parsing: "TextAppearance.Material.Button").allCaps)
    // AppCompat's abc_font_family_*_material: light Display4; medium Title, Body2, Button.
    let weights = MaterialTextAppearance.platform.map { "\($0.name) \($0.weight.value)" }
    #expect(weights.contains("Display4 300") && weights.contains("Title 500"))
    #expect(weights.contains("Body2 500") && weights.contains("Button 500"))
    #expect(weights.contains("Menu 400") && weights.contains("Body1 400"))
  }

  @Test("An unknown name lists the Material 3 roles and the closest match")
  func parsing_unknown() {
    let error = #expect(throws: MetricsError.self) {
      try MaterialTextAppearance(parsing: "labelLarj")
    }
    #expect(error?.code == .unknownTextStyle)
    let message = error?.message ?? ""
    #expect(message.contains("\"labelLarj\""))
    #expect(message.contains("did you mean labelLarge?"))
    #expect(message.contains("displayLarge, displayMedium"))
    #expect(message.contains("labelSmall"))
    let qualified = #expect(throws: MetricsError.self) {
      try MaterialTextAppearance(parsing: "TextAppearance.Material3.BodyLareg")
    }
    #expect(qualified?.message.contains("did you mean bodyLarge?") == true)
    let far = #expect(throws: MetricsError.self) {
      try MaterialTextAppearance(parsing: "zzzzzzzzzzzzzzzz")
    }
    #expect(far?.message.contains("did you mean") == false)
    let long = #expect(throws: MetricsError.self) {
      try MaterialTextAppearance(parsing: String(repeating: "a", count: 201))
    }
    #expect(long?.message.contains("200") == true)
  }

  @Test(
    "iOS text styles map to the nearest Material 3 role",
    arguments: [
      (TextStyle.body, "bodyLarge"), (.headline, "titleMedium"), (.title1, "headlineMedium"),
      (.largeTitle, "headlineLarge"), (.title2, "headlineSmall"), (.title3, "titleLarge"),
      (.subheadline, "titleSmall"), (.callout, "bodyMedium"), (.footnote, "bodySmall"),
      (.caption1, "bodySmall"), (.caption2, "labelSmall"), (.extraLargeTitle, "displaySmall"),
      (.extraLargeTitle2, "headlineMedium"),
    ])
  func textStyle_materialRole(style: TextStyle, role: String) {
    #expect(style.materialRole.name == role)
    #expect(style.materialRole.system == .material3)
  }

  @Test func textStyle_everyStyleHasARole() {
    #expect(
      TextStyle.allCases.allSatisfy { MaterialTextAppearance.material3.contains($0.materialRole) })
  }

  @Test("An iOS style in an Android rule names the Material 3 role to use")
  func textStyle_errorInAndroidRule() {
    let body = TextStyle.body.errorInAndroidRule()
    #expect(body.code == .invalidValue)
    #expect(
      body.message.hasPrefix(
        "an iOS text style in an Android rule: use textAppearance \"bodyLarge\""))
    #expect(body.message.contains("16 sp, 24 sp line height"))
    #expect(TextStyle.headline.errorInAndroidRule().message.contains("\"titleMedium\""))
  }

  @Test(
    "Each toolkit's letter spacing and line height: MDC's em and View line height, Compose's sp",
    arguments: [
      // (role, toolkit, letter spacing in em, line height in sp)
      ("labelLarge", AndroidToolkit.view, 0.00714286, 20.0 as Double?),
      ("labelLarge", .compose, 0.1 / 14, 20),
      ("Headline6", .view, 0.0125, nil),  // MDC's Material 2 styles set no line height
      ("Headline6", .compose, 0.15 / 20, 24),  // Compose Material's h6 does
      ("Body1", .view, 0.03125, nil),
      ("Body1", .compose, 0.5 / 16, 24),
    ])
  func toolkitSpacing(role: String, toolkit: AndroidToolkit, em: Double, lineHeight: Double?)
    throws
  {
    let appearance = try MaterialTextAppearance(parsing: role)
    #expect(abs(appearance.letterSpacing(for: toolkit) - em) < 1e-6)
    #expect(appearance.lineHeight(for: toolkit) == lineHeight)
  }
}
