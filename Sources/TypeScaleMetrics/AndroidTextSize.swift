// SPDX-License-Identifier: Apache-2.0

/// A text size an ``AndroidTextScale`` gives at one font scale: the `sp` asked for, the `dp` the
/// curve gives, and the pixels the toolkit draws at.
///
/// | Toolkit | ``px`` | Source |
/// |---|---|---|
/// | ``AndroidToolkit/view`` | whole pixels: `(int) (f + 0.5f)`, and 1 for a size that would round to 0 | `TypedValue.complexToDimensionPixelSize` (`getDimensionPixelSize`, how `android:textSize` is read) |
/// | ``AndroidToolkit/compose`` | float pixels, unrounded | `Density.toPx` |
///
/// ``points`` is ``px`` over the density: the size a layout draws at, in `dp`. For a View it
/// differs from ``dp`` by the pixel rounding (14 sp at 1.3 is 18.8 dp, 49.35 px, drawn at 49 px
/// = 18.667 dp on a 2.625 display).
///
/// Every number is the `float` Android computes, widened exactly to `Double`.
public struct AndroidTextSize: ScaledPointSize, Hashable {
  /// The size asked for, in `sp` (the size at font scale 1).
  public let sp: DesignSize
  /// The size in `dp` after the font-scale curve, unrounded (`convertSpToDp`, or
  /// `sp × fontScale` where scaling is linear).
  public let dp: Double
  /// The size in pixels: whole for a View, float for Compose.
  public let px: Double
  /// The user's font scale.
  public let fontScale: Double
  /// The display's density.
  public let density: AndroidDensity
  /// The toolkit whose rules made ``px``.
  public let toolkit: AndroidToolkit

  /// The size a layout uses, in `dp`: ``px`` ÷ the density.
  public var points: Double { px / density.pixelsPerDp }

  /// Creates a size from its parts, as ``AndroidTextScale`` computes them.
  ///
  /// - Parameters:
  ///   - sp: The size at font scale 1, in `sp`.
  ///   - dp: The scaled size in `dp`.
  ///   - px: The size in pixels.
  ///   - fontScale: The font scale.
  ///   - density: The display's density.
  ///   - toolkit: The toolkit.
  public init(
    sp: DesignSize, dp: Double, px: Double, fontScale: Double, density: AndroidDensity,
    toolkit: AndroidToolkit
  ) {
    self.sp = sp
    self.dp = dp
    self.px = px
    self.fontScale = fontScale
    self.density = density
    self.toolkit = toolkit
  }
}
