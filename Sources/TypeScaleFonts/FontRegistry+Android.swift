// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleMetrics

extension EmbeddedFonts {
  /// The Roboto files embedded for Android, Regular, Medium and Bold, unchanged from Debian's
  /// `fonts-roboto-unhinted` 2:0~20170802-3 (Apache-2.0, `Roboto-LICENSE.txt` beside them;
  /// `fonts.json` records their digests and provenance).
  ///
  /// They are not part of ``fileNames``: the iOS default cascade stays Noto, and Roboto is
  /// registered the first time an Android cascade is asked for.
  static let androidFileNames = ["Roboto-Regular.ttf", "Roboto-Medium.ttf", "Roboto-Bold.ttf"]

  /// The family of Android's default `sans-serif` face.
  static let androidFamily = "Roboto"
}

extension FontRegistry {
  /// The Roboto faces embedded for Android (Regular 400, Medium 500, Bold 700), registered from
  /// TypeScale's resources on first use.
  ///
  /// When a Roboto face with the same PostScript name is already registered (for example from
  /// Debian's `fonts-roboto` through ``registerFonts(in:recursive:)``), that face is used.
  ///
  /// - Returns: The faces, lightest first.
  /// - Throws: ``FontError/Code/defaultFontMissing`` when the resources cannot be found, or the
  ///   registration's error.
  public func androidRobotoFaces() throws(FontError) -> [FontFace] {
    let folder = try EmbeddedFonts.locate()
    var faces: [FontFace] = []
    for name in EmbeddedFonts.androidFileNames {
      let postScriptName = String(name.dropLast(".ttf".count))
      if let known = face(postScriptName: postScriptName) {
        faces.append(known)
        continue
      }
      do {
        faces += try register(fileAt: folder.appendingPathComponent(name))
      } catch  where error.code == .duplicatePostScriptName {
        // Another task registered the same name in between.
        if let known = face(postScriptName: postScriptName) { faces.append(known) }
      }
    }
    return faces.sorted { $0.weight.value < $1.weight.value }
  }

  /// Android's default cascade for a weight: Roboto (Latin, Greek, Cyrillic), then the
  /// embedded Noto faces for the scripts Roboto lacks (Noto Sans CJK KR for Hangul), each at
  /// the nearest weight.
  ///
  /// This matches Android's system font configuration (AOSP `data/fonts/fonts.xml`): the
  /// `sans-serif` family is Roboto, and characters it lacks fall back to the Noto families
  /// listed after it. TypeScale embeds only the Noto faces of its iOS cascade, so scripts
  /// neither covers are left to ``FontCascade/systemFallback``.
  ///
  /// ```swift
  /// let faces = try registry.androidDefaultCascade(weight: .medium)
  /// faces.map(\.postScriptName)  // ["Roboto-Medium", "NotoSans-…", "NotoSansCJKkr-…"]
  /// ```
  ///
  /// - Parameters:
  ///   - weight: The weight to prefer (Material 3's roles use 400 and 500).
  ///   - italic: Whether to prefer italic faces (none are embedded; the upright face is used).
  /// - Returns: The faces, Roboto first. ``defaultCascade(weight:italic:)``, the iOS one, is
  ///   unchanged.
  /// - Throws: As ``androidRobotoFaces()``.
  public func androidDefaultCascade(weight: FontWeight = .regular, italic: Bool = false)
    throws(FontError) -> [FontFace]
  {
    let roboto = try androidRobotoFaces()
    let query = FontQuery(family: EmbeddedFonts.androidFamily, weight: weight, italic: italic)
    var faces: [FontFace] = []
    if let chosen = Self._match(query, among: roboto)?.face ?? roboto.first {
      faces.append(chosen)
    }
    for face in defaultCascade(weight: weight, italic: italic) where !faces.contains(face) {
      faces.append(face)
    }
    return faces
  }

  /// A cascade for Android text: `face` (an app's own font, or a Roboto face), then
  /// `preferred`, then ``androidDefaultCascade(weight:italic:)`` at the face's weight.
  ///
  /// - Parameters:
  ///   - face: The requested face; `nil` for Android's default `sans-serif` (Roboto).
  ///   - weight: The weight when `face` is `nil`.
  ///   - preferred: Faces to try after `face`.
  ///   - systemFallback: System fonts to consult last; `nil` keeps the cascade hermetic.
  /// - Returns: The cascade; duplicates are dropped.
  /// - Throws: As ``androidRobotoFaces()``.
  public func androidCascade(
    for face: FontFace? = nil, weight: FontWeight = .regular, preferring preferred: [FontFace] = [],
    systemFallback: SystemFontFallback? = nil
  ) throws(FontError) -> FontCascade {
    let fallback = try androidDefaultCascade(
      weight: face?.weight ?? weight, italic: face?.slope == .italic)
    var faces: [FontFace] = []
    for candidate in (face.map { [$0] } ?? []) + preferred + fallback
    where !faces.contains(candidate) {
      faces.append(candidate)
    }
    return FontCascade(faces: faces, systemFallback: systemFallback, registry: self)
  }
}
