// SPDX-License-Identifier: Apache-2.0

/// A font request at its design size: a family or PostScript name, a size at Large, a weight and
/// a slope — what `UIFont(name:size:)` or `Font.custom(_:size:)` is given.
public struct BaseFont: Hashable, Sendable, CustomStringConvertible {
  /// A family name (`Pretendard`) or a PostScript name (`Pretendard-SemiBold`).
  public var name: String
  /// The size at the default category, in points.
  public var size: DesignSize
  /// The weight, when `name` is a family.
  public var weight: FontWeight
  /// Whether to use an italic face, when `name` is a family.
  public var italic: Bool

  /// Creates a base font.
  ///
  /// - Parameters:
  ///   - name: A family or PostScript name.
  ///   - size: The size at Large, in points.
  ///   - weight: The weight, for a family.
  ///   - italic: Whether to use an italic face, for a family.
  public init(_ name: String, size: DesignSize, weight: FontWeight = .regular, italic: Bool = false)
  {
    self.name = name
    self.size = size
    self.weight = weight
    self.italic = italic
  }

  /// `"Pretendard" 17pt semibold`.
  public var description: String {
    "\"\(name)\" \(size) \(weight.name)" + (italic ? " italic" : "")
  }
}

/// A font scaled for a content-size category and resolved to a face: the result of
/// ``DynamicType/scaledFont(for:textStyle:maximumPointSize:)`` and ``DynamicType/font(for:)-(TextStyle)``.
public struct ScaledFont: Hashable, Sendable, CustomStringConvertible {
  /// The face that draws, with variations and fallback diagnostics.
  public let match: FontMatch
  /// The point size and how it was reached.
  public let size: ResolvedSize
  /// Apple's `.tracking` in points from the typography, if any.
  public let tracking: Double?
  /// Apple's `.kern` in points from the typography, if any.
  public let kern: Double?
  /// The line-height multiple from the typography, if any.
  public let lineHeightMultiple: Double?

  /// The face.
  public var face: FontFace { match.face }

  /// The point size, in points.
  public var pointSize: Double { size.points }

  /// What resolution substituted: a name not registered, a weight or slope not available, a
  /// size that could not follow the category (`FontDiagnostic.Kind.sizeNotScaled`).
  public var diagnostics: [FontDiagnostic] { match.diagnostics }

  /// The typography's tracking, kern and line-height multiple, as a layout font carries them.
  public var spacing: LayoutFont.Spacing {
    LayoutFont.Spacing(tracking: tracking, kern: kern, lineHeightMultiple: lineHeightMultiple)
  }

  /// The font to lay text out with.
  ///
  /// The layout font carries ``spacing``, so `engine.layout(text, font: try scaled.layoutFont(),
  /// options: options)` gives what ``DynamicType/layout(_:_:width:options:)`` gives for the same
  /// options (with the display scale `DynamicType` defaults to, 3).
  ///
  /// - Returns: A `LayoutFont` at the scaled size, carrying the diagnostics and the spacing.
  /// - Throws: `LayoutError` for a size of zero (a base font of 0 pt).
  public func layoutFont() throws(LayoutError) -> LayoutFont {
    try layoutFont(pointSize: size.points)
  }

  /// The font at another point size (a sweep's design size), carrying the spacing.
  func layoutFont(pointSize: Double) throws(LayoutError) -> LayoutFont {
    try LayoutFont(match: match, pointSize: pointSize).withSpacing(spacing)
  }

  /// `Pretendard-SemiBold 20pt (relative(headline), XL, from 17pt)`.
  public var description: String { "\(face.postScriptName) \(size)" }
}
