// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleMetrics

/// One text laid out at one content-size category.
public struct CategoryLayout: Sendable {
  /// The category.
  public let category: ContentSizeCategory
  /// The point size Apple's rules give at that category, with its provenance.
  public let size: ResolvedSize
  /// The layout at that size.
  public let layout: TextLayout
}

extension TextLayoutEngine {
  /// Lays a text out at every category of a range: the "across size categories" call.
  ///
  /// The font's point size is the *design* size at the default category (Large); each category's
  /// size comes from `sizing` with `UIFontMetrics`' rules (the style's leading ratio, rounded to
  /// whole points, then `maximumPointSize`). Runs are shaped once, in font units, and broken at
  /// each size; faces whose shaping depends on the size are shaped per size.
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
    let design: DesignSize
    do throws(MetricsError) {
      design = try DesignSize(font.pointSize)
    } catch {
      throw LayoutError(error)
    }
    try options.validate()
    let box = contexts.borrow()
    defer { contexts.giveBack(box) }
    // Size-independent work once: paragraphs, bidi, scripts, fonts (and break opportunities, the
    // first time a size needs them).
    var prepared = try prepare(text, font: font, options: options, context: box.context)
    // Shaped once, in font units, for every size.
    try preshape(&prepared, font: font, options: options, context: box.context)
    // The style's metrics once, rather than once per category in `sizing.resolve`.
    var metrics: FontMetrics?
    if let style = sizing.textStyle {
      do throws(MetricsError) {
        metrics = try FontMetrics(forTextStyle: style, table: table)
      } catch {
        throw LayoutError(error)
      }
    }
    var results: [CategoryLayout] = []
    for category in categories.categories where table.categories.contains(category) {
      let size: ResolvedSize
      do throws(MetricsError) {
        if let metrics {
          size = try metrics.scaledFont(
            for: design, maximumPointSize: maximumPointSize, in: category)
        } else {
          size = try sizing.resolve(
            design, in: category, table: table, maximumPointSize: maximumPointSize)
        }
      } catch {
        throw LayoutError(error)
      }
      let layout = try _layout(
        &prepared, font: try font.withSize(size.points), options: options, context: box.context)
      results.append(CategoryLayout(category: category, size: size, layout: layout))
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
