// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics

/// Android text, sized and laid out as a phone shows it: a text size in `sp` or a Material role,
/// the user's font scale, the toolkit (`TextView` or Jetpack Compose), the release and the
/// display's density.
///
/// The Android counterpart of ``DynamicType``: where `DynamicType` takes a content-size
/// category, this takes a *font scale* (Android's Settings › Font size: 0.85 to 2), and sizes
/// follow Android's own rules instead of `UIFontMetrics`:
///
/// - the `sp` → `dp` conversion is Android's non-linear `FontScaleConverter` on Android 14 and
///   later (linear before), or Compose's own curve with `AndroidToolkit.compose`;
/// - a `TextView` rounds an XML `textSize` to whole pixels (`getDimensionPixelSize`), Compose
///   keeps float pixels;
/// - the layout follows `LayoutTarget.textView` or `LayoutTarget.compose`: sizes in `dp`,
///   the pixel grid of the density, TextView's high-quality (optimal) line breaking or
///   Compose's greedy one, font padding, text past `maxLines` clipped.
///
/// A Material role also sets the weight (Roboto Medium for `labelLarge`), the letter spacing and
/// the line height. Fonts resolve in the registry: Roboto by default (embedded, with the Noto
/// fonts after it for other scripts), or the app's family.
///
/// ```swift
/// let registry = try FontRegistry()
/// let android = AndroidText(registry: registry, fontScale: 2)
/// let layout = try android.layout("Continue", appearance: .labelLarge, width: 120)
/// layout.pointSize   // 25.9 dp: 14 sp at 2× is 26 dp, 68 px at 2.625 px/dp
/// let scales = try android.sweep("Continue", appearance: .labelLarge, width: 120)
/// scales.map(\.fontScale)   // [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]
/// ```
///
/// See the article "Matching Android" for every rule, its source and its test.
public struct AndroidText: Sendable {
  /// The registry fonts resolve in.
  public let registry: FontRegistry
  /// The engine layouts run on.
  public let engine: TextLayoutEngine
  /// `TextView` (the default) or Jetpack Compose.
  public var toolkit: AndroidToolkit
  /// The Android release.
  public var version: AndroidVersion
  /// The display's density.
  public var density: AndroidDensity
  /// The user's font scale (`Configuration.fontScale`); 1 by default.
  public var fontScale: Double
  /// The family to resolve when no face is given: Roboto, Android's default.
  public var family: String

  /// Creates Android text settings.
  ///
  /// - Parameters:
  ///   - registry: The registry fonts resolve in.
  ///   - engine: The layout engine; one on `registry` by default.
  ///   - toolkit: `TextView` or Compose.
  ///   - version: The Android release; the latest by default.
  ///   - density: Pixels per dp; 2.625 (a 420 dpi phone) by default.
  ///   - fontScale: The user's font scale; 1 by default.
  ///   - family: The family to resolve: Roboto unless the app ships its own.
  public init(
    registry: FontRegistry, engine: TextLayoutEngine? = nil, toolkit: AndroidToolkit = .view,
    version: AndroidVersion = .latest, density: AndroidDensity = .phone420,
    fontScale: Double = 1, family: String = AndroidText.defaultFamily
  ) {
    self.registry = registry
    self.engine = engine ?? TextLayoutEngine(registry: registry)
    self.toolkit = toolkit
    self.version = version
    self.density = density
    self.fontScale = fontScale
    self.family = family
  }

  /// The same settings at another font scale.
  ///
  /// - Parameter fontScale: The font scale.
  /// - Returns: A copy with ``fontScale`` replaced.
  public func with(fontScale: Double) -> AndroidText {
    var copy = self
    copy.fontScale = fontScale
    return copy
  }

  /// The layout target of ``toolkit``: `LayoutTarget.textView` or `LayoutTarget.compose`.
  public var target: LayoutTarget { toolkit == .view ? .textView : .compose }

  /// A text size's scale over font scales, under these settings.
  ///
  /// - Parameters:
  ///   - sp: The size at font scale 1, in `sp`.
  ///   - fontScales: The font scales to visit; the release's Settings values by default.
  /// - Returns: The scale.
  /// - Throws: ``TypeScaleError`` (`invalidValue`) for a size or font scale out of range.
  public func scale(sp: Double, fontScales: [Double]? = nil) throws(TypeScaleError)
    -> AndroidTextScale
  {
    do throws(MetricsError) {
      return try AndroidTextScale(
        textSize: try DesignSize(sp), fontScales: fontScales, version: version,
        toolkit: toolkit, density: density)
    } catch {
      throw TypeScaleError(error)
    }
  }

  /// The size of a role (or a plain `sp` size) at ``fontScale``.
  ///
  /// - Parameter appearance: The role.
  /// - Returns: Its text size in `sp`, `dp` and pixels.
  /// - Throws: ``TypeScaleError`` (`invalidValue`) for a font scale out of range.
  public func size(of appearance: MaterialTextAppearance) throws(TypeScaleError)
    -> AndroidTextSize
  {
    let scale = try self.scale(sp: appearance.sizeSp, fontScales: [fontScale])
    do throws(MetricsError) {
      return try scale.size(at: fontScale)
    } catch {
      throw TypeScaleError(error)
    }
  }

  /// Layout options for a role at one size: the toolkit's target, the density's pixel grid,
  /// the role's letter spacing and its line height scaled as the toolkit scales it.
  ///
  /// Letter spacing is a fraction of the size in both toolkits (TextView's
  /// `android:letterSpacing` is in em; Compose's tracking in `sp` goes through the same curve
  /// as the size), applied after every cluster as `kern`. The line height of a role that sets
  /// one becomes a fixed line height.
  ///
  /// - Parameters:
  ///   - appearance: The role, or `nil` for a plain size.
  ///   - size: The size at the font scale.
  ///   - base: Options to start from (width, line limit, truncation, language …); its
  ///     target, display scale, kern and line height are replaced.
  ///   - toolkit: The toolkit whose target and tracking apply.
  ///   - scale: The size's scale, which scales the role's line height.
  /// - Returns: The options.
  /// - Throws: `MetricsError` for a line height out of range.
  package static func options(
    for appearance: MaterialTextAppearance?, at size: AndroidTextSize, base: LayoutOptions,
    toolkit: AndroidToolkit, scale: AndroidTextScale
  ) throws(MetricsError) -> LayoutOptions {
    var options = base
    let target: LayoutTarget = toolkit == .view ? .textView : .compose
    if options.target != target {
      options.target = target
      if base.target.isAndroid == false && base.truncation == .tail {
        options.truncation = target.truncation
      }
    }
    options.displayScale = size.density.pixelsPerDp
    guard let appearance else { return options }
    options.kern = appearance.letterSpacing(for: toolkit) * size.points
    if let sp = appearance.lineHeight(for: toolkit) {
      let height = try scale.lineHeight(sp: try DesignSize(sp), at: size.fontScale).points
      options.lineHeight = LineHeight(minimum: height, maximum: height)
    }
    return options
  }

  /// The font a role is drawn in at a size: Roboto at the role's weight with the embedded Noto
  /// fonts after it (`FontRegistry.androidDefaultCascade(weight:italic:)`), or ``family`` when
  /// it names the app's own font.
  private func font(weight: FontWeight, points: Double) throws(TypeScaleError) -> LayoutFont {
    do {
      if family == Self.defaultFamily {
        let cascade = try registry.androidDefaultCascade(weight: weight)
        return try LayoutFont(
          face: cascade[0], pointSize: points, fallbackFaces: Array(cascade.dropFirst()))
      }
      let match = registry.resolve(FontQuery(family: family, weight: weight))
      let fallbacks = try registry.androidDefaultCascade(weight: weight)
      return try LayoutFont(
        match: match, pointSize: points, fallbackFaces: fallbacks.filter { $0 != match.face })
    } catch let error as FontError {
      throw TypeScaleError(error)
    } catch let error as LayoutError {
      throw TypeScaleError(error)
    } catch {
      throw TypeScaleError(.layoutFailed, "\(error)")
    }
  }

  /// Android's default family, `sans-serif`: Roboto.
  public static let defaultFamily = "Roboto"

  /// Lays text out in a role at ``fontScale``.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - appearance: The Material role (its size, weight, letter spacing and line height).
  ///   - width: The view's width in `dp`, or `nil` for no wrapping.
  ///   - options: Other options (line limit, truncation, language); its width is replaced.
  /// - Returns: The layout, in `dp`.
  /// - Throws: ``TypeScaleError``: `invalidValue` for a bad option or font scale,
  ///   `layoutFailed` when the engine fails.
  public func layout(
    _ text: String, appearance: MaterialTextAppearance, width: Double? = nil,
    options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> TextLayout {
    try layout(text, appearance: appearance, sp: appearance.sizeSp, width: width, options: options)
  }

  /// Lays text out at a plain text size in `sp` (`android:textSize`), regular weight.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - sp: The text size at font scale 1.
  ///   - width: The view's width in `dp`, or `nil` for no wrapping.
  ///   - options: Other options; its width is replaced.
  /// - Returns: The layout, in `dp`.
  /// - Throws: ``TypeScaleError`` as ``layout(_:appearance:width:options:)``.
  public func layout(
    _ text: String, textSize sp: Double, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> TextLayout {
    try layout(text, appearance: nil, sp: sp, width: width, options: options)
  }

  private func layout(
    _ text: String, appearance: MaterialTextAppearance?, sp: Double, width: Double?,
    options: LayoutOptions
  ) throws(TypeScaleError) -> TextLayout {
    let scale = try self.scale(sp: sp, fontScales: [fontScale])
    var base = options
    base.width = width
    let size: AndroidTextSize
    let laid: LayoutOptions
    do throws(MetricsError) {
      size = try scale.size(at: fontScale)
      laid = try Self.options(
        for: appearance, at: size, base: base, toolkit: toolkit, scale: scale)
    } catch {
      throw TypeScaleError(error)
    }
    let font = try self.font(weight: appearance?.weight ?? .regular, points: size.points)
    do throws(LayoutError) {
      return try engine.layout(text, font: font, options: laid)
    } catch {
      throw TypeScaleError(error)
    }
  }

  /// One font scale's layout in a sweep.
  public struct Step: Sendable {
    /// The font scale.
    public let fontScale: Double
    /// The text size there, in `sp`, `dp` and pixels.
    public let size: AndroidTextSize
    /// The layout.
    public let layout: TextLayout
  }

  /// Lays text out in a role at every font scale of the release (or the ones given).
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - appearance: The Material role.
  ///   - width: The view's width in `dp`, or `nil`.
  ///   - fontScales: The font scales; the release's Settings values by default.
  ///   - options: Other options; its width is replaced.
  /// - Returns: One step per font scale, smallest first.
  /// - Throws: ``TypeScaleError`` as ``layout(_:appearance:width:options:)``.
  public func sweep(
    _ text: String, appearance: MaterialTextAppearance, width: Double? = nil,
    fontScales: [Double]? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> [Step] {
    let scale = try self.scale(sp: appearance.sizeSp, fontScales: fontScales)
    var steps: [Step] = []
    for fontScale in scale.steps {
      let size: AndroidTextSize
      do throws(MetricsError) {
        size = try scale.size(at: fontScale)
      } catch {
        throw TypeScaleError(error)
      }
      let layout = try with(fontScale: fontScale).layout(
        text, appearance: appearance, width: width, options: options)
      steps.append(Step(fontScale: fontScale, size: size, layout: layout))
    }
    return steps
  }
}
