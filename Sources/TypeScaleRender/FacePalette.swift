// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// The colours the ``Overlay/fallback`` overlay tints faces with.
///
/// The layout's own face keeps the foreground colour; every other face gets one of eight
/// colours picked by a hash (FNV-1a) of its PostScript name, so a face has the same colour in
/// every image and every run of the program. Two fallback faces may share a colour; the layout's
/// own face never shares one with a fallback.
///
/// ```swift
/// FacePalette.color(for: koreanFace)   // #1F77B4FF, whatever the text
/// ```
public enum FacePalette {
  /// The colours, readable on white and far from black and from the overlays' reds.
  public static let colors: [RGBAColor] = [
    RGBAColor(red: 0x1F, green: 0x77, blue: 0xB4),
    RGBAColor(red: 0x2C, green: 0xA0, blue: 0x2C),
    RGBAColor(red: 0x94, green: 0x67, blue: 0xBD),
    RGBAColor(red: 0xFF, green: 0x7F, blue: 0x0E),
    RGBAColor(red: 0x17, green: 0xA2, blue: 0xB8),
    RGBAColor(red: 0xE3, green: 0x77, blue: 0xC2),
    RGBAColor(red: 0x8C, green: 0x56, blue: 0x4B),
    RGBAColor(red: 0x6B, green: 0x8E, blue: 0x23),
  ]

  /// The colour a fallback face is tinted with.
  ///
  /// - Parameter face: The face.
  /// - Returns: One of ``colors``, the same for the same PostScript name.
  public static func color(for face: FontFace) -> RGBAColor {
    var hash: UInt32 = 0x811C_9DC5
    for byte in face.postScriptName.utf8 {
      hash = (hash ^ UInt32(byte)) &* 0x0100_0193
    }
    return colors[Int(hash % UInt32(colors.count))]
  }

  /// The colour a run of `face` is drawn in: the foreground for the layout's own face, its
  /// palette colour for any other when `tinted`.
  static func ink(
    for face: FontFace, primary: FontFace, foreground: RGBAColor, tinted: Bool
  ) -> RGBAColor {
    guard tinted, face != primary else { return foreground }
    return color(for: face).withAlpha(foreground.alpha)
  }
}
