// SPDX-License-Identifier: Apache-2.0

import Foundation

/// TypeScale's entry point: a registry, a typography and a user's content-size category, with
/// the calls a service makes — `scaledFont(for:textStyle:)`, `font(for:)`, `scaledValue(for:)`,
/// `layout(_:style:width:options:)` and the twelve-category sweep.
///
/// It is a value, cheap to copy (the registry and the layout engine are shared references) and
/// safe to use from many requests at once; the category is part of the value, so each request
/// carries its own with ``with(category:)`` — there is no global state.
///
/// ```swift
/// let registry = try FontRegistry()
/// try registry.registerFonts(in: URL(fileURLWithPath: "Fonts"))
/// let base = DynamicType(registry: registry, typography: try Typography.load(typographyURL))
///
/// // Per request:
/// let user = base.with(category: try ContentSizeCategory(parsing: request.category))
/// let layout = try user.layout(caption, style: .body, width: 343)
/// let padding = try user.scaledValue(for: 16)              // @ScaledMetric
/// let font = try user.scaledFont(for: BaseFont("Pretendard", size: 17), textStyle: .body)
/// ```
///
/// Matches Apple: sizes scale by the style's leading ratio, fonts round to whole points then take
/// `maximumPointSize`, values round to the pixel grid (``displayScale``), a ``range`` clamps the
/// category as `dynamicTypeSize(_:)` and `UIView.maximumContentSizeCategory` do. Differs: unknown
/// font names resolve to the embedded default with diagnostics instead of failing silently.
public struct DynamicType: Sendable {
  /// The registry fonts resolve through.
  public let registry: FontRegistry
  /// The layout engine (its shape cache is shared by every copy).
  public let engine: TextLayoutEngine
  /// The type scale.
  public var typography: Typography
  /// The user's category, before ``range``.
  public var category: ContentSizeCategory
  /// The categories the app allows; ``effectiveCategory`` is ``category`` clamped into it.
  public var range: DynamicTypeRange
  /// Pixels per point for ``scaledValue(for:textStyle:)``'s rounding; 3 by default.
  ///
  /// In `ValueRanges.displayScales` (0.5…10); ``scaledValue(for:textStyle:)`` throws for a value
  /// outside it.
  public var displayScale: Double

  /// Creates an entry point.
  ///
  /// - Parameters:
  ///   - registry: The registry fonts resolve through.
  ///   - typography: The type scale; Apple's sizes in the embedded font by default.
  ///   - category: The user's content-size category; Large by default.
  ///   - range: The categories the app allows; all by default.
  ///   - displayScale: Pixels per point for scaled values, in `ValueRanges.displayScales`
  ///     (0.5…10); 3 by default.
  ///   - engine: A layout engine to share; a new one over `registry` by default.
  public init(
    registry: FontRegistry, typography: Typography = .default,
    category: ContentSizeCategory = .large, range: DynamicTypeRange = .all,
    displayScale: Double = 3, engine: TextLayoutEngine? = nil
  ) {
    self.registry = registry
    self.engine = engine ?? TextLayoutEngine(registry: registry)
    self.typography = typography
    self.category = category
    self.range = range
    self.displayScale = displayScale
  }

  /// The category sizes are computed for: ``category`` clamped into ``range``.
  public var effectiveCategory: ContentSizeCategory { range.clamp(category) }

  /// A copy for another category (a request's user).
  ///
  /// - Parameter category: The category.
  /// - Returns: The copy.
  public func with(category: ContentSizeCategory) -> DynamicType {
    var copy = self
    copy.category = category
    return copy
  }

  // MARK: - Fonts

  /// A font designed for the default category, scaled for a text style and the category and
  /// resolved to a face — `UIFontMetrics(forTextStyle:).scaledFont(for:)`.
  ///
  /// - Parameters:
  ///   - base: The font at its design size.
  ///   - textStyle: The style to scale like.
  ///   - maximumPointSize: The largest size, or `nil`.
  /// - Returns: The scaled, resolved font; its diagnostics say when the name fell back.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` for a style that cannot scale or a maximum
  ///   outside 0…`ValueRanges.maximumPoints`.
  public func scaledFont(
    for base: BaseFont, textStyle: TextStyle, maximumPointSize: Double? = nil
  ) throws(TypeScaleError) -> ScaledFont {
    let size: ResolvedSize
    do throws(MetricsError) {
      size = try FontMetrics(forTextStyle: textStyle).scaledFont(
        for: base.size, maximumPointSize: maximumPointSize, in: effectiveCategory)
    } catch {
      throw TypeScaleError(.invalidValue, error.message)
    }
    let match = registry.resolve(
      FontQuery(family: base.name, weight: base.weight, italic: base.italic))
    return ScaledFont(match: match, size: size, tracking: nil, lineHeightMultiple: nil)
  }

  /// The typography's font for a style, scaled for the category.
  ///
  /// - Parameter style: The text style.
  /// - Returns: The font, with the style's tracking and line-height multiple.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` when the style's sizing cannot be resolved.
  public func font(for style: TextStyle) throws(TypeScaleError) -> ScaledFont {
    let spec = typography[style]
    let size: ResolvedSize
    do throws(MetricsError) {
      size = try spec.sizing(for: style).resolve(
        spec.size, in: effectiveCategory, maximumPointSize: spec.maximumPointSize)
    } catch {
      throw TypeScaleError(.invalidValue, "\(style): \(error.message)")
    }
    let match = registry.resolve(
      FontQuery(family: spec.family, weight: spec.weight, italic: spec.italic))
    return ScaledFont(
      match: match, size: size, tracking: spec.tracking,
      lineHeightMultiple: spec.lineHeightMultiple)
  }

  /// Scales a layout value (a padding, a row height) like the style, rounded to the pixel grid —
  /// `@ScaledMetric` and `UIFontMetrics.scaledValue(for:)`.
  ///
  /// - Parameters:
  ///   - value: The value at the default category, in points.
  ///   - textStyle: The style to scale like; body by default.
  /// - Returns: The scaled value, in points.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` for a value that is not finite or whose
  ///   magnitude is over `ValueRanges.maximumPoints` (100,000), or a ``displayScale`` outside
  ///   `ValueRanges.displayScales` (0.5…10).
  public func scaledValue(for value: Double, textStyle: TextStyle = .body) throws(TypeScaleError)
    -> Double
  {
    do throws(MetricsError) {
      return try FontMetrics(forTextStyle: textStyle).scaledValue(
        for: value, in: effectiveCategory, displayScale: displayScale)
    } catch {
      throw TypeScaleError(.invalidValue, error.message)
    }
  }

  // MARK: - Layout

  /// Lays text out in the typography's font for a style at the category.
  ///
  /// The style's tracking and line-height multiple apply unless `options` sets its own.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: The text style.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options; its `width` is replaced by `width`.
  /// - Returns: The layout; its diagnostics include the font resolution's.
  /// - Throws: ``TypeScaleError`` for a bad option or size (`layoutFailed` naming a width or
  ///   display scale out of range).
  public func layout(
    _ text: String, style: TextStyle, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> TextLayout {
    let font = try font(for: style)
    let resolved = _options(options, width: width, font: font)
    do throws(LayoutError) {
      return try engine.layout(text, font: try font.layoutFont(), options: resolved)
    } catch {
      throw TypeScaleError(.layoutFailed, error.message)
    }
  }

  /// Lays text out in a style at every category of ``range``, shaping once.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: The text style.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options.
  /// - Returns: One layout per allowed category, smallest first.
  /// - Throws: ``TypeScaleError`` for a bad option or size (`layoutFailed` naming a width or
  ///   display scale out of range).
  public func sweep(
    _ text: String, style: TextStyle, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> [CategoryLayout] {
    let spec = typography[style]
    let design = try with(category: .large).font(for: style)
    let resolved = _options(options, width: width, font: design)
    do throws(LayoutError) {
      let font = try LayoutFont(match: design.match, pointSize: spec.size.points)
      return try engine.sweep(
        text, font: font, sizing: spec.sizing(for: style), categories: range,
        maximumPointSize: spec.maximumPointSize, options: resolved)
    } catch {
      throw TypeScaleError(.layoutFailed, error.message)
    }
  }

  private func _options(_ options: LayoutOptions, width: Double?, font: ScaledFont)
    -> LayoutOptions
  {
    var resolved = options
    resolved.width = width
    if resolved.tracking == 0, let tracking = font.tracking { resolved.tracking = tracking }
    if resolved.lineHeight.multiple == 0, let multiple = font.lineHeightMultiple {
      resolved.lineHeight.multiple = multiple
    }
    return resolved
  }
}
