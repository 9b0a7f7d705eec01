// SPDX-License-Identifier: Apache-2.0

import TypeScaleLayout
import TypeScaleMetrics

/// One text to measure: a string in a font and style at a category, width and line limit.
///
/// The point size follows `UIFontMetrics`: the style's size at Large, scaled relative to the style
/// for the category (`FontSizing.relative(to:)`), so a case holds a label to the size it has on
/// an iPhone at that setting.
public struct GoldenCase: Hashable, Sendable {
  /// A stable identifier, unique in its suite: `set/text/font/style/category/width`.
  public var id: String
  /// The text.
  public var text: String
  /// The alias of a ``GoldenFont`` of the suite.
  public var font: String
  /// The text style whose size and scaling apply.
  public var style: TextStyle
  /// The content-size category.
  public var category: ContentSizeCategory
  /// The wrapping width in points, or `nil` for one line per paragraph.
  public var width: Double?
  /// The most lines; 0 for no limit.
  public var lineLimit: Int
  /// How text past the limit is cut.
  public var truncation: LayoutOptions.Truncation
  /// How lines break.
  public var strategy: LayoutOptions.LineBreakStrategy
  /// The BCP 47 language, or `nil`.
  public var language: String?

  /// Creates a case.
  ///
  /// - Parameters:
  ///   - id: A stable identifier, unique in the suite.
  ///   - text: The text.
  ///   - font: A font alias of the suite.
  ///   - style: The text style.
  ///   - category: The content-size category.
  ///   - width: The wrapping width in points, or `nil`.
  ///   - lineLimit: The most lines; 0 for no limit.
  ///   - truncation: How text past the limit is cut.
  ///   - strategy: How lines break.
  ///   - language: The BCP 47 language, or `nil`.
  public init(
    id: String, text: String, font: String = "default", style: TextStyle = .body,
    category: ContentSizeCategory = .large, width: Double? = nil, lineLimit: Int = 0,
    truncation: LayoutOptions.Truncation = .tail,
    strategy: LayoutOptions.LineBreakStrategy = .standard, language: String? = nil
  ) {
    self.id = id
    self.text = text
    self.font = font
    self.style = style
    self.category = category
    self.width = width
    self.lineLimit = lineLimit
    self.truncation = truncation
    self.strategy = strategy
    self.language = language
  }

  /// The layout options the case is measured with.
  var options: LayoutOptions {
    var options = LayoutOptions(width: width, lineLimit: lineLimit, truncation: truncation)
    options.lineBreakStrategy = strategy
    options.language = language
    return options
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
  /// The fonts, by alias.
  public var fonts: [GoldenFont]
  /// The cases, in file order.
  public var cases: [GoldenCase]

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
  public func shard(_ shard: GoldenShard) -> GoldenSuite {
    GoldenSuite(fonts: fonts, cases: cases.filter { shard.contains($0.id) })
  }
}

/// One of N stable parts of a suite, `K/N`.
public struct GoldenShard: Hashable, Sendable, CustomStringConvertible {
  /// The shard, 1 through ``count``.
  public let index: Int
  /// The number of shards.
  public let count: Int

  /// Parses `K/N`.
  ///
  /// - Parameter text: Such as `2/4`.
  /// - Throws: ``GoldenError/Code/malformedCases`` unless 1 ≤ K ≤ N.
  public init(parsing text: String) throws(GoldenError) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
      (1...count).contains(index)
    else {
      throw GoldenError(
        .malformedCases, "shard \"\(text)\" is not valid; use K/N with 1 ≤ K ≤ N, such as 2/4")
    }
    self.index = index
    self.count = count
  }

  /// Whether a case id falls in this shard.
  ///
  /// - Parameter id: A case id.
  /// - Returns: `true` when FNV-1a(id) mod N is K − 1.
  public func contains(_ id: String) -> Bool {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return Int(hash % UInt64(count)) == index - 1
  }

  /// `K/N`.
  public var description: String { "\(index)/\(count)" }
}
