// SPDX-License-Identifier: Apache-2.0

internal import CFreeType
internal import CTypeScaleShims
import TypeScaleMetrics

/// Reads every face of one font file or buffer with FreeType.
///
/// It reads names, style, metrics, axes, named instances and coverage. Glyph outlines are not kept; one glyph per face is loaded to
/// prove the face is usable.
///
/// A file is accepted only if FreeType opens every face in it and loads a glyph from each
/// (FreeType is the gate: HarfBuzz alone accepts truncated files, reference/fonts.md §3.9).
struct FaceScanner {
  /// The bytes to scan: an open file (read with `pread`) or memory.
  enum Input {
    case file(FileDescriptor)
    case memory(UnsafeBufferPointer<UInt8>)
  }

  let library: FreeTypeLibrary
  let input: Input
  let source: FontSource
  /// The face and named-instance limits, checked before enumerating.
  let limits: FontRegistry.Options

  private var name: String { source.fileName }

  /// Opens one face.
  ///
  /// Wraps `FT_Open_Face()` (through the pread stream) or `FT_New_Memory_Face()`.
  private func open(_ index: Int) throws(FontError) -> FreeTypeFace {
    var face: FT_Face?
    let error: FT_Error
    let function: String
    switch input {
    case .file(let file):
      error = CTypeScaleShims_openFaceFromDescriptor(
        library.handle, file.descriptor, UInt(file.size), index, &face)
      function = "FT_Open_Face"
    case .memory(let bytes):
      error = FT_New_Memory_Face(library.handle, bytes.baseAddress, bytes.count, index, &face)
      function = "FT_New_Memory_Face"
    }
    try FreeTypeCheck.call(error, function, file: name)
    guard let face else {
      throw FontError(.corruptFont, "\(name) could not be opened", function: function)
    }
    return FreeTypeFace(face, library: library)
  }

  /// Every face of the input, in file order; named instances expand a variable face.
  func scan() throws(FontError) -> [FontFace] {
    let first = try open(0)
    let count = first.handle.pointee.num_faces
    guard count >= 1 else {
      throw FontError(.corruptFont, "\(name) declares \(count) faces")
    }
    // FreeType reads the count from a collection's header (ttcf or WOFF2): check it before
    // opening any other face.
    try SFNTDirectory.checkFaceCount(count, name: name, limit: limits.maximumFacesPerFile)
    guard count <= 0xFFFF else {
      throw FontError(.corruptFont, "\(name) declares \(count) faces")
    }
    var faces: [FontFace] = []
    for index in 0..<count {
      let face = index == 0 ? first : try open(index)
      faces += try scanFace(face, collectionIndex: index)
    }
    return faces
  }

  private func scanFace(_ face: FreeTypeFace, collectionIndex: Int) throws(FontError) -> [FontFace]
  {
    let handle = face.handle
    let label =
      collectionIndex == 0 && handle.pointee.num_faces == 1
      ? name : "\(name) face \(collectionIndex)"
    guard CTypeScaleShims_isSFNT(handle) != 0 else {
      throw FontError(.notAFont, "\(label) is not an OpenType or TrueType font")
    }
    // Colour bitmap fonts (CBDT, sbix: Noto Color Emoji, Apple Color Emoji) have no outlines,
    // only fixed sizes; they still shape with HarfBuzz and render with FreeType.
    let isBitmapOnly = CTypeScaleShims_isScalable(handle) == 0
    guard !isBitmapOnly || handle.pointee.num_fixed_sizes > 0 else {
      throw FontError(.notAFont, "\(label) has neither outlines nor bitmaps")
    }
    let glyphCount = Int(handle.pointee.num_glyphs)
    guard glyphCount > 0 else { throw FontError(.corruptFont, "\(label) has no glyphs") }
    // FreeType counts the `fvar` instances when it opens the face (the high 16 bits of
    // style_flags); check the count before `FT_Get_MM_Var` builds them all.
    try SFNTDirectory.checkNamedInstanceCount(
      Int(handle.pointee.style_flags >> 16), label: label,
      limit: limits.maximumNamedInstancesPerFace)

    let coverage = _coverage(handle)
    try validateGlyphs(handle, coverage: coverage, label: label, bitmapOnly: isBitmapOnly)
    let names = SFNTNameTable(face: handle)
    let metrics = _metrics(handle, glyphCount: glyphCount)
    let family =
      names.best(16) ?? names.best(1) ?? handle.pointee.family_name.map { String(cString: $0) }
      ?? _stem(name)
    var familyNames: [String] = []
    for candidate in [family] + names.all(16) + names.all(1) + names.all(21)
    where !familyNames.contains(where: { CaseFolding.fold($0) == CaseFolding.fold(candidate) }) {
      familyNames.append(candidate)
    }
    let staticStyle =
      names.best(17) ?? names.best(2) ?? handle.pointee.style_name.map { String(cString: $0) }
      ?? "Regular"
    let os2 = OS2(handle)
    let staticWeight = os2.weight
    let staticWidth = os2.width
    let staticSlope = _slope(handle, os2: os2)

    let (axes, instances) = _variations(handle, names: names)
    guard !instances.isEmpty else {
      let postScript: (String, PostScriptNameSource) =
        freeTypePostScriptName(handle).map { ($0, .font) }
        ?? names.best(6).map { ($0, .font) }
        ?? (synthesizePostScriptName(prefix: family, style: staticStyle), .synthesized)
      return [
        FontFace(
          FontFace._Storage(
            postScriptName: postScript.0, postScriptNameSource: postScript.1, family: family,
            familyNames: familyNames, styleName: staticStyle, fullName: names.best(4),
            weight: staticWeight, width: staticWidth, slope: staticSlope, axes: axes,
            namedInstances: [], namedInstanceIndex: nil, variationCoordinates: [:],
            metrics: metrics, coverage: coverage, source: source, faceIndex: collectionIndex))
      ]
    }

    var faces: [FontFace] = []
    let prefix = names.best(25) ?? family
    for (offset, instance) in instances.enumerated() {
      // FT_Set_Named_Instance is 1-based; FreeType then reports the instance's PostScript name
      // (Adobe Technote #5902) when it can.
      let instanceIndex = offset + 1
      try FreeTypeCheck.call(
        FT_Set_Named_Instance(handle, FT_UInt(instanceIndex)), "FT_Set_Named_Instance", file: label)
      let postScript: (String, PostScriptNameSource) =
        instance.postScriptName.map { ($0, .namedInstance) }
        ?? freeTypePostScriptName(handle).map { ($0, .font) }
        ?? (synthesizePostScriptName(prefix: prefix, style: instance.styleName), .synthesized)
      let coordinates = instance.coordinates
      let weight =
        coordinates["wght"].flatMap { try? FontWeight(Int($0.rounded())) } ?? staticWeight
      let width =
        coordinates["wdth"].flatMap { $0 > 0 ? FontWidth(_unchecked: $0) : nil } ?? staticWidth
      var slope = staticSlope
      if coordinates["ital"] != nil || coordinates["slnt"] != nil {
        if let ital = coordinates["ital"], ital >= 0.5 {
          slope = .italic
        } else if let slnt = coordinates["slnt"], slnt != 0 {
          slope = .oblique(degrees: -slnt)
        } else {
          slope = .upright
        }
      }
      faces.append(
        FontFace(
          FontFace._Storage(
            postScriptName: postScript.0, postScriptNameSource: postScript.1, family: family,
            familyNames: familyNames, styleName: instance.styleName,
            fullName: "\(family) \(instance.styleName)", weight: weight, width: width,
            slope: slope, axes: axes, namedInstances: instances, namedInstanceIndex: offset,
            variationCoordinates: coordinates, metrics: metrics, coverage: coverage,
            source: source, faceIndex: instanceIndex << 16 | collectionIndex)))
    }
    return faces
  }

  // MARK: - Pieces

  /// Loads the glyph of the first mapped character and the last glyph, unscaled and unhinted: a
  /// truncated `glyf`/`CFF` table fails here even when the directory parsed.
  private func validateGlyphs(
    _ face: FT_Face, coverage: CharacterCoverage, label: String, bitmapOnly: Bool
  ) throws(FontError) {
    var flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
    if bitmapOnly {
      // Bitmap glyphs load at a strike: select the first one and load in colour.
      try FreeTypeCheck.call(FT_Select_Size(face, 0), "FT_Select_Size", file: label)
      flags = Int32(FT_LOAD_COLOR)
    }
    var glyphs: [FT_UInt] = [FT_UInt(face.pointee.num_glyphs - 1)]
    if let first = coverage.ranges.first?.lowerBound {
      glyphs.insert(FT_Get_Char_Index(face, FT_ULong(first)), at: 0)
    }
    for glyph in glyphs {
      let error = FT_Load_Glyph(face, glyph, flags)
      guard error == 0 else {
        throw FontError(
          .corruptFont, "\(label) is truncated or corrupt: glyph \(glyph) cannot be loaded",
          underlying: error, function: "FT_Load_Glyph")
      }
    }
  }

  /// The Unicode cmap as ranges of scalar values, walked with `FT_Get_First_Char` /
  /// `FT_Get_Next_Char`.
  ///
  /// Only Unicode scalar values are walked: the walk jumps over the surrogates (U+D800–DFFF) and
  /// stops after U+10FFFF, so a `cmap` group that maps all 2³² codes costs at most the 1 112 064
  /// scalars, not four billion steps. It also stops if FreeType ever returns a code that does not
  /// increase.
  private func _coverage(_ face: FT_Face) -> CharacterCoverage {
    guard FT_Select_Charmap(face, FT_ENCODING_UNICODE) == 0 else { return .empty }
    var ranges: [ClosedRange<UInt32>] = []
    var start: UInt32 = 0
    var end: UInt32 = 0
    var open = false
    var glyph: FT_UInt = 0
    var code = FT_Get_First_Char(face, &glyph)
    while glyph != 0, code <= 0x10FFFF {
      if (0xD800...0xDFFF).contains(code) {
        // Resume after the surrogates: FT_Get_Next_Char returns the first mapped code above.
        let previous = code
        code = FT_Get_Next_Char(face, 0xDFFF, &glyph)
        guard code > previous else { break }
        continue
      }
      let value = UInt32(code)
      if open, value == end &+ 1 {
        end = value
      } else {
        if open { ranges.append(start...end) }
        (start, end, open) = (value, value, true)
      }
      let previous = code
      code = FT_Get_Next_Char(face, code, &glyph)
      guard code > previous else { break }
    }
    if open { ranges.append(start...end) }
    return CharacterCoverage(ranges: ranges)
  }

  private func _metrics(_ face: FT_Face, glyphCount: Int) -> FontFaceMetrics {
    let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?
      .assumingMemoryBound(to: TT_HoriHeader.self).pointee
    let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
    let hasHeights = os2.map { $0.version >= 2 && $0.version != 0xFFFF } ?? false
    func glyphTop(_ scalar: UInt32) -> Int? {
      let glyph = FT_Get_Char_Index(face, FT_ULong(scalar))
      let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
      guard glyph != 0, FT_Load_Glyph(face, glyph, flags) == 0 else { return nil }
      return Int(face.pointee.glyph.pointee.metrics.horiBearingY)
    }
    let capHeight =
      hasHeights && (os2?.sCapHeight ?? 0) > 0 ? os2.map { Int($0.sCapHeight) } : glyphTop(0x48)
    let xHeight =
      hasHeights && (os2?.sxHeight ?? 0) > 0 ? os2.map { Int($0.sxHeight) } : glyphTop(0x78)
    return FontFaceMetrics(
      // FreeType reports 0 units per em for bitmap-only fonts (CBDT emoji): read `head`.
      unitsPerEm: face.pointee.units_per_EM != 0
        ? Int(face.pointee.units_per_EM)
        : Int(
          FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?.assumingMemoryBound(to: TT_Header.self).pointee
            .Units_Per_EM ?? 1000),
      ascender: Int(hhea?.Ascender ?? face.pointee.ascender),
      descender: Int(hhea?.Descender ?? face.pointee.descender),
      lineGap: Int(hhea?.Line_Gap ?? 0),
      capHeight: capHeight, xHeight: xHeight, glyphCount: glyphCount)
  }

  /// OS/2 weight, width and selection flags, with the `head` table's bits as a fallback.
  private struct OS2 {
    var weight = FontWeight.regular
    var width = FontWidth.normal
    var italic = false
    var oblique = false

    init(_ face: FT_Face) {
      let bold = face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
      let head = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD)?
        .assumingMemoryBound(to: TT_Header.self).pointee
      if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?
        .assumingMemoryBound(to: TT_OS2.self).pointee, os2.version != 0xFFFF
      {
        weight = (try? FontWeight(Int(os2.usWeightClass))) ?? (bold ? .bold : .regular)
        width = FontWidth(widthClass: Int(os2.usWidthClass)) ?? .normal
        italic = os2.fsSelection & 0x0001 != 0
        oblique = os2.version >= 4 && os2.fsSelection & 0x0200 != 0
      } else {
        weight = bold ? .bold : .regular
        italic = (head?.Mac_Style ?? 0) & 0x0002 != 0
      }
    }
  }

  private func _slope(_ face: FT_Face, os2: OS2) -> FontSlope {
    if os2.oblique {
      let post = FT_Get_Sfnt_Table(face, FT_SFNT_POST)?
        .assumingMemoryBound(to: TT_Postscript.self).pointee
      let angle = -Double(post?.italicAngle ?? 0) / 65536
      return .oblique(degrees: angle == 0 ? 14 : angle)
    }
    return os2.italic ? .italic : .upright
  }

  /// Axes and named instances from `FT_Get_MM_Var()`, released with `FT_Done_MM_Var()`.
  private func _variations(
    _ face: FT_Face, names: SFNTNameTable
  ) -> ([VariationAxis], [NamedInstance]) {
    guard CTypeScaleShims_hasMultipleMasters(face) != 0 else { return ([], []) }
    var master: UnsafeMutablePointer<FT_MM_Var>?
    guard FT_Get_MM_Var(face, &master) == 0, let master else { return ([], []) }
    defer { FT_Done_MM_Var(library.handle, master) }
    let mm = master.pointee
    var axes: [VariationAxis] = []
    for index in 0..<Int(mm.num_axis) {
      let axis = mm.axis[index]
      let tag = _tagString(UInt32(truncatingIfNeeded: axis.tag))
      axes.append(
        VariationAxis(
          tag: tag,
          name: names.best(UInt16(truncatingIfNeeded: axis.strid))
            ?? axis.name.map { String(cString: $0) } ?? tag,
          minimum: Double(axis.minimum) / 65536, defaultValue: Double(axis.def) / 65536,
          maximum: Double(axis.maximum) / 65536))
    }
    var instances: [NamedInstance] = []
    for index in 0..<Int(mm.num_namedstyles) {
      let style = mm.namedstyle[index]
      var coordinates: [String: Double] = [:]
      for (axisIndex, axis) in axes.enumerated() {
        coordinates[axis.tag] = Double(style.coords[axisIndex]) / 65536
      }
      let psid = UInt16(truncatingIfNeeded: style.psid)
      instances.append(
        NamedInstance(
          styleName: names.best(UInt16(truncatingIfNeeded: style.strid)) ?? "Instance \(index + 1)",
          postScriptName: psid == 0xFFFF || psid == 0 ? nil : names.best(psid),
          coordinates: coordinates))
    }
    return (axes, instances)
  }

  private func freeTypePostScriptName(_ face: FT_Face) -> String? {
    guard let name = FT_Get_Postscript_Name(face) else { return nil }
    let string = String(cString: name)
    return string.isEmpty ? nil : string
  }

  /// `Prefix-Style` with spaces and PostScript's forbidden characters removed
  /// (Adobe Technote #5902, reference/fonts.md §3.4).
  private func synthesizePostScriptName(prefix: String, style: String) -> String {
    func clean(_ text: String) -> String {
      String(
        text.unicodeScalars.filter {
          (33...126).contains($0.value) && !"[](){}<>/%".unicodeScalars.contains($0)
        }.map(Character.init))
    }
    let head = clean(prefix)
    let tail = clean(style)
    return tail.isEmpty ? head : "\(head)-\(tail)"
  }

  private func _tagString(_ tag: UInt32) -> String {
    String(
      decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
  }

  private func _stem(_ fileName: String) -> String {
    guard let dot = fileName.lastIndex(of: ".") else { return fileName }
    return String(fileName[..<dot])
  }
}

/// The owner of one `FT_Face`, destroyed with `FT_Done_Face()`; keeps its library alive.
final class FreeTypeFace {
  let handle: FT_Face
  private let library: FreeTypeLibrary

  init(_ handle: FT_Face, library: FreeTypeLibrary) {
    self.handle = handle
    self.library = library
  }

  deinit { FT_Done_Face(handle) }
}
