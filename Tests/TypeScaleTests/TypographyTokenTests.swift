// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleTestSupport

/// One registry with the fixture family "TypeScale Fixture" registered.
private let tokenRegistry: FontRegistry = {
  do {
    let registry = try FontRegistry()
    for name in ["Fixture-Regular.ttf", "Fixture-Bold.ttf", "Fixture-SemiBold.ttf"] {
      try registry.register(fileAt: Fixtures.font(name))
    }
    return registry
  } catch {
    preconditionFailure("fixtures must register: \(error)")
  }
}()

/// An app's own type scale, as the first users write it: an enum of tokens.
private enum FontStyle: String, CaseIterable, TypographyToken {
  case body, headline, button, overline, tabLabel

  var style: Typography.Style {
    switch self {
    case .body: .init(family: "TypeScale Fixture", size: 14)
    case .headline: .init(family: "TypeScale Fixture", weight: .semibold, size: 17)
    case .button:
      .init(
        family: "TypeScale Fixture", weight: .semibold, size: 15, sizing: .relative(to: .callout))
    case .overline: .init(family: "TypeScale Fixture", size: 11, sizing: .fixed)
    case .tabLabel: .init(family: "TypeScale Fixture", size: 10, maximumPointSize: 14)
    }
  }
}

@Suite struct TypographyTokenTests {
  private static let json = Data(
    """
    { "name": "App", "defaults": { "family": "TypeScale Fixture" },
      "styles": { "body": { "size": 14 }, "headline": { "size": 17, "weight": "semibold" } },
      "tokens": {
        "button": { "size": 15, "weight": "semibold", "relativeTo": "callout" },
        "overline": { "size": 11, "sizing": "fixed" },
        "tabLabel": { "size": 10, "maximumPointSize": 14 } } }
    """.utf8)

  /// Sizes at AX3: callout's leading ratio for button, none for overline, body's for tabLabel
  /// capped at 14; headline in the SemiBold face.
  @Test func enumTokens_andJSONTokens_resolveAlike() throws {
    let fromEnum = try Typography(name: "App", tokens: FontStyle.allCases) { $0.style }
    let fromJSON = try Typography.load(json: Self.json)
    #expect(fromJSON.tokenNames == ["button", "overline", "tabLabel"])
    for typography in [fromEnum, fromJSON] {
      let user = DynamicType(
        registry: tokenRegistry, typography: typography, category: .accessibilityExtraLarge)
      let button = try user.font(for: FontStyle.button)
      #expect(button.face.postScriptName == "TypeScaleFixture-SemiBold")
      let callout = try FontSizing.relative(to: .callout).resolve(15, in: .accessibilityExtraLarge)
      #expect(button.pointSize == callout.points)
      #expect(try user.font(for: FontStyle.overline).pointSize == 11)
      #expect(try user.font(for: FontStyle.tabLabel).pointSize == 14)
      #expect(
        try user.font(for: FontStyle.headline).face.postScriptName == "TypeScaleFixture-SemiBold")
      let body = try FontSizing.relative(to: .body).resolve(14, in: .accessibilityExtraLarge)
      #expect(try user.font(for: FontStyle.body).pointSize == body.points)
      #expect(body.points == 31)  // body's leading ratio at AX3, rounded to whole points
    }
  }

  /// Apple: `Font.custom(_:size:)` "scales with the body text style" (MatchingUIKit, S20): a
  /// token with no sizing follows body's leading ratio at every category, in Swift and JSON.
  @Test func tokenWithoutSizing_scalesLikeBody() throws {
    var typography = Typography(name: "t")
    try typography.setToken("chip", .init(family: "TypeScale Fixture", size: 13))
    let json = try Typography.load(
      json: Data(#"{"styles": {}, "tokens": {"chip": {"size": 13}}}"#.utf8))
    #expect(json[token: "chip"]?.sizing == .scalesWithBody)
    for category in ContentSizeCategory.allCases {
      let body = try FontSizing.relative(to: .body).resolve(13, in: category).points
      for scale in [typography, json] {
        let user = DynamicType(registry: tokenRegistry, typography: scale, category: category)
        #expect(try user.font(for: Typography.TokenName("chip")).pointSize == body, "\(category)")
      }
    }
  }

  @Test func tokenName_atRunTime_andUnknownNamesListWhatIsValid() throws {
    let typography = try Typography.load(json: Self.json)
    let user = DynamicType(registry: tokenRegistry, typography: typography)
    #expect(try user.font(for: Typography.TokenName("overline")).pointSize == 11)
    #expect(try user.font(for: Typography.TokenName("Large Title")).pointSize == 34)
    let error = #expect(throws: TypeScaleError.self) {
      try user.font(for: Typography.TokenName("buton"))
    }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("\"buton\"") == true)
    #expect(error?.message.contains("its tokens are button, overline, tabLabel") == true)
  }

  @Test func layoutAndSweep_takeTokens() throws {
    let typography = try Typography.load(json: Self.json)
    let user = DynamicType(registry: tokenRegistry, typography: typography)
    let sweep = try user.sweep("Subscribe", token: FontStyle.overline)
    #expect(sweep.count == 12)
    #expect(Set(sweep.map(\.layout.lines.count)) == [1])
    let widths = Set(sweep.map(\.layout.exactWidth))
    #expect(widths.count == 1)  // fixed: the same size at every category
    let one = try user.with(category: .extraExtraExtraLarge).layout(
      "Subscribe", token: FontStyle.overline)
    #expect(one.exactWidth == sweep[0].layout.exactWidth)
  }

  struct BadName: Sendable, CustomTestStringConvertible {
    let name: String
    let why: String
    var testDescription: String { "\"\(name)\" (\(why))" }
  }

  @Test(arguments: [
    BadName(name: "", why: "empty"), BadName(name: "1up", why: "digit first"),
    BadName(name: "tab label", why: "space"), BadName(name: "a\tb", why: "tab"),
    BadName(name: "body", why: "a text style"), BadName(name: "Large Title", why: "a text style"),
    BadName(name: String(repeating: "a", count: 65), why: "too long"),
    BadName(name: "버튼", why: "not ASCII"),
  ])
  func invalidTokenNames_areRefused(_ bad: BadName) {
    var typography = Typography(name: "t")
    #expect(throws: TypeScaleError.self) {
      try typography.setToken(bad.name, .init(family: "Noto Sans", size: 12))
    }
    let json = Data(
      #"{"styles": {}, "tokens": {"\#(bad.name.replacingOccurrences(of: "\t", with: "\\t"))": {"size": 12}}}"#
        .utf8)
    #expect(throws: TypeScaleError.self) { try Typography.load(json: json) }
  }

  @Test func jsonToken_withoutASize_isAProblemWithItsPath() {
    let json = Data(#"{"styles": {}, "tokens": {"button": {"weight": 600}}}"#.utf8)
    let error = #expect(throws: TypeScaleError.self) { try Typography.load(json: json) }
    #expect(error?.problems == ["$.tokens.button.size: give the token's size at Large, in points"])
  }

  @Test func duplicateEnumNames_areRefused() {
    #expect(throws: TypeScaleError.self) {
      try Typography(name: "t", tokens: ["a", "a"].map { Typography.TokenName($0) }) { _ in
        .init(family: "Noto Sans", size: 12)
      }
    }
  }
}
