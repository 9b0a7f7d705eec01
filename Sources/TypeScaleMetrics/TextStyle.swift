// SPDX-License-Identifier: Apache-2.0

/// A semantic text style, such as body or headline, whose size follows the content-size category.
///
/// The cases match UIKit's `UIFont.TextStyle`; SwiftUI's `Font.TextStyle` names (`title`,
/// `caption`) and CoreText's constants (`UICTFontTextStyleTitle0`) parse too.
///
/// ```swift
/// let style = try TextStyle(parsing: "title")     // .title1, SwiftUI's name
/// style.uiKitName                                  // "title1"
/// style.coreTextName                               // "UICTFontTextStyleTitle1"
/// ```
///
/// `extraLargeTitle` and `extraLargeTitle2` exist in the iOS 17 SDK, but Apple publishes their
/// sizes only at the default category (36 pt and 28 pt, Bold). TypeScale records those two numbers
/// and refuses to scale the styles rather than invent the other eleven categories: see
/// ``SizeTable/entry(for:at:)`` and ``FontMetrics/init(forTextStyle:table:)``.
public enum TextStyle: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// Large Title: 34 pt at Large on iOS.
  case largeTitle
  /// Title 1 (SwiftUI `.title`): 28 pt at Large on iOS.
  case title1
  /// Title 2: 22 pt at Large on iOS.
  case title2
  /// Title 3: 20 pt at Large on iOS.
  case title3
  /// Headline: 17 pt Semibold at Large on iOS.
  case headline
  /// Subheadline: 15 pt at Large on iOS.
  case subheadline
  /// Body: 17 pt at Large on iOS. ``FontMetrics/default`` scales like body.
  case body
  /// Callout: 16 pt at Large on iOS.
  case callout
  /// Footnote: 13 pt at Large on iOS.
  case footnote
  /// Caption 1 (SwiftUI `.caption`): 12 pt at Large on iOS.
  case caption1
  /// Caption 2: 11 pt at Large on iOS.
  case caption2
  /// Extra Large Title (iOS 17 SDK, visionOS): 36 pt Bold at Large; other categories unpublished.
  case extraLargeTitle
  /// Extra Large Title 2 (iOS 17 SDK, visionOS): 28 pt Bold at Large; other categories unpublished.
  case extraLargeTitle2

  /// UIKit's name, such as `title1`; the same as the raw value.
  public var uiKitName: String { rawValue }

  /// SwiftUI's `Font.TextStyle` name: `title` for Title 1, `caption` for Caption 1, otherwise
  /// UIKit's name.
  public var swiftUIName: String {
    switch self {
    case .title1: "title"
    case .caption1: "caption"
    default: rawValue
    }
  }

  /// The human name used by Apple's Human Interface Guidelines, such as `Title 1`.
  public var displayName: String {
    switch self {
    case .largeTitle: "Large Title"
    case .title1: "Title 1"
    case .title2: "Title 2"
    case .title3: "Title 3"
    case .headline: "Headline"
    case .subheadline: "Subheadline"
    case .body: "Body"
    case .callout: "Callout"
    case .footnote: "Footnote"
    case .caption1: "Caption 1"
    case .caption2: "Caption 2"
    case .extraLargeTitle: "Extra Large Title"
    case .extraLargeTitle2: "Extra Large Title 2"
    }
  }

  /// CoreText's text-style constant, the value behind `kCTUIFontTextStyle…`, such as
  /// `UICTFontTextStyleTitle0` for Large Title (reference/dynamic-type.md §1.3).
  public var coreTextName: String {
    switch self {
    case .largeTitle: "UICTFontTextStyleTitle0"
    case .title1: "UICTFontTextStyleTitle1"
    case .title2: "UICTFontTextStyleTitle2"
    case .title3: "UICTFontTextStyleTitle3"
    case .headline: "UICTFontTextStyleHeadline"
    case .subheadline: "UICTFontTextStyleSubhead"
    case .body: "UICTFontTextStyleBody"
    case .callout: "UICTFontTextStyleCallout"
    case .footnote: "UICTFontTextStyleFootnote"
    case .caption1: "UICTFontTextStyleCaption1"
    case .caption2: "UICTFontTextStyleCaption2"
    case .extraLargeTitle: "UICTFontTextStyleExtraLargeTitle"
    case .extraLargeTitle2: "UICTFontTextStyleExtraLargeTitle2"
    }
  }

  /// UIKit's name, as printed by `print(style)`.
  public var description: String { rawValue }

  /// Parses a style from UIKit's, SwiftUI's or CoreText's name, ignoring case, spaces, hyphens and
  /// underscores (`Large Title`, `large-title` and `largeTitle` all parse).
  ///
  /// - Parameter name: The name to parse.
  /// - Throws: ``MetricsError/Code/unknownTextStyle`` listing the valid names.
  public init(parsing name: String) throws(MetricsError) {
    if let found = Self._lookup[Self._key(name)] {
      self = found
      return
    }
    throw MetricsError(
      .unknownTextStyle,
      "unknown text style \"\(MetricsError.quoted(name))\"; valid styles: "
        + Self.allCases.map(\.rawValue).joined(separator: ", "))
  }

  private static let _lookup: [String: TextStyle] = {
    var table: [String: TextStyle] = [:]
    for style in allCases {
      for name in [style.rawValue, style.swiftUIName, style.displayName, style.coreTextName] {
        table[_key(name)] = style
      }
    }
    return table
  }()

  private static func _key(_ name: String) -> String {
    ContentSizeCategory.normalize(name).filter { $0 != " " && $0 != "-" && $0 != "_" }
  }
}
