// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleLayout
import TypeScaleMetrics

/// One text to measure: a string in a font and style at a category, width and line limit.
///
/// The point size and face are the ones the text has on an iPhone at that setting (``Sizing``):
/// - For a case of the suite's typography (the font ``GoldenSuite/typographyAlias``), the app's
///   own: `DynamicType` with the typography gives the style's or token's size at the category
///   (relative to a text style, fixed, or capped at a maximum, as the typography says; a body of
///   maximum 32 pt is 32 pt at AX5, a caption2 fixed at 11 pt stays 11 pt) and its face (a
///   semibold headline draws in the family's SemiBold face). `GoldenMeasurer` measures these.
/// - For TypeScale's embedded default font, which stands for the system font, the system text
///   style's own size at the category (`UIFont.preferredFont(forTextStyle:)`,
///   `FontSizing.system(_:)`: body is 53 pt at AX5).
/// - For font files, the style's size at Large scaled as `UIFontMetrics` scales a custom font
///   (`FontSizing.relative(to:)`: a 17 pt body is 48 pt at AX5).
///
/// Outside a typography the face is the font's own whatever the style: the embedded default
/// draws every style in Noto Sans Regular.
///
/// The text is laid out as a `UILabel` lays it out unless ``target`` says otherwise: Apple's
/// standard line-break strategy (push-out and Hangul word priority). Golden files record the
/// exact width and height, before a label's pixel rounding.
public struct GoldenCase: Hashable, Sendable {
  /// How a case's point size follows the content-size category.
  public enum Sizing: String, Hashable, Sendable, CaseIterable {
    /// The system text style's own size at the category, from the size table
    /// (`UIFont.preferredFont(forTextStyle:)`): the default for the embedded font.
    case system
    /// The style's size at Large scaled by the style's leading ratio, as `UIFontMetrics` and
    /// `Font.custom(_:size:relativeTo:)` scale a custom font: the default for font files.
    case relative
    /// The suite's typography decides, as `DynamicType` does for the app: its family, weight,
    /// size at Large and sizing (relative, fixed, a maximum) for the style or token. The sizing
    /// of every case of the ``GoldenSuite/typographyAlias`` font.
    case typography
  }

  /// A stable identifier, unique in its suite: `set/text/font/style/category/width`.
  public var id: String
  /// The text.
  public var text: String
  /// The alias of a ``GoldenFont`` of the suite.
  public var font: String
  /// The text style whose size and scaling apply (body when ``token`` is set).
  public var style: TextStyle
  /// A custom token of the suite's typography (`button`, `overline`), or `nil` when the case
  /// names an Apple text style (``style``); only cases of the typography's font have tokens.
  public var token: String?
  /// Whether the text must fit: a case that is truncated or wider than its width fails when
  /// recorded and when verified, not only when it changes (the cases file's `mustFit`).
  public var mustFit: Bool = false
  /// Whether characters no font draws fail the case when recorded and verified.
  ///
  /// Otherwise they are only a warning. The cases file's `strict`; `--strict` on the goldens
  /// commands sets it for every case. Like ``mustFit``, not written to golden files.
  public var strict: Bool = false
  /// The content-size category.
  public var category: ContentSizeCategory
  /// How the point size follows the category; `nil` for the font's default (``Sizing/system``
  /// for the embedded font, ``Sizing/relative`` for font files, ``Sizing/typography`` for the
  /// suite's typography, the only sizing its cases take).
  public var sizing: Sizing?
  /// The wrapping width in points, or `nil` for one line per paragraph.
  public var width: Double?
  /// The most lines; 0 for no limit.
  public var lineLimit: Int
  /// How text past the limit is cut.
  public var truncation: LayoutOptions.Truncation
  /// The Apple API whose defaults apply: a `UILabel` unless set.
  public var target: LayoutTarget
  /// How lines break; `nil` for the ``target``'s default (Apple's standard strategy for a label,
  /// none for an attributed string).
  public var strategy: LayoutOptions.LineBreakStrategy?
  /// The BCP 47 language, or `nil`.
  public var language: String?
  /// How an Android case is sized (font scale, `sp` size or Material role, release, density),
  /// or `nil` for an iOS case.
  ///
  /// An Android case's ``target`` is `LayoutTarget.textView` or `LayoutTarget.compose`; its
  /// ``category``, ``style`` and ``sizing`` do not apply (they stay Large, body and `nil`).
  public var android: GoldenAndroidSizing?

  /// Whether the case is an Android one (``android`` is set).
  public var isAndroid: Bool { android != nil }

  /// The style or token the case names, as golden files write it: the token, or the text
  /// style's UIKit name; for an Android case its Material role or its size in `sp` (`14sp`).
  public var styleName: String { android?.sizeName ?? token ?? style.rawValue }

  /// The size step as ids and golden files write it: the category's short name (`AX3`) or, for
  /// an Android case, the font scale (`1.3x`).
  public var stepName: String { android?.stepName ?? category.shortName }

  /// The size step as summaries write it: `AX3`, or `1.3×` for an Android case.
  public var stepDisplayName: String {
    android.map { GoldenAndroidSizing.displayName(ofScale: $0.fontScale) } ?? category.shortName
  }

  /// The sizing as golden files write it: the iOS sizing (`system`, `relative`,
  /// `typography`; `relative` when unknown), or an Android case's release and density
  /// (`android16@2.625x`).
  public var sizingName: String { android?.sizingName ?? (sizing ?? .relative).rawValue }

  /// The order of size steps: the category's index, or the font scale.
  var stepOrder: Double {
    android?.fontScale ?? Double(ContentSizeCategory.allCases.firstIndex(of: category) ?? 0)
  }

  /// Creates a case.
  ///
  /// - Parameters:
  ///   - id: A stable identifier, unique in the suite.
  ///   - text: The text.
  ///   - font: A font alias of the suite.
  ///   - style: The text style.
  ///   - category: The content-size category.
  ///   - sizing: How the point size follows the category; `nil` for the font's default.
  ///   - width: The wrapping width in points, or `nil`.
  ///   - lineLimit: The most lines; 0 for no limit.
  ///   - truncation: How text past the limit is cut.
  ///   - target: The Apple API whose defaults apply; a label by default.
  ///   - strategy: How lines break; `nil` for the target's default.
  ///   - language: The BCP 47 language, or `nil`.
  ///   - token: A custom token of the suite's typography, or `nil` for ``style``.
  ///   - mustFit: Whether the text must fit (not truncated, not wider than `width`).
  ///   - strict: Whether characters no font draws fail the case.
  public init(
    id: String, text: String, font: String = "default", style: TextStyle = .body,
    category: ContentSizeCategory = .large, sizing: Sizing? = nil, width: Double? = nil,
    lineLimit: Int = 0, truncation: LayoutOptions.Truncation = .tail,
    target: LayoutTarget = .label, strategy: LayoutOptions.LineBreakStrategy? = nil,
    language: String? = nil, token: String? = nil, mustFit: Bool = false, strict: Bool = false
  ) {
    self.token = token
    self.mustFit = mustFit
    self.strict = strict
    self.id = id
    self.text = text
    self.font = font
    self.style = style
    self.category = category
    self.sizing = sizing
    self.width = width
    self.lineLimit = lineLimit
    self.truncation = truncation
    self.target = target
    self.strategy = strategy
    self.language = language
  }

  /// The line-break strategy that applies: ``strategy``, or the ``target``'s.
  public var effectiveStrategy: LayoutOptions.LineBreakStrategy {
    strategy ?? target.lineBreakStrategy
  }

  /// The layout options the case is measured with.
  public var layoutOptions: LayoutOptions {
    var options = LayoutOptions(
      width: width, lineLimit: lineLimit, truncation: truncation, target: target)
    options.lineBreakStrategy = strategy
    options.language = language
    return options
  }

  /// The sizing that applies: ``sizing``, or the font's default.
  ///
  /// - Parameter embedded: Whether the case's font is TypeScale's embedded default.
  /// - Returns: ``Sizing/typography`` for a case of the suite's typography (the font
  ///   ``GoldenSuite/typographyAlias``), otherwise ``Sizing/system`` for the embedded font and
  ///   ``Sizing/relative`` for font files.
  public func effectiveSizing(embedded: Bool) -> Sizing {
    sizing
      ?? (font == GoldenSuite.typographyAlias ? .typography : embedded ? .system : .relative)
  }

  /// The case's point size outside a typography: the style's size at Large (the iOS table)
  /// resolved for the category by ``effectiveSizing(embedded:)``.
  ///
  /// A case of the suite's typography takes its size from the typography, which this value
  /// does not hold: `GoldenMeasurer` resolves it through `DynamicType` (its records give it as
  /// `pointSize`).
  ///
  /// - Parameter embedded: Whether the case's font is TypeScale's embedded default.
  /// - Returns: The resolved size.
  /// - Throws: `MetricsError` for a style the iOS table cannot scale (`extraLargeTitle`), for a
  ///   case whose sizing is ``Sizing/typography``, or for an Android case (``android``).
  public func pointSize(embedded: Bool) throws(MetricsError) -> ResolvedSize {
    if let android {
      throw MetricsError(
        .invalidValue,
        "case \(id): an Android case (\(android.sizeName) at font scale \(android.stepName)) is "
          + "sized by AndroidText in dp, not by the iOS table; GoldenMeasurer resolves it")
    }
    let sizing = effectiveSizing(embedded: embedded)
    guard sizing != .typography else {
      let alias = GoldenSuite.typographyAlias
      throw MetricsError(
        .invalidValue,
        "case \(id): sizing typography is for the cases of the suite's typography (font "
          + "\"\(alias)\"), whose sizes the typography sets and GoldenMeasurer resolves "
          + "through DynamicType" + (font == alias ? "" : "; this case's font is \"\(font)\""))
    }
    let design = try DesignSize(try SizeTable.iOS.entry(for: style, at: .large).pointSize)
    let scaling = sizing == .system ? FontSizing.system(style) : .relative(to: style)
    return try scaling.resolve(design, in: category)
  }

  /// The spellings of ``target`` in cases and golden files, in help order.
  static let targetNames = ["label", "attributed-string"]
  /// The spellings of an Android case's ``target``.
  static let androidTargetNames = ["textview", "compose"]

  /// The file spelling of a target: `label` or `attributed-string`.
  static func name(of target: LayoutTarget) -> String {
    switch target {
    case .label: "label"
    case .attributedString: "attributed-string"
    case .textView: "textview"
    case .compose: "compose"
    }
  }

  /// The target a file spelling names, or `nil`.
  static func target(named name: String) -> LayoutTarget? {
    switch name {
    case "label": .label
    case "attributed-string": .attributedString
    case "textview": .textView
    case "compose": .compose
    default: nil
    }
  }
}

/// A font a suite refers to by alias: TypeScale's embedded default, or font files (the first
/// file's first face is the primary, the others its cascade).
public struct GoldenFont: Hashable, Sendable {
  /// The alias cases use, such as `default` or `kr`.
  public var alias: String
  /// The files, as written in the cases file (relative to it, or absolute); empty for the
  /// embedded default.
  public var paths: [String]

  /// The embedded default font under an alias.
  ///
  /// - Parameter alias: The alias; `default` by default.
  /// - Returns: The font.
  public static func embedded(_ alias: String = "default") -> GoldenFont {
    GoldenFont(alias: alias, paths: [])
  }

  /// Font files under an alias.
  ///
  /// - Parameters:
  ///   - alias: The alias cases use.
  ///   - paths: The files: the primary first, then its cascade.
  public init(alias: String, paths: [String]) {
    self.alias = alias
    self.paths = paths
  }

  var isEmbedded: Bool { paths.isEmpty }
}

/// Fonts and cases: what a golden file holds the engine to.
public struct GoldenSuite: Hashable, Sendable {
  /// The font alias of the cases measured in the suite's ``typography``: `typography`.
  public static let typographyAlias = "typography"

  /// The fonts, by alias.
  public var fonts: [GoldenFont]
  /// The app's type scale the ``typographyAlias`` cases are measured in: a typography file
  /// (relative to the cases file, or absolute), or `nil` when the suite has none.
  public var typography: String?
  /// Font folders registered for the typography (relative to the cases file, or absolute).
  public var fontFolders: [String] = []
  /// The cases file the suite was read from, or `nil` for a suite made in code.
  ///
  /// Its path is relative to the folder the suite's paths start from (or absolute), with its
  /// SHA-256. Golden files record it (`# cases:`) so that verifying can tell a changed cases
  /// file from a changed layout.
  public var casesFile: GoldenSourceFile?
  /// The cases, in file order.
  public var cases: [GoldenCase]
  /// Deprecated spellings the cases file used, one sentence each
  /// (`$.sets[0].strategy: "hangulwordpriority" is deprecated; use "hangul-word-priority"`);
  /// `typescale goldens record` prints them as warnings.
  public var warnings: [String] = []

  /// Creates a suite.
  ///
  /// - Parameters:
  ///   - fonts: The fonts the cases refer to.
  ///   - cases: The cases.
  public init(fonts: [GoldenFont], cases: [GoldenCase]) {
    self.fonts = fonts
    self.cases = cases
  }

  /// The cases of shard `index` of `count` (1-based): a stable partition by case id (FNV-1a),
  /// so a CI matrix can split a suite across machines and every case lands in exactly one shard.
  ///
  /// - Parameter shard: The shard.
  /// - Returns: The suite restricted to that shard's cases.
  public func shard(_ shard: Shard) -> GoldenSuite {
    var copy = self
    copy.cases = cases.filter { shard.contains($0.id) }
    return copy
  }
}
