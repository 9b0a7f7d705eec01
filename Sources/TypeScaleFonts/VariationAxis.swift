// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// One variation axis of a variable font (OpenType `fvar`), such as `wght` 100–900.
public struct VariationAxis: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The four-letter axis tag: `wght`, `wdth`, `slnt`, `ital`, `opsz` or a custom tag.
  public let tag: String
  /// The axis name from the `name` table, such as `Weight`.
  public let name: String
  /// The smallest value.
  public let minimum: Double
  /// The default value.
  public let defaultValue: Double
  /// The largest value.
  public let maximum: Double

  /// `wght 100…900 (default 400)`.
  public var description: String {
    "\(tag) \(_format(minimum))…\(_format(maximum)) (default \(_format(defaultValue)))"
  }
}

/// A named instance of a variable font (OpenType `fvar`), such as "SemiBold" at `wght` 600.
///
/// TypeScale registers each named instance as its own ``FontFace``.
public struct NamedInstance: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The instance's subfamily name, such as `SemiBold`.
  public let styleName: String
  /// The instance's PostScript name from its `postScriptNameID`, or `nil` when the font gives
  /// none (the face then uses a fallback; see ``FontFace/postScriptNameSource``).
  public let postScriptName: String?
  /// The instance's coordinates, by axis tag.
  public let coordinates: [String: Double]

  /// `SemiBold (wght 600)`.
  public var description: String {
    let coords = coordinates.sorted { $0.key < $1.key }.map { "\($0.key) \(_format($0.value))" }
    return "\(styleName) (\(coords.joined(separator: ", ")))"
  }
}

/// Formats a design coordinate without a trailing `.0`: `NumberText.shortest(_:)`.
func _format(_ value: Double) -> String { NumberText.shortest(value) }
