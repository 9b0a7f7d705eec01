// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleMetrics

/// One text laid out at one step of a `SizeScale`: a content-size category, an Android font
/// scale.
public struct SizeStepLayout<Scale: SizeScale>: Sendable {
  /// The step.
  public let step: Scale.Step
  /// The point size the scale gives at that step, with its provenance.
  public let size: Scale.Size
  /// The layout at that size.
  public let layout: TextLayout
}

/// One text laid out at one content-size category: what the sweeps over Apple's categories
/// return.
public typealias CategoryLayout = SizeStepLayout<ContentSizeScale>

extension SizeStepLayout where Scale == ContentSizeScale {
  /// The category (the ``step``).
  public var category: ContentSizeCategory { step }
}

extension TextLayoutEngine {
  /// Lays a text out at every category of a range: the "across size categories" call.
  ///
  /// The font's point size is the *design* size at the default category (Large); each category's
  /// size comes from `sizing` with `UIFontMetrics`' rules (the style's leading ratio, rounded to
  /// whole points, then `maximumPointSize`), through `ContentSizeScale`. This is
  /// ``sweep(_:font:scale:options:)`` with that scale. Runs are shaped once, in font units, and
  /// broken at each size; faces whose shaping depends on the size are shaped per size.
  ///
  /// ```swift
  /// let sweep = try engine.sweep("Continue", font: font, sizing: .relative(to: .headline),
  ///                              options: LayoutOptions(width: 120, lineLimit: 1))
  /// for entry in sweep { print(entry.category, entry.size.points, entry.layout.isTruncated) }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font; its point size is the design size at Large.
  ///   - sizing: How the size follows Dynamic Type; scales with body by default.
  ///   - categories: The categories to lay out at; all twelve by default.
  ///   - table: The platform's size table; iOS by default.
  ///   - maximumPointSize: A cap on the point size, or `nil`.
  ///   - options: Layout options, the same at every size.
  /// - Returns: One layout per category of `categories` that `table` has, smallest first.
  /// - Throws: ``LayoutError`` for invalid options or sizes (a style the table cannot scale).
  /// - Complexity: One shaping of each run, then O(n) per category.
  public func sweep(
    _ text: String, font: LayoutFont, sizing: FontSizing = .scalesWithBody,
    categories: DynamicTypeRange = .all, table: SizeTable = .iOS,
    maximumPointSize: Double? = nil, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> [CategoryLayout] {
    let scale: ContentSizeScale
    do throws(MetricsError) {
      scale = try ContentSizeScale(
        try DesignSize(font.pointSize), sizing: sizing, table: table,
        maximumPointSize: maximumPointSize, categories: categories)
    } catch {
      throw LayoutError(error)
    }
    return try sweep(text, font: font, scale: scale, options: options)
  }

  /// Lays a text out at every step of a size scale, shaping once: the one sweep, for any
  /// platform's steps.
  ///
  /// Each step's point size is `scale.size(at:)`; `font`'s own point size is used only to
  /// analyse the text. Runs are shaped once, in font units, and broken at each size; faces
  /// whose shaping depends on the size are shaped per size.
  ///
  /// ```swift
  /// let android = try AndroidFontScale(14, fontScales: [1, 1.3, 2])
  /// for entry in try engine.sweep("Continue", font: font, scale: android) {
  ///   print(entry.step, entry.size.points, entry.layout.width)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font: its face, variations, fallbacks and type-scale spacing.
  ///   - scale: The steps and their sizes.
  ///   - options: Layout options, the same at every size.
  /// - Returns: One layout per step of `scale`, in its order.
  /// - Throws: ``LayoutError`` for invalid options, a size the scale cannot give, or a font that
  ///   cannot be read.
  /// - Complexity: One shaping of each run, then O(n) per step.
  public func sweep<Scale: SizeScale>(
    _ text: String, font: LayoutFont, scale: Scale, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> [SizeStepLayout<Scale>] {
    let options = font.spacing.applied(to: options)
    try options.validate()
    let box = contexts.borrow()
    defer { contexts.giveBack(box) }
    // Size-independent work once: paragraphs, bidi, scripts, fonts (and break opportunities, the
    // first time a size needs them).
    var prepared = try prepare(text, font: font, options: options, context: box.context)
    // Shaped once, in font units, for every size.
    try preshape(&prepared, font: font, options: options, context: box.context)
    var results: [SizeStepLayout<Scale>] = []
    for step in scale.steps {
      let size: Scale.Size
      do throws(MetricsError) {
        size = try scale.size(at: step)
      } catch {
        throw LayoutError(error)
      }
      let layout = try _layout(
        &prepared, font: try font.withSize(size.points), options: options, context: box.context)
      results.append(SizeStepLayout(step: step, size: size, layout: layout))
    }
    return results
  }

  /// The largest category at which a text fits a width and a line limit.
  ///
  /// Fitting means no truncation and no word broken between letters: "does this German button
  /// title still fit at AX3?"
  ///
  /// This is stricter than a `UILabel`: with `byWordWrapping` ("wrapping occurs at word
  /// boundaries, unless the word doesn't fit on a single line") a label splits a word wider than
  /// its width between characters and shows it without an ellipsis, so the label itself reports
  /// no truncation. A split word is almost always a bug in a UI string, so TypeScale does not
  /// count it as fitting. For the label's own answer, take the last layout of
  /// ``sweep(_:font:sizing:categories:table:maximumPointSize:options:)`` that is not truncated.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font; its point size is the design size at Large.
  ///   - width: The width in points.
  ///   - lineLimit: The most lines; 1 for a button title.
  ///   - sizing: How the size follows Dynamic Type; scales with body by default.
  ///   - categories: The categories to consider; all twelve by default.
  ///   - table: The platform's size table; iOS by default.
  ///   - options: Other layout options (width and line limit are replaced).
  /// - Returns: The largest fitting category, or `nil` when it fits at none.
  /// - Throws: ``LayoutError`` for invalid options or sizes.
  public func largestFittingCategory(
    _ text: String, font: LayoutFont, width: Double, lineLimit: Int,
    sizing: FontSizing = .scalesWithBody, categories: DynamicTypeRange = .all,
    table: SizeTable = .iOS, options: LayoutOptions = LayoutOptions()
  ) throws(LayoutError) -> ContentSizeCategory? {
    var fitting = options
    fitting.width = width
    fitting.lineLimit = lineLimit
    fitting.minimumScaleFactor = 1
    let layouts = try sweep(
      text, font: font, sizing: sizing, categories: categories, table: table, options: fitting)
    return layouts.last { !$0.layout.isTruncated && !$0.layout.breaksWords }?.category
  }
}
