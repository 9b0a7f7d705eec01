// SPDX-License-Identifier: Apache-2.0

/// One font's point size at each step of a platform's text-size setting: the one place a size
/// step becomes a point size.
///
/// A *step* is what the user picks in the platform's settings — a ``ContentSizeCategory`` on
/// Apple platforms, a font scale such as 1.3 on Android. A scale holds everything else that
/// decides the size (the design size, how it follows the setting, a cap) and answers
/// ``size(at:)`` for any step. Everything that lays a text out across steps — `DynamicType`,
/// the layout engine's sweep, `typescale measure`, `typescale scale` and `check` — asks a scale,
/// so the tables and the rounding live here once.
///
/// Three conformances ship:
///
/// | Scale | Step | Size | Rule |
/// |---|---|---|---|
/// | ``ContentSizeScale`` | ``ContentSizeCategory`` | ``ResolvedSize`` | Apple's tables and `UIFontMetrics` (whole points) |
/// | ``AndroidTextScale`` | font scale (`Double`) | ``AndroidTextSize`` | `FontScaleConverter` per release and toolkit, then the toolkit's pixel rounding |
/// | ``AndroidFontScale`` | font scale (`Double`) | ``AndroidScaledSize`` | `FontScaleConverter` (``AndroidFontScaleCurve``, unrounded dp) |
///
/// ```swift
/// let scale = try ContentSizeScale(17, sizing: .relative(to: .body))
/// for category in scale.steps {
///   print(category, try scale.size(at: category).points)   // xS 15 … L 17 … AX5 48
/// }
/// ```
///
/// ### Adding a platform
///
/// A new platform is a new conformance: pick its `Step` (what its setting stores), its `Size`
/// (a ``ScaledPointSize`` with whatever provenance is useful), list its ``steps`` and compute
/// ``size(at:)`` with the platform's own rules — rounding included, since platforms round
/// differently. The layout engine's generic sweep (`TextLayoutEngine.sweep(_:font:scale:options:)`)
/// then lays out at every step with no further code.
public protocol SizeScale: Sendable {
  /// One position of the platform's text-size setting.
  associatedtype Step: Hashable & Sendable
  /// A point size at a step, with how it was reached.
  associatedtype Size: ScaledPointSize

  /// The steps a sweep visits, smallest first.
  var steps: [Step] { get }

  /// The size at a step.
  ///
  /// - Parameter step: The user's setting; need not be one of ``steps``.
  /// - Returns: The size, rounded as the platform rounds.
  /// - Throws: ``MetricsError`` when the platform has no size for the step.
  func size(at step: Step) throws(MetricsError) -> Size
}

/// A point size produced by a ``SizeScale``: what a layout needs of it.
public protocol ScaledPointSize: Sendable {
  /// The size a font is laid out at: points on Apple platforms, dp on Android.
  var points: Double { get }
}

extension ResolvedSize: ScaledPointSize {}
