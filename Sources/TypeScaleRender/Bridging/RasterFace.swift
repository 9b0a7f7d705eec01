// SPDX-License-Identifier: Apache-2.0

internal import CFreeType
internal import CTypeScaleShims
import TypeScaleFonts
import TypeScaleMetrics

/// One face opened for drawing, with a copy of the font bytes it reads from.
///
/// Wraps `FT_New_Memory_Face()` / `FT_Done_Face()`. FreeType reads a memory face's bytes for as
/// long as the face lives, so the face owns a copy of them (an array's storage may move) and
/// frees it after `FT_Done_Face`. It keeps its ``RasterLibrary`` alive.
///
/// Not `Sendable`: an `FT_Face` holds its current size, variation and glyph slot, so one thread
/// at a time uses it (``Renderer`` keeps it behind its mutex).
final class RasterFace {
  let handle: FT_Face
  let library: RasterLibrary
  private let bytes: UnsafeMutableRawBufferPointer
  /// The PostScript name, for messages.
  let name: String
  /// Whether the face has outlines; bitmap-only faces (CBDT, sbix) have fixed strikes instead.
  let isScalable: Bool
  /// Whether the face has colour glyphs (CBDT, sbix, COLR): loaded with `FT_LOAD_COLOR`.
  let hasColor: Bool
  /// The variation axes' tags, in `fvar` order; empty for static faces.
  private let axisTags: [String]
  /// The design coordinates the face opened with (its named instance's), 16.16.
  private let baseCoordinates: [FT_Fixed]
  /// The design coordinates now applied, 16.16.
  private var appliedCoordinates: [FT_Fixed]
  /// The size now selected, 26.6 pixels per em, and the bitmap scale it needs.
  private var selectedSize: (pixelsPerEm: Int32, bitmapScale: Double)?

  /// Opens a face from a copy of `source`.
  ///
  /// - Parameters:
  ///   - source: The font file's bytes (TTF, OTF, a collection, WOFF or WOFF2).
  ///   - faceIndex: FreeType's face index, named-instance bits included.
  ///   - name: The PostScript name, for messages.
  ///   - library: The library to open it in.
  /// - Throws: ``RenderError/Code/freeType`` when FreeType cannot open it.
  init(source: [UInt8], faceIndex: Int, name: String, library: RasterLibrary) throws(RenderError) {
    let bytes = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(1, source.count), alignment: 16)
    source.withUnsafeBytes { bytes.copyMemory(from: $0) }
    var face: FT_Face?
    let error = FT_New_Memory_Face(
      library.handle, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), source.count,
      faceIndex, &face)
    guard error == 0, let face else {
      bytes.deallocate()
      try FreeTypeCheck.call(
        error == 0 ? FreeTypeCheck.invalidArgument : error, "FT_New_Memory_Face", name)
      preconditionFailure("FreeTypeCheck throws for a non-zero status")
    }
    self.handle = face
    self.library = library
    self.bytes = bytes
    self.name = name
    self.isScalable = CTypeScaleShims_isScalable(face) != 0
    self.hasColor = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
    var tags: [String] = []
    var coordinates: [FT_Fixed] = []
    if CTypeScaleShims_hasMultipleMasters(face) != 0 {
      var master: UnsafeMutablePointer<FT_MM_Var>?
      if FT_Get_MM_Var(face, &master) == 0, let master {
        let count = Int(master.pointee.num_axis)
        for index in 0..<count {
          tags.append(Self.tagString(UInt32(truncatingIfNeeded: master.pointee.axis[index].tag)))
        }
        coordinates = [FT_Fixed](repeating: 0, count: count)
        if FT_Get_Var_Design_Coordinates(face, FT_UInt(count), &coordinates) != 0 {
          coordinates = (0..<count).map { master.pointee.axis[$0].def }
        }
        FT_Done_MM_Var(library.handle, master)
      }
    }
    self.axisTags = tags
    self.baseCoordinates = coordinates
    self.appliedCoordinates = coordinates
  }

  deinit {
    FT_Done_Face(handle)
    bytes.deallocate()
  }

  // MARK: - Variations and size

  /// Applies variation coordinates on top of the face's named instance.
  ///
  /// Wraps `FT_Set_Var_Design_Coordinates()`; tags the face has no axis for are ignored, and
  /// nothing is called when the coordinates are already applied.
  ///
  /// - Parameter variations: Axis values by tag, in the axes' design units.
  /// - Throws: ``RenderError/Code/freeType`` when FreeType refuses them.
  func setVariations(_ variations: [String: Double]) throws(RenderError) {
    guard !axisTags.isEmpty else { return }
    var wanted = baseCoordinates
    for (index, tag) in axisTags.enumerated() {
      // 16.16 fixed point; a value past FT_Fixed's range is clamped there (FreeType clamps
      // coordinates to the axis's range anyway) instead of trapping in the conversion.
      if let value = variations[tag], !value.isNaN {
        wanted[index] = FT_Fixed((min(max(value, -32_767), 32_767) * 65536).rounded())
      }
    }
    guard wanted != appliedCoordinates else { return }
    try FreeTypeCheck.call(
      FT_Set_Var_Design_Coordinates(handle, FT_UInt(wanted.count), &wanted),
      "FT_Set_Var_Design_Coordinates", "\(name) variations")
    appliedCoordinates = wanted
    selectedSize = nil  // FreeType resets the size's scaled metrics with new coordinates
  }

  /// Sets the size glyphs are drawn at and returns how much bitmaps must still be scaled.
  ///
  /// Outline faces are sized exactly with `FT_Set_Char_Size()` (26.6 points at 72 dpi, so a
  /// point is a pixel); bitmap-only faces select the strike nearest the size, preferring a
  /// larger one, with `FT_Select_Size()`, and their bitmaps are scaled by the returned factor.
  ///
  /// - Parameter pixelsPerEm: The size in pixels per em, 26.6 fixed point.
  /// - Returns: The factor to scale bitmaps by: 1 for outline faces.
  /// - Throws: ``RenderError/Code/freeType`` when FreeType cannot use the size.
  func setSize(pixelsPerEm: Int32) throws(RenderError) -> Double {
    if let selectedSize, selectedSize.pixelsPerEm == pixelsPerEm {
      return selectedSize.bitmapScale
    }
    let scale: Double
    if isScalable {
      try FreeTypeCheck.call(
        FT_Set_Char_Size(handle, 0, FT_F26Dot6(pixelsPerEm), 72, 72), "FT_Set_Char_Size",
        "\(name) at \(Double(pixelsPerEm) / 64) px")
      scale = 1
    } else {
      let count = Int(handle.pointee.num_fixed_sizes)
      guard count > 0, let sizes = handle.pointee.available_sizes else {
        throw RenderError(.freeType, "\(name) has neither outlines nor bitmap strikes")
      }
      var best = 0
      for index in 0..<count {
        let candidate = Int32(sizes[index].y_ppem)
        let current = Int32(sizes[best].y_ppem)
        let candidateIsLarger = candidate >= pixelsPerEm
        let currentIsLarger = current >= pixelsPerEm
        if candidateIsLarger != currentIsLarger {
          if candidateIsLarger { best = index }
        } else if abs(candidate - pixelsPerEm) < abs(current - pixelsPerEm) {
          best = index
        }
      }
      try FreeTypeCheck.call(
        FT_Select_Size(handle, FT_Int(best)), "FT_Select_Size", "\(name) strike \(best)")
      let strike = Double(sizes[best].y_ppem)
      scale = strike > 0 ? Double(pixelsPerEm) / strike : 1
    }
    selectedSize = (pixelsPerEm, scale)
    return scale
  }

  // MARK: - Glyphs

  /// Rasterizes one glyph at the current size and variations.
  ///
  /// Loads with `FT_Load_Glyph()` (no hinting, so shapes match the unhinted advances the layout
  /// used; `FT_LOAD_COLOR` for colour faces), moves outlines by the pen's fraction of a pixel
  /// with `FT_Outline_Translate()`, and renders anti-aliased with `FT_Render_Glyph()`
  /// (`FT_RENDER_MODE_NORMAL`). Bitmap-only glyphs are then scaled by `bitmapScale`.
  ///
  /// - Parameters:
  ///   - glyph: The glyph ID.
  ///   - offsetX: The pen's x fraction of a pixel, 26.6 (0–63), to the right.
  ///   - offsetY: The pen's y fraction of a pixel, 26.6 (0–63), downward.
  ///   - bitmapScale: What ``setSize(pixelsPerEm:)`` returned.
  ///   - maximumPixels: The most pixels the bitmap may have (``RenderOptions/maximumPixels``):
  ///     an outline's box is measured with `FT_Outline_Get_CBox()` before it is rendered, a
  ///     strike's bitmap before it is scaled.
  /// - Returns: The bitmap, with its offsets from the pen position.
  /// - Throws: ``RenderError/Code/freeType`` when the glyph cannot be loaded or rendered;
  ///   ``RenderError/Code/imageTooLarge`` when its bitmap would be over `maximumPixels`.
  func rasterize(
    glyph: UInt32, offsetX: Int, offsetY: Int, bitmapScale: Double, maximumPixels: Int
  ) throws(RenderError) -> GlyphBitmap {
    var flags = FT_LOAD_NO_HINTING
    if hasColor { flags |= FT_LOAD_COLOR }
    try FreeTypeCheck.call(
      FT_Load_Glyph(handle, FT_UInt(glyph), Int32(flags)), "FT_Load_Glyph",
      "\(name) glyph \(glyph)")
    guard let slot = handle.pointee.glyph else {
      throw RenderError(.freeType, "\(name) has no glyph slot", function: "FT_Load_Glyph")
    }
    if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE && !hasColor {
      // FreeType's y axis points up: a pen below the pixel grid moves the outline down.
      FT_Outline_Translate(&slot.pointee.outline, FT_Pos(offsetX), -FT_Pos(offsetY))
    }
    if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
      var box = FT_BBox()
      FT_Outline_Get_CBox(&slot.pointee.outline, &box)
      // 26.6 fixed point; one pixel more each way for the rounding outward.
      try checkGlyphSize(
        width: Double(box.xMax - box.xMin) / 64 + 2, height: Double(box.yMax - box.yMin) / 64 + 2,
        glyph: glyph, maximumPixels: maximumPixels)
    }
    if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
      try FreeTypeCheck.call(
        FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL), "FT_Render_Glyph", "\(name) glyph \(glyph)")
    }
    let bitmap = try Self.copy(slot.pointee.bitmap, name: name, glyph: glyph)
    let placed = GlyphBitmap(
      width: bitmap.width, height: bitmap.height, left: Int(slot.pointee.bitmap_left),
      top: Int(slot.pointee.bitmap_top), pixels: bitmap.pixels)
    guard !isScalable else { return placed }
    try checkGlyphSize(
      width: (Double(placed.width) * bitmapScale).rounded(),
      height: (Double(placed.height) * bitmapScale).rounded(), glyph: glyph,
      maximumPixels: maximumPixels)
    return placed.scaled(by: bitmapScale)
  }

  /// Throws before a glyph bitmap of more than `maximumPixels` is allocated.
  private func checkGlyphSize(
    width: Double, height: Double, glyph: UInt32, maximumPixels: Int
  ) throws(RenderError) {
    guard width.isFinite, height.isFinite, width * height <= Double(maximumPixels) else {
      throw RenderError(
        .imageTooLarge,
        "\(name) glyph \(glyph) would be \(NumberText.shortest(width)) × "
          + "\(NumberText.shortest(height)) pixels, more than the limit of \(maximumPixels) "
          + "(RenderOptions.maximumPixels); use a smaller size or scale, or raise the limit")
    }
  }

  /// Copies an `FT_Bitmap` into Swift memory: grey and mono as coverage, BGRA (premultiplied,
  /// as FreeType gives it) as premultiplied RGBA.
  private static func copy(
    _ bitmap: FT_Bitmap, name: String, glyph: UInt32
  ) throws(RenderError) -> GlyphBitmap {
    let width = Int(bitmap.width)
    let rows = Int(bitmap.rows)
    guard width > 0, rows > 0, let buffer = bitmap.buffer else { return .empty }
    let pitch = Int(bitmap.pitch)
    // A negative pitch means rows are stored bottom-up, and buffer points at the top row.
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { buffer + y * pitch }
    switch bitmap.pixel_mode {
    case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
      let levels = max(2, Int(bitmap.num_grays))
      var coverage = [UInt8](repeating: 0, count: width * rows)
      for y in 0..<rows {
        let line = row(y)
        for x in 0..<width {
          let value = Int(line[x])
          coverage[y * width + x] =
            levels == 256 ? UInt8(value) : UInt8(min(255, value * 255 / (levels - 1)))
        }
      }
      return GlyphBitmap(width: width, height: rows, left: 0, top: 0, pixels: .coverage(coverage))
    case UInt8(FT_PIXEL_MODE_MONO.rawValue):
      var coverage = [UInt8](repeating: 0, count: width * rows)
      for y in 0..<rows {
        let line = row(y)
        for x in 0..<width where line[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 {
          coverage[y * width + x] = 255
        }
      }
      return GlyphBitmap(width: width, height: rows, left: 0, top: 0, pixels: .coverage(coverage))
    case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
      var rgba = [UInt8](repeating: 0, count: width * rows * 4)
      for y in 0..<rows {
        let line = row(y)
        for x in 0..<width {
          let index = (y * width + x) * 4
          rgba[index] = line[x * 4 + 2]
          rgba[index + 1] = line[x * 4 + 1]
          rgba[index + 2] = line[x * 4]
          rgba[index + 3] = line[x * 4 + 3]
        }
      }
      return GlyphBitmap(
        width: width, height: rows, left: 0, top: 0, pixels: .premultipliedRGBA(rgba))
    default:
      throw RenderError(
        .freeType,
        "\(name) glyph \(glyph) came back in pixel mode \(bitmap.pixel_mode), which TypeScale "
          + "cannot draw; use an outline or colour-bitmap font",
        function: "FT_Render_Glyph")
    }
  }

  private static func tagString(_ tag: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> UInt32($0)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
