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
/// Matches Apple:
/// - With no typography given, every style has the system text style's own size and weight at
///   each category (``Typography/system``, `UIFont.preferredFont(forTextStyle:)`: body is 53 pt
///   at AX5); a custom typography and ``scaledFont(for:textStyle:maximumPointSize:)`` scale by
///   the style's leading ratio as `UIFontMetrics` does (a 17 pt body font is 48 pt at AX5).
/// - Fonts round to whole points then take `maximumPointSize`; values round to the pixel grid
///   (``displayScale``); a ``range`` clamps the category as `dynamicTypeSize(_:)` and
///   `UIView.maximumContentSizeCategory` do.
/// - Layouts are a `UILabel`'s unless the options say otherwise: Apple's standard line-break
///   strategy, and sizes rounded up to the pixel grid of ``displayScale``.
///
/// Differs: unknown font names resolve to the embedded default with diagnostics instead of
/// failing silently; `extraLargeTitle` and `extraLargeTitle2`, whose per-category sizes Apple
/// does not publish, keep their size at Large at every category with a diagnostic
/// (`FontDiagnostic.Kind.sizeNotScaled`) instead of an invented size.
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
  /// Pixels per point: the grid ``scaledValue(for:textStyle:)`` rounds to, and the grid a
  /// label's reported width and height round up to (``layout(_:style:width:options:)`` and
  /// ``sweep(_:style:width:options:)`` when the options set no display scale); 3 by default.
  ///
  /// In `ValueRanges.displayScales` (0.5…10); ``scaledValue(for:textStyle:)`` throws for a value
  /// outside it, and layouts fail with ``TypeScaleError/Code/invalidValue``.
  public var displayScale: Double

  /// Creates an entry point.
  ///
  /// - Parameters:
  ///   - registry: The registry fonts resolve through.
  ///   - typography: The type scale; by default ``Typography/system``, Apple's system text
  ///     styles (`preferredFont(forTextStyle:)` sizes and weights) in the embedded font.
  ///   - category: The user's content-size category; Large by default.
  ///   - range: The categories the app allows; all by default.
  ///   - displayScale: Pixels per point for scaled values, in `ValueRanges.displayScales`
  ///     (0.5…10); 3 by default.
  ///   - engine: A layout engine to share; a new one over `registry` by default.
  public init(
    registry: FontRegistry, typography: Typography = .system,
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
  /// For `extraLargeTitle` and `extraLargeTitle2`, whose per-category sizes and leadings Apple
  /// does not publish, the font keeps its design size (capped at `maximumPointSize`) at every
  /// category and carries a `FontDiagnostic.Kind.sizeNotScaled` diagnostic, as
  /// ``font(for:)-(TextStyle)`` does; `FontMetrics(forTextStyle:)` itself throws for them.
  ///
  /// - Parameters:
  ///   - base: The font at its design size.
  ///   - textStyle: The style to scale like.
  ///   - maximumPointSize: The largest size, or `nil`.
  /// - Returns: The scaled, resolved font; its diagnostics say when the name fell back or the
  ///   size could not scale.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` for a maximum outside
  ///   0…`ValueRanges.maximumPoints`.
  public func scaledFont(
    for base: BaseFont, textStyle: TextStyle, maximumPointSize: Double? = nil
  ) throws(TypeScaleError) -> ScaledFont {
    let (size, note) = try _resolve(
      base.size, sizing: .relative(to: textStyle), name: textStyle.rawValue,
      maximumPointSize: maximumPointSize, in: effectiveCategory)
    return _font(base, size: size, note: note)
  }

  /// A font designed for the default category, sized as `sizing` says and resolved to a face.
  ///
  /// The general form of ``scaledFont(for:textStyle:maximumPointSize:)`` (which is
  /// `sizing: .relative(to: textStyle)`): `FontSizing.scalesWithBody` is SwiftUI's
  /// `Font.custom(_:size:)`, `FontSizing.relative(to:)` is `Font.custom(_:size:relativeTo:)`,
  /// `FontSizing.system(_:)` follows the system text style's sizes, and `FontSizing.fixed` is
  /// `Font.custom(_:fixedSize:)` — the base size at every category (``fixedSizeFont(for:)``). Every
  /// mode resolves the face the same way, with the same fallback diagnostics.
  ///
  /// - Parameters:
  ///   - base: The font at its design size.
  ///   - sizing: How the size follows the category.
  ///   - maximumPointSize: The largest size, or `nil`; it caps a fixed size too.
  /// - Returns: The sized, resolved font; its diagnostics say when the name fell back or the size
  ///   could not scale (`extraLargeTitle` keeps its design size, as in
  ///   ``scaledFont(for:textStyle:maximumPointSize:)``).
  /// - Throws: ``TypeScaleError/Code/invalidValue`` for a maximum outside
  ///   0…`ValueRanges.maximumPoints`.
  public func scaledFont(
    for base: BaseFont, sizing: FontSizing, maximumPointSize: Double? = nil
  ) throws(TypeScaleError) -> ScaledFont {
    let (size, note) = try _resolve(
      base.size, sizing: sizing, name: base.name, maximumPointSize: maximumPointSize,
      in: effectiveCategory)
    return _font(base, size: size, note: note)
  }

  /// A font at its size at every content-size category, resolved to a face — SwiftUI's
  /// `Font.custom(_:fixedSize:)`.
  ///
  /// Matches Apple: the size ignores ``category`` and ``range`` entirely and is not rounded
  /// (`Font.custom("Pretendard", fixedSize: 13.5)` draws at 13.5 pt at AX5). The face is
  /// resolved as every other font is: an unknown name falls back to the default face, and a
  /// missing weight or slope picks the nearest face, each with a diagnostic. The result's
  /// `size.sizing` is `FontSizing.fixed`. For a fixed size with a cap, use
  /// ``scaledFont(for:sizing:maximumPointSize:)`` with `.fixed`.
  ///
  /// - Parameter base: The font and its size.
  /// - Returns: The resolved font at `base.size`; this cannot fail, because a `DesignSize` is
  ///   already a valid size.
  public func fixedSizeFont(for base: BaseFont) -> ScaledFont {
    _font(base, size: .fixed(base.size, in: effectiveCategory), note: nil)
  }

  /// Resolves `base`'s face and wraps it with a size and an optional note.
  private func _font(_ base: BaseFont, size: ResolvedSize, note: FontDiagnostic?) -> ScaledFont {
    var match = registry.resolve(
      FontQuery(family: base.name, weight: base.weight, italic: base.italic))
    if let note { match = match.appending(note) }
    return ScaledFont(
      match: match, size: size, tracking: nil, kern: nil, lineHeightMultiple: nil)
  }

  /// The typography's font for a style, scaled for the category.
  ///
  /// With ``Typography/system`` (the default) the size and weight are the system text style's
  /// at the category, as `UIFont.preferredFont(forTextStyle:)` gives them; a custom style
  /// scales as its ``Typography/Style/sizing`` says. A style whose sizing cannot scale
  /// (`extraLargeTitle` and `extraLargeTitle2`, published at Large only) keeps its size at
  /// Large at every category, with a `FontDiagnostic.Kind.sizeNotScaled` diagnostic.
  ///
  /// - Parameter style: The text style.
  /// - Returns: The font, with the style's tracking, kern and line-height multiple.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` when the style's sizing cannot be resolved
  ///   (a maximum point size out of range).
  public func font(for style: TextStyle) throws(TypeScaleError) -> ScaledFont {
    try font(for: typography.entry(for: style))
  }

  /// The typography's font for a text style or a custom token, scaled for the category.
  ///
  /// As ``font(for:)-(TextStyle)``, for any name the typography answers to: an Apple text style,
  /// a token of the app's own enum, or a ``Typography/TokenName`` read at run time. A token
  /// scales as its sizing says (relative to a text style, fixed, or like body when unset).
  ///
  /// - Parameter token: The style or token.
  /// - Returns: The font, with the style's tracking, kern and line-height multiple.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` for a name the typography does not know
  ///   (the message lists its styles and tokens) or a sizing that cannot be resolved.
  public func font(for token: some TypographyToken) throws(TypeScaleError) -> ScaledFont {
    try font(for: typography.entry(for: token))
  }

  /// The font for a resolved entry.
  func font(for entry: Typography.Entry) throws(TypeScaleError) -> ScaledFont {
    let spec = entry.style
    let (size, note) = try _resolve(
      spec.size, sizing: entry.sizing, name: entry.name, maximumPointSize: spec.maximumPointSize,
      in: effectiveCategory)
    var match = registry.resolve(
      FontQuery(family: spec.family, weight: spec.weight, italic: spec.italic))
    if let note { match = match.appending(note) }
    return ScaledFont(
      match: match, size: size, tracking: spec.tracking, kern: spec.kern,
      lineHeightMultiple: spec.lineHeightMultiple)
  }

  /// The sizing to use: `sizing`, or fixed with a note when the iOS table cannot scale it.
  static func scalableSizing(_ sizing: FontSizing, name: String, size: DesignSize)
    -> (FontSizing, FontDiagnostic?)
  {
    guard !sizing.scales(with: .iOS) else { return (sizing, nil) }
    let followed = sizing.systemStyle ?? sizing.textStyle ?? .body
    let known = SizeTable.iOS.categories(for: followed).map(\.shortName)
    let published =
      known.isEmpty ? "" : " (it is published at \(known.joined(separator: ", ")) only)"
    return (
      .fixed,
      FontDiagnostic(
        kind: .sizeNotScaled,
        message: "\(name) keeps \(size) at every category: Apple publishes no per-category "
          + "sizes for \(followed)\(published), and TypeScale does not invent them")
    )
  }

  /// Resolves a size, falling back to the design size with a note for a sizing that cannot
  /// scale.
  private func _resolve(
    _ size: DesignSize, sizing: FontSizing, name: String, maximumPointSize: Double?,
    in category: ContentSizeCategory
  ) throws(TypeScaleError) -> (ResolvedSize, FontDiagnostic?) {
    let (usable, note) = Self.scalableSizing(sizing, name: name, size: size)
    do throws(MetricsError) {
      let scale = try ContentSizeScale(size, sizing: usable, maximumPointSize: maximumPointSize)
      return (try scale.size(at: category), note)
    } catch {
      throw TypeScaleError(.invalidValue, "\(name): \(error.message)", cause: error)
    }
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
      throw TypeScaleError(error)
    }
  }

  // MARK: - Layout

  /// Lays text out in the typography's font for a style at the category.
  ///
  /// The style's tracking, kern and line-height multiple apply unless `options` sets its own.
  /// A label's width and height (the default target) are rounded up to the pixel grid of
  /// ``displayScale`` unless `options` sets a display scale; `TextLayout.exactWidth` and
  /// `exactHeight` keep the exact figures.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: The text style.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options; its `width` is replaced by `width`.
  /// - Returns: The layout; its diagnostics include the font resolution's.
  /// - Throws: ``TypeScaleError``: `invalidValue` for a bad option or size (naming a width or
  ///   display scale out of range), `layoutFailed` when a font file cannot be read or the
  ///   engine fails; ``TypeScaleError/underlying`` is the `LayoutError`.
  public func layout(
    _ text: String, style: TextStyle, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> TextLayout {
    try layout(text, entry: typography.entry(for: style), width: width, options: options)
  }

  /// Lays text out in the typography's font for a text style or a custom token at the category.
  ///
  /// As ``layout(_:style:width:options:)``, for any name the typography answers to:
  ///
  /// ```swift
  /// enum FontStyle: String, TypographyToken { case body, button }
  /// let layout = try dynamicType.layout("Subscribe", token: FontStyle.button, width: 120)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - token: The style or token.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options; its `width` is replaced by `width`.
  /// - Returns: The layout; its diagnostics include the font resolution's.
  /// - Throws: ``TypeScaleError``: `invalidValue` for a name the typography does not know,
  ///   otherwise as ``layout(_:style:width:options:)``.
  public func layout(
    _ text: String, token: some TypographyToken, width: Double? = nil,
    options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> TextLayout {
    try layout(text, entry: typography.entry(for: token), width: width, options: options)
  }

  private func layout(
    _ text: String, entry: Typography.Entry, width: Double?, options: LayoutOptions
  ) throws(TypeScaleError) -> TextLayout {
    try layout(text, try font(for: entry), width: width, options: options)
  }

  /// Lays text out in a scaled font: what ``layout(_:style:width:options:)`` and
  /// ``layout(_:token:width:options:)`` do with the typography's font, for any font from
  /// ``font(for:)-(TextStyle)``, ``scaledFont(for:textStyle:maximumPointSize:)`` or
  /// ``scaledFont(for:sizing:maximumPointSize:)``.
  ///
  /// The font's tracking, kern and line-height multiple apply unless `options` sets its own, and
  /// a label's width and height round up to ``displayScale`` unless `options` sets a display
  /// scale. With the default display scale (3) this is exactly
  /// `engine.layout(text, font: try font.layoutFont(), options: options)` with `width` set.
  ///
  /// ```swift
  /// let font = try dynamicType.font(for: .headline)
  /// let layout = try dynamicType.layout("Continue", font, width: 120)
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The scaled font.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options; its `width` is replaced by `width`.
  /// - Returns: The layout; its diagnostics include the font resolution's.
  /// - Throws: ``TypeScaleError``: `invalidValue` for a bad option (naming a width or display
  ///   scale out of range), `layoutFailed` when a font file cannot be read or the engine fails;
  ///   ``TypeScaleError/underlying`` is the `LayoutError`.
  public func layout(
    _ text: String, _ font: ScaledFont, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> TextLayout {
    do throws(LayoutError) {
      return try engine.layout(
        text, font: try font.layoutFont(), options: _options(options, width: width))
    } catch {
      throw TypeScaleError(error)
    }
  }

  /// Lays text out in a style at every category of ``range``, shaping once.
  ///
  /// Each category's size is the one ``font(for:)-(TextStyle)`` gives there: the table's size
  /// for ``Typography/system``'s styles, `UIFontMetrics` scaling for a custom typography. Sizes
  /// are rounded as in ``layout(_:style:width:options:)``.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - style: The text style.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options.
  /// - Returns: One layout per allowed category, smallest first.
  /// - Throws: ``TypeScaleError``: `invalidValue` for a bad option or size (naming a width or
  ///   display scale out of range), `layoutFailed` when a font file cannot be read or the
  ///   engine fails; ``TypeScaleError/underlying`` is the `LayoutError`.
  public func sweep(
    _ text: String, style: TextStyle, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> [CategoryLayout] {
    try sweep(text, entry: typography.entry(for: style), width: width, options: options)
  }

  /// Lays text out in a text style or a custom token at every category of ``range``, shaping
  /// once; as ``sweep(_:style:width:options:)``.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - token: The style or token.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options.
  /// - Returns: One layout per allowed category, smallest first.
  /// - Throws: ``TypeScaleError``: `invalidValue` for a name the typography does not know,
  ///   otherwise as ``sweep(_:style:width:options:)``.
  public func sweep(
    _ text: String, token: some TypographyToken, width: Double? = nil,
    options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> [CategoryLayout] {
    try sweep(text, entry: typography.entry(for: token), width: width, options: options)
  }

  private func sweep(
    _ text: String, entry: Typography.Entry, width: Double?, options: LayoutOptions
  ) throws(TypeScaleError) -> [CategoryLayout] {
    try prepare(entry, width: width, options: options).sweep(text)
  }

  /// The options a layout uses: `width`, and ``displayScale`` where the target rounds.
  ///
  /// The display scale applies for a target that rounds to the pixel grid when `options` sets
  /// none. The font's tracking, kern and line-height multiple travel with its `LayoutFont`
  /// (``ScaledFont/spacing``).
  func _options(_ options: LayoutOptions, width: Double?) -> LayoutOptions {
    var resolved = options
    resolved.width = width
    if resolved.displayScale == nil, resolved.target.displayScale != nil {
      resolved.displayScale = displayScale
    }
    return resolved
  }
}
