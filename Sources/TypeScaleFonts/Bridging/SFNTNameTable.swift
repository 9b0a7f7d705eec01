// SPDX-License-Identifier: Apache-2.0

internal import CFreeType

/// The `name` table of one face, read through `FT_Get_Sfnt_Name`.
///
/// Records keep their raw bytes; a string is decoded only when a lookup needs it: UTF-16BE for
/// the Unicode (0) and Windows (3) platforms, Mac Roman's ASCII subset for Macintosh (1). A
/// record whose bytes do not decode counts as absent. Lookups prefer Windows English (US), then
/// any Windows English, then any Windows string, then Unicode, then Macintosh. Decoding on
/// demand skips the long records no lookup reads (copyright, description, licence: most of the
/// table), which were 7% of `typescale measure Hi`'s instructions when every record was decoded
/// as the registry scanned the embedded faces; the answers are the same
/// (`SFNTNameTableTests` compares both over every embedded face).
struct SFNTNameTable {
  struct Record {
    let platform: UInt16
    let encoding: UInt16
    let language: UInt16
    let nameID: UInt16
    let bytes: [UInt8]

    /// The decoded string, or `nil` when the bytes are not in an encoding TypeScale reads.
    var string: String? {
      bytes.withUnsafeBufferPointer {
        SFNTNameTable._decode($0, platform: platform, encoding: encoding)
      }
    }
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
      records.append(
        Record(
          platform: name.platform_id, encoding: name.encoding_id, language: name.language_id,
          nameID: name.name_id, bytes: Array(buffer)))
    }
    self.records = records
  }

  /// The best string for a name ID, or `nil` when the table has none (or only empty ones).
  ///
  /// The first record of the lowest rank whose string decodes and is not empty: records are
  /// decoded in table order, and only those that would rank better than the best so far.
  func best(_ nameID: UInt16) -> String? {
    var bestRank = Int.max
    var best: String?
    for record in records where record.nameID == nameID {
      let rank = Self._rank(record)
      guard rank < bestRank, let string = record.string, !string.isEmpty else { continue }
      bestRank = rank
      best = string
    }
    return best
  }

  /// Every distinct string for a name ID, best first.
  func all(_ nameID: UInt16) -> [String] {
    records.compactMap { record -> (record: Record, string: String)? in
      guard record.nameID == nameID, let string = record.string, !string.isEmpty else {
        return nil
      }
      return (record, string)
    }
    .sorted { Self._rank($0.record) < Self._rank($1.record) }
    .map(\.string)
  }

  /// Every record's decoded string in table order, records that do not decode left out: what
  /// the table held when every record was decoded up front (the reference the tests compare
  /// ``best(_:)`` and ``all(_:)`` with).
  var decodedRecords: [(nameID: UInt16, rank: Int, string: String)] {
    records.compactMap { record in
      record.string.map { (record.nameID, Self._rank(record), $0) }
    }
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

  fileprivate static func _decode(
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
