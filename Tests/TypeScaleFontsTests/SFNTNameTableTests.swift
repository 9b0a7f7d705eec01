// SPDX-License-Identifier: Apache-2.0

import CFreeType
import Foundation
import Testing

@testable import TypeScaleFonts

/// The `name` table decodes records on demand; its lookups must answer exactly what they did
/// when every record was decoded up front.
@Suite struct SFNTNameTableTests {
  /// Every embedded font file and every fixture font (variable ones included).
  static let files: [String] = {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let embedded = EmbeddedFonts.fileNames.map {
      root.appendingPathComponent("Sources/TypeScaleFonts/Fonts/\($0)").path
    }
    let fixtures = root.appendingPathComponent("Tests/Fixtures/Fonts")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
    return embedded
      + names.filter { ($0.hasSuffix(".ttf") || $0.hasSuffix(".otf")) && !$0.hasPrefix("broken") }
      .sorted().map { fixtures.appendingPathComponent($0).path }
  }()

  /// The eager table's `best`: the first decoded, non-empty record of the lowest rank.
  static func eagerBest(
    _ records: [(nameID: UInt16, rank: Int, string: String)], _ nameID: UInt16
  ) -> String? {
    var bestRank = Int.max
    var best: String?
    for record in records where record.nameID == nameID && !record.string.isEmpty {
      if record.rank < bestRank {
        bestRank = record.rank
        best = record.string
      }
    }
    return best
  }

  /// The eager table's `all`: decoded, non-empty records of the ID, by rank.
  static func eagerAll(
    _ records: [(nameID: UInt16, rank: Int, string: String)], _ nameID: UInt16
  ) -> [String] {
    records.filter { $0.nameID == nameID && !$0.string.isEmpty }
      .sorted { $0.rank < $1.rank }
      .map(\.string)
  }

  @Test(arguments: files)
  func lookups_matchTheEagerlyDecodedTable(path: String) throws {
    var library: FT_Library?
    try #require(FT_Init_FreeType(&library) == 0)
    defer { FT_Done_FreeType(library) }
    var face: FT_Face?
    try #require(FT_New_Face(library, path, 0, &face) == 0)
    defer { FT_Done_Face(face) }
    let table = SFNTNameTable(face: try #require(face))
    let decoded = table.decodedRecords
    #expect(!decoded.isEmpty, "\(path) has no decodable name record")
    // Every ID the table holds, every ID the scanner asks for, and some it does not hold.
    let ids = Set(table.records.map(\.nameID)).union([1, 2, 4, 6, 16, 17, 21, 25, 255, 256, 300])
    var answered = 0
    for id in ids.sorted() {
      let best = table.best(id)
      #expect(best == Self.eagerBest(decoded, id), "\(path) name ID \(id)")
      #expect(table.all(id) == Self.eagerAll(decoded, id), "\(path) name ID \(id)")
      if best != nil { answered += 1 }
    }
    #expect(table.best(1) != nil, "\(path): no family name")
    #expect(answered >= 4, "\(path): only \(answered) name IDs answered")
  }
}
