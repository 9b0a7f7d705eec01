// SPDX-License-Identifier: Apache-2.0

/// A face's metrics as Android's `Paint.getFontMetricsInt` reports them at a text size: whole
/// pixels, y growing downward (ascent and top negative).
///
/// Android reads a font's metrics through Skia's FreeType port
/// (`src/ports/SkFontHost_FreeType.cpp`, `generateFontMetrics`): ascent and descent are the
/// `OS/2` typographic ones when the face sets `fsSelection` bit 7 (`USE_TYPO_METRICS`), the
/// `hhea` ones otherwise; top and bottom are the `head` table's bounding box (`yMax`, `yMin`);
/// each is scaled by the text size in px, in single precision. The JNI glue (hwui
/// `android_graphics_Paint.cpp`, `getFontMetricsInt` and `set_metrics_int`) then rounds
/// ascent and descent to the nearest integer (`SkScalarRoundToInt`, `floor(x + 0.5)`), floors
/// top and ceils bottom. The metrics are the base font's (the first of the family), whatever
/// text is drawn.
///
/// Under `elegantTextHeight` (``LayoutOptions/elegantTextHeight``) hwui replaces the base font's
/// metrics with fixed proportions of the size (``init(elegantAt:)``).
struct AndroidFontMetrics: Hashable, Sendable {
  /// `FontMetricsInt.top`: the bounding box's top, floored (negative).
  var top: Int
  /// `FontMetricsInt.ascent`: rounded (negative).
  var ascent: Int
  /// `FontMetricsInt.descent`: rounded (positive).
  var descent: Int
  /// `FontMetricsInt.bottom`: the bounding box's bottom, ceiled (positive).
  var bottom: Int
  /// `FontMetricsInt.leading`: rounded.
  var leading: Int

  /// What `Paint.getFontMetricsInt(null)` returns: `descent − ascent + leading`.
  var spacing: Int { descent - ascent + leading }

  /// The metrics `getFontMetricsInt` reports under elegant text height: `−size × 2500 / 2048`
  /// for top, `1900` for ascent, `500` for descent, `1000` for bottom and 0 leading, in single
  /// precision, rounded as for any font (hwui `getMetricsInternal`, `kElegantTop` and the rest).
  ///
  /// - Parameter textSize: The text size in px.
  init(elegantAt textSize: Double) {
    let size = Float(textSize)
    func scaled(_ units: Float) -> Float { -size * units / 2048 }
    ascent = Int((scaled(1900) + 0.5).rounded(.down))
    descent = Int((scaled(-500) + 0.5).rounded(.down))
    leading = 0
    top = Int(scaled(2500).rounded(.down))
    bottom = Int(scaled(-1000).rounded(.up))
  }

  /// The metrics of a face at a text size in px.
  ///
  /// - Parameters:
  ///   - face: The face's Skia metrics in font units.
  ///   - textSize: The text size in px (dp × density).
  init(_ face: SkiaFaceMetrics, textSize: Double) {
    let size = Float(textSize)
    let upem = Float(face.unitsPerEm)
    // Skia divides by the em first, then scales (SkScalar is float).
    func scaled(_ units: Int) -> Float { (Float(units) / upem) * size }
    let ascent = -scaled(face.ascender)
    let descent = -scaled(face.descender)
    let leading = scaled(face.lineGap)
    let top = -scaled(face.yMax)
    let bottom = -scaled(face.yMin)
    self.ascent = Int((ascent + 0.5).rounded(.down))
    self.descent = Int((descent + 0.5).rounded(.down))
    self.leading = Int((leading + 0.5).rounded(.down))
    self.top = Int(top.rounded(.down))
    self.bottom = Int(bottom.rounded(.up))
  }
}

/// A face's vertical metrics in font units, as Skia's FreeType port chooses them (see
/// ``AndroidFontMetrics``).
struct SkiaFaceMetrics: Hashable, Sendable {
  /// Units per em (`head.unitsPerEm`).
  var unitsPerEm: Int
  /// The ascender: `OS/2.sTypoAscender` under `USE_TYPO_METRICS`, else `hhea.ascender`.
  var ascender: Int
  /// The descender (negative): `OS/2.sTypoDescender` or `hhea.descender`.
  var descender: Int
  /// The line gap: `OS/2.sTypoLineGap` or `hhea.lineGap`.
  var lineGap: Int
  /// `head.yMax`.
  var yMax: Int
  /// `head.yMin`.
  var yMin: Int

  /// Reads the metrics from a face's `head`, `hhea` and `OS/2` tables; `nil` when `head` or
  /// `hhea` is missing or short.
  ///
  /// - Parameter table: The bytes of a table by tag (empty when the face has none).
  /// - Returns: The metrics, or `nil` without a readable `head` and `hhea`.
  static func read(_ table: (String) -> [UInt8]) -> SkiaFaceMetrics? {
    let head = table("head")
    let hhea = table("hhea")
    guard head.count >= 54, hhea.count >= 36 else { return nil }
    func u16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
    func s16(_ bytes: [UInt8], _ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(bytes, at)))) }
    var metrics = SkiaFaceMetrics(
      unitsPerEm: max(1, u16(head, 18)), ascender: s16(hhea, 4), descender: s16(hhea, 6),
      lineGap: s16(hhea, 8), yMax: s16(head, 42), yMin: s16(head, 38))
    let os2 = table("OS/2")
    if os2.count >= 78, u16(os2, 62) & (1 << 7) != 0 {
      metrics.ascender = s16(os2, 68)
      metrics.descender = s16(os2, 70)
      metrics.lineGap = s16(os2, 72)
    }
    return metrics
  }
}
