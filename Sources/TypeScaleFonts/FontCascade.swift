// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// An ordered list of faces that answers "which face draws this character?" for the layout
/// engine: the requested face, then faces the caller lists, then TypeScale's default cascade,
/// then — opt-in — system fonts through fontconfig.
///
/// ```swift
/// let cascade = registry.cascade(for: pretendard, preferring: [notoEmoji])
/// cascade.face(for: "한")?.postScriptName        // Pretendard covers Hangul
/// cascade.face(forCluster: "👍🏽")?.postScriptName  // the emoji face, for the whole cluster
/// ```
///
/// A grapheme cluster is never split across faces: ``face(forCluster:)`` picks the first face
/// that covers every scalar of the cluster (default-ignorable scalars such as ZWJ and variation
/// selectors aside), else the first face that covers its base character.
public struct FontCascade: Sendable {
  /// The faces in order of preference.
  public let faces: [FontFace]
  /// System fonts consulted after ``faces``, or `nil` when the cascade is hermetic.
  public let systemFallback: SystemFontFallback?
  let registry: FontRegistry

  /// The first face that covers `scalar`, or `nil` when none does.
  ///
  /// - Parameter scalar: A Unicode scalar.
  /// - Returns: The face that draws it.
  /// - Complexity: O(f log r) for f faces of r coverage ranges each.
  public func face(for scalar: Unicode.Scalar) -> FontFace? {
    if let face = faces.first(where: { $0.coverage.contains(scalar) }) { return face }
    return systemFallback?.face(for: scalar, registry: registry)
  }

  /// The face for a whole grapheme cluster, never splitting it.
  ///
  /// - Parameter cluster: One extended grapheme cluster (a `Character`'s scalars).
  /// - Returns: The face, or `nil` when no face covers even the base character.
  public func face(forCluster cluster: some StringProtocol) -> FontFace? {
    let scalars = cluster.unicodeScalars.filter { !Self.isDefaultIgnorable($0) }
    guard let base = scalars.first ?? cluster.unicodeScalars.first else { return faces.first }
    if let face = faces.first(where: { face in scalars.allSatisfy(face.coverage.contains) }) {
      return face
    }
    if let system = systemFallback,
      let face = system.face(forScalars: Array(scalars), registry: registry)
    {
      return face
    }
    return face(for: base)
  }

  /// Whether a face need not map the scalar: UAX #44 `Default_Ignorable_Code_Point`, the ranges
  /// that occur in text — ZWJ/ZWNJ, variation selectors, bidi controls, soft hyphen.
  ///
  /// - Parameter scalar: A Unicode scalar.
  /// - Returns: `true` for default-ignorable scalars.
  public static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F,
      0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF,
      0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
      true
    default:
      false
    }
  }
}

extension FontRegistry {
  /// The default cascade for a weight and slope: TypeScale's embedded faces (Latin, Greek and
  /// Cyrillic, then Hangul), the nearest weight of each.
  ///
  /// - Parameters:
  ///   - weight: The weight to prefer.
  ///   - italic: Whether to prefer italic faces (the embedded fonts have none).
  /// - Returns: The faces, Latin first.
  public func defaultCascade(weight: FontWeight = .regular, italic: Bool = false) -> [FontFace] {
    let key = weight.value * 2 + (italic ? 1 : 0)
    if let cached = _defaultCascades.withLock({ $0[key] }) { return cached }
    let faces = makeDefaultCascade(weight: weight, italic: italic)
    _defaultCascades.withLock { $0[key] = faces }
    return faces
  }

  private func makeDefaultCascade(weight: FontWeight, italic: Bool) -> [FontFace] {
    var seen: Set<String> = []
    var faces: [FontFace] = []
    for face in embeddedFaces where seen.insert(CaseFolding.fold(face.family)).inserted {
      let query = FontQuery(family: face.family, weight: weight, italic: italic)
      let family = embeddedFaces.filter { $0.family == face.family }
      faces.append(Self._match(query, among: family)?.face ?? face)
    }
    return faces
  }

  /// A cascade for a face: the face, then `preferred`, then the default cascade at the face's
  /// weight, then optionally system fonts.
  ///
  /// - Parameters:
  ///   - face: The requested face, tried first.
  ///   - preferred: Faces to try next, in order (an emoji face, a CJK face for a locale).
  ///   - systemFallback: System fonts to consult last; `nil` (the default) keeps the cascade
  ///     hermetic, so results do not depend on the machine's fonts.
  /// - Returns: The cascade; duplicates are dropped.
  public func cascade(
    for face: FontFace, preferring preferred: [FontFace] = [],
    systemFallback: SystemFontFallback? = nil
  ) -> FontCascade {
    var faces: [FontFace] = []
    for candidate in [face] + preferred
      + defaultCascade(weight: face.weight, italic: face.slope == .italic)
    where !faces.contains(candidate) {
      faces.append(candidate)
    }
    return FontCascade(faces: faces, systemFallback: systemFallback, registry: self)
  }
}
