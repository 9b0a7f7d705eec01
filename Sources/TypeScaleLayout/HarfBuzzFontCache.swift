// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleInternals

/// HarfBuzz fonts by face, variation coordinates and (for size-dependent faces) point size, and
/// the HarfBuzz faces they share.
///
/// Capacity: 128 fonts; when full, the least recently used half is dropped, and with it every
/// face no remaining font uses. There is one ``HarfBuzzFace`` per face of a font file (source and
/// collection index, so a variable font's named instances share one too), made from the bytes
/// the registry's ``FontDataCache`` holds without copying them: however many sizes and
/// variations are in use, a face's bytes are in memory once.
final class HarfBuzzFontCache: Sendable {
  struct Key: Hashable, Sendable {
    var face: FontFace.ID
    var coordinates: String
    var pointSize: Double?
  }

  /// A face of a font file: what a ``HarfBuzzFace`` is made from.
  struct FaceKey: Hashable, Sendable {
    var source: FontSource
    var collectionIndex: Int
  }

  private struct _State {
    var fonts: [Key: (font: HarfBuzzFont, lastUse: UInt64)] = [:]
    var faces: [FaceKey: HarfBuzzFace] = [:]
    var sizeDependent: [FontFace.ID: Bool] = [:]
    var clock: UInt64 = 0
  }

  private let _state = Locked(_State())
  private let dataCache: FontDataCache
  private let capacity = 128

  init(dataCache: FontDataCache) { self.dataCache = dataCache }

  /// The coordinates to apply: the face's named instance, then `overrides`.
  static func coordinates(for face: FontFace, overrides: [String: Double]) -> [String: Double] {
    guard face.isVariable else { return [:] }
    var values = face.variationCoordinates
    for (tag, value) in overrides where face.axes.contains(where: { $0.tag == tag }) {
      values[tag] = value
    }
    return values
  }

  static func coordinateKey(_ values: [String: Double]) -> String {
    values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
  }

  /// The font for a face at a size; the size is ignored unless the face depends on it.
  func font(
    for face: FontFace, overrides: [String: Double], pointSize: Double
  ) throws(LayoutError) -> (font: HarfBuzzFont, sizeDependent: Bool) {
    let coordinates = face.isVariable ? Self.coordinates(for: face, overrides: overrides) : [:]
    let coordinateKey = face.isVariable ? Self.coordinateKey(coordinates) : ""
    var key = Key(face: face.id, coordinates: coordinateKey, pointSize: nil)
    if let font = _state.withLock({ state -> HarfBuzzFont? in
      if state.sizeDependent[face.id] == true { key.pointSize = pointSize }
      state.clock += 1
      guard let entry = state.fonts[key] else { return nil }
      state.fonts[key] = (entry.font, state.clock)
      return entry.font
    }) {
      return (font, font.isSizeDependent)
    }
    let harfBuzzFace = try self.face(for: face)
    if harfBuzzFace.isSizeDependent { key.pointSize = pointSize }
    let made = try HarfBuzzFont(
      face: harfBuzzFace, coordinates: coordinates,
      pointSize: harfBuzzFace.isSizeDependent ? pointSize : nil, name: face.source.fileName)
    _state.withLock { state in
      state.sizeDependent[face.id] = made.isSizeDependent
      state.clock += 1
      state.fonts[key] = (made, state.clock)
      if state.fonts.count > capacity {
        let oldest = state.fonts.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, _) in oldest.prefix(capacity / 2) { state.fonts[key] = nil }
        let used = Set(state.fonts.values.map { ObjectIdentifier($0.font.face) })
        state.faces = state.faces.filter { used.contains(ObjectIdentifier($0.value)) }
      }
    }
    return (made, made.isSizeDependent)
  }

  /// The HarfBuzz face for a font face's file and collection index, made on first use.
  func face(for face: FontFace) throws(LayoutError) -> HarfBuzzFace {
    let key = FaceKey(source: face.source, collectionIndex: face.collectionIndex)
    if let cached = _state.withLock({ $0.faces[key] }) { return cached }
    let bytes: [UInt8]
    do throws(FontError) {
      bytes = try dataCache.sfntBytes(for: face.source)
    } catch {
      throw LayoutError(error)
    }
    let made = try HarfBuzzFace(
      bytes: bytes, collectionIndex: face.collectionIndex, name: face.source.fileName)
    // Another thread may have made it meanwhile: keep the first, so that fonts share it.
    return _state.withLock { state in
      if let existing = state.faces[key] { return existing }
      state.faces[key] = made
      return made
    }
  }

  /// The number of HarfBuzz faces held, for tests.
  var faceCount: Int { _state.withLock { $0.faces.count } }
}
