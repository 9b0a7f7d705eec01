// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleInternals

/// HarfBuzz fonts by face, variation coordinates and (for size-dependent faces) point size.
///
/// Capacity: 128 fonts; when full, the least recently used half is dropped. A font holds a copy of
/// its face's bytes, read through the registry's ``FontDataCache``.
final class HarfBuzzFontCache: Sendable {
  struct Key: Hashable, Sendable {
    var face: FontFace.ID
    var coordinates: String
    var pointSize: Double?
  }

  private struct _State {
    var fonts: [Key: (font: HarfBuzzFont, lastUse: UInt64)] = [:]
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
    let bytes: [UInt8]
    do throws(FontError) {
      bytes = try dataCache.sfntBytes(for: face.source)
    } catch {
      throw LayoutError(error)
    }
    var font = try HarfBuzzFont(
      bytes: bytes, collectionIndex: face.collectionIndex, coordinates: coordinates,
      pointSize: nil, name: face.source.fileName)
    if font.isSizeDependent {
      key.pointSize = pointSize
      font = try HarfBuzzFont(
        bytes: bytes, collectionIndex: face.collectionIndex, coordinates: coordinates,
        pointSize: pointSize, name: face.source.fileName)
    }
    let made = font
    _state.withLock { state in
      state.sizeDependent[face.id] = made.isSizeDependent
      state.clock += 1
      state.fonts[key] = (made, state.clock)
      if state.fonts.count > capacity {
        let oldest = state.fonts.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, _) in oldest.prefix(capacity / 2) { state.fonts[key] = nil }
      }
    }
    return (made, made.isSizeDependent)
  }
}
