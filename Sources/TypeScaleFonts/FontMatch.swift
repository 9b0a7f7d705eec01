// SPDX-License-Identifier: Apache-2.0

/// The face chosen for a request, whether it is exactly what was asked for, and why not.
///
/// ```swift
/// let match = registry.resolve(FontQuery(family: "Pretendard", weight: .semibold))
/// match.face.postScriptName   // "Pretendard-SemiBold", or the nearest weight, or the default
/// match.isExact               // false when anything was substituted
/// match.diagnostics           // ["no semibold face of \"Pretendard\"; using Pretendard-Bold …"]
/// ```
public struct FontMatch: Hashable, Sendable, CustomStringConvertible {
  /// The face to draw with.
  public let face: FontFace
  /// Whether the face is what was asked for: the face a PostScript or full name names, or a face
  /// of the family with the requested weight, slope and width, its file usable.
  ///
  /// `false` whenever the face's diagnostics report a substitution (a weight, slope or width
  /// not applied, a file skipped, the default standing in).
  public let isExact: Bool
  /// Variation coordinates to apply to a variable face (`wght` 650 for a 650 request on a
  /// 100–900 font), by axis tag; empty for static faces or when the named instance is exact.
  public let variations: [String: Double]
  /// What was substituted, in order: the face's substitutions (none when ``isExact``), then
  /// any notes ``appending(_:)`` added about the rest of the request (its size).
  public let diagnostics: [FontDiagnostic]

  /// Whether the default face was used because the request named nothing registered, or
  /// nothing whose file is still usable.
  public var usedDefault: Bool { diagnostics.contains { $0.kind == .notRegistered } }

  /// The same match with a note about the request beyond the face, such as a size that could
  /// not follow the content-size category (``FontDiagnostic/Kind/sizeNotScaled``).
  ///
  /// The face, its variations and ``isExact`` (which concerns the face only) are unchanged; the
  /// note travels with the match into a `LayoutFont` and a layout's diagnostics.
  ///
  /// - Parameter diagnostic: The note.
  /// - Returns: The match with `diagnostic` after its own diagnostics.
  public func appending(_ diagnostic: FontDiagnostic) -> FontMatch {
    FontMatch(
      face: face, isExact: isExact, variations: variations,
      diagnostics: diagnostics + [diagnostic])
  }

  /// The face, and the diagnostics when inexact.
  public var description: String {
    diagnostics.isEmpty
      ? "\(face.postScriptName) (exact)"
      : "\(face.postScriptName): " + diagnostics.map(\.message).joined(separator: "; ")
  }
}
