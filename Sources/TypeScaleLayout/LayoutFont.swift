// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleInternals
import TypeScaleMetrics

/// A face at a point size, with the variations and fallback faces to lay text out with.
///
/// ```swift
/// let match = registry.resolve(FontQuery(family: "Pretendard", weight: .semibold))
/// let font = try LayoutFont(match: match, pointSize: 17)
/// font.diagnostics   // what resolution substituted, carried into the layout's diagnostics
/// ```
public struct LayoutFont: Hashable, Sendable, CustomStringConvertible {
  /// The primary face.
  public let face: FontFace
  /// The size in points.
  public let pointSize: Double
  /// Axis values to apply on top of the face's named instance, by tag.
  public let variations: [String: Double]
  /// Faces to try after the primary face and before TypeScale's default cascade.
  public let fallbackFaces: [FontFace]
  /// What font resolution substituted (a name not registered, a weight not found).
  public let diagnostics: [FontDiagnostic]
  /// The type scale's tracking, kern and line-height multiple, applied where a layout's options
  /// leave theirs at 0; none by default (see ``withSpacing(_:)``).
  public internal(set) var spacing: Spacing = .none

  /// Creates a font from a face.
  ///
  /// - Parameters:
  ///   - face: The primary face.
  ///   - pointSize: The size in points: finite and > 0.
  ///   - variations: Axis values to apply, by tag.
  ///   - fallbackFaces: Faces to try after `face`, in order.
  /// - Throws: ``LayoutError/Code/invalidOption`` for a size that is not finite and positive.
  public init(
    face: FontFace, pointSize: Double, variations: [String: Double] = [:],
    fallbackFaces: [FontFace] = []
  ) throws(LayoutError) {
    try self.init(
      face: face, pointSize: pointSize, variations: variations, fallbackFaces: fallbackFaces,
      diagnostics: [])
  }

  /// Creates a font from a registry match, keeping its variations and diagnostics.
  ///
  /// - Parameters:
  ///   - match: What `FontRegistry.resolve(_:)` or `FontRegistry.match(_:)` returned.
  ///   - pointSize: The size in points: finite and > 0.
  ///   - fallbackFaces: Faces to try after the match's face, in order.
  /// - Throws: ``LayoutError/Code/invalidOption`` for a size that is not finite and positive.
  public init(match: FontMatch, pointSize: Double, fallbackFaces: [FontFace] = [])
    throws(LayoutError)
  {
    try self.init(
      face: match.face, pointSize: pointSize, variations: match.variations,
      fallbackFaces: fallbackFaces, diagnostics: match.diagnostics)
  }

  init(
    face: FontFace, pointSize: Double, variations: [String: Double], fallbackFaces: [FontFace],
    diagnostics: [FontDiagnostic]
  ) throws(LayoutError) {
    guard pointSize.isFinite, pointSize > 0 else {
      throw .option(
        "font size \(NumberText.shortest(pointSize)) is not valid; use a finite number of points > 0"
      )
    }
    self.face = face
    self.pointSize = pointSize
    self.variations = variations
    self.fallbackFaces = fallbackFaces
    self.diagnostics = diagnostics
  }

  /// The same font at another size.
  ///
  /// - Parameter pointSize: The new size in points.
  /// - Returns: The font at that size.
  /// - Throws: ``LayoutError/Code/invalidOption`` for a size that is not finite and positive.
  public func withSize(_ pointSize: Double) throws(LayoutError) -> LayoutFont {
    try LayoutFont(
      face: face, pointSize: pointSize, variations: variations, fallbackFaces: fallbackFaces,
      diagnostics: diagnostics
    ).withSpacing(spacing)
  }

  /// `NotoSans-Regular 17pt`.
  public var description: String {
    "\(face.postScriptName) \(NumberText.shortest(pointSize))pt"
  }
}
