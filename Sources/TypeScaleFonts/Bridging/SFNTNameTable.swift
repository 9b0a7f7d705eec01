// SPDX-License-Identifier: Apache-2.0

internal import CFreeType

/// The decoded `name` table of one face, read through `FT_Get_Sfnt_Name`.
///
/// Strings are decoded to Swift strings once: UTF-16BE for the Unicode (0) and Windows (3)
/// platforms, Mac Roman's ASCII subset for Macintosh (1). Lookups prefer Windows English (US),
/// then any Windows English, then any Windows string, then Unicode, then Macintosh.
struct SFNTNameTable {
  struct Record {
    let platform: UInt16
    let encoding: UInt16
    let language: UInt16
    let nameID: UInt16
    let string: String
  }

  let records: [Record]

  init(face: FT_Face) {
    var records: [Record] = []
    let count = FT_Get_Sfnt_Name_Count(face)
    records.reserveCapacity(Int(count))
    for index in 0..<count {
      var name = FT_SfntName()
      guard FT_Get_Sfnt_Name(face, index, &name) == 0, let bytes = name.string else { continue }
      let buffer = UnsafeBufferPointer(start: bytes, count: Int(name.string_len))
      guard
        let string = Self._decode(buffer, platform: name.platform_id, encoding: name.encoding_id)
      else { continue }
      records.append(
        Record(
          platform: name.platform_id, encoding: name.encoding_id, language: name.language_id,
          nameID: name.name_id, string: string))
    }
    self.records = records
  }

  /// The best string for a name ID, or `nil` when the table has none (or only empty ones).
  func best(_ nameID: UInt16) -> String? {
    var bestRank = Int.max
    var best: String?
    for record in records where record.nameID == nameID && !record.string.isEmpty {
      let rank = Self._rank(record)
      if rank < bestRank {
        bestRank = rank
        best = record.string
      }
    }
    return best
  }

  /// Every distinct string for a name ID, best first.
  func all(_ nameID: UInt16) -> [String] {
    records.filter { $0.nameID == nameID && !$0.string.isEmpty }
      .sorted { Self._rank($0) < Self._rank($1) }
      .map(\.string)
  }

  private static func _rank(_ record: Record) -> Int {
    switch record.platform {
    case 3 where record.language == 0x0409: 0
    case 3 where record.language & 0xFF == 0x09: 1
    case 3: 2
    case 0: 3
    case 1 where record.language == 0: 4
    default: 5
    }
  }

  private static func _decode(
    _ bytes: UnsafeBufferPointer<UInt8>, platform: UInt16, encoding: UInt16
  ) -> String? {
    switch platform {
    case 0, 3:
      guard bytes.count % 2 == 0 else { return nil }
      // Unicode and every Windows encoding TypeScale meets (Symbol 0, BMP 1, full 10) store
      // names as UTF-16BE.
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      for index in stride(from: 0, to: bytes.count, by: 2) {
        units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
      }
      return String(decoding: units, as: UTF16.self)
    case 1 where encoding == 0:
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    default:
      return nil
    }
  }
}
