// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

/// The fixture font's tables, for building hostile files from it.
private func fixture(_ name: String) throws -> SFNTFont {
  try SFNTFont(parsing: Array(Data(contentsOf: Fixtures.font(name))))
}

/// Registers `bytes` from memory and returns the error, with how long the attempt took.
private func registrationError(
  _ bytes: [UInt8], name: String, options: FontRegistry.Options = .init()
) throws -> (FontError?, Duration) {
  let registry = try FontRegistry(options: options)
  let clock = ContinuousClock()
  let start = clock.now
  let error = #expect(throws: FontError.self) {
    try registry.register(data: bytes, name: name)
  }
  return (error, clock.now - start)
}

/// Hostile files must be refused from what they declare, in far less than a second (before the
/// fixes they took gigabytes or tens of seconds).
private let fast = Duration.seconds(2)

// MARK: - Decoded size

@Suite struct DecodedSizeLimitTests {
  /// A web font whose header declares a decoded size, and what the limit message must say.
  struct Declared: Sendable, CustomTestStringConvertible {
    let label: String
    /// The declared size the message names; `nil` for the header's `totalSfntSize`.
    let declared: Int?
    let bytes: @Sendable () throws -> [UInt8]
    var testDescription: String { label }
  }

  static let declarations: [Declared] = [
    // The zlib bomb's shape: one table declaring 1 GB behind a 26-byte stream.
    Declared(label: "WOFF table origLength 1 GB", declared: nil) {
      FontBytes.woff(
        try fixture("Fixture-Regular.ttf"),
        extra: [(tag: "zzzz", stored: zlibZeros, originalLength: 1_000_000_000)])
    },
    Declared(label: "WOFF totalSfntSize 4 GB", declared: 0xFFFF_FFFC) {
      FontBytes.woff(try fixture("Fixture-Regular.ttf"), totalSfntSize: 0xFFFF_FFFC)
    },
    Declared(label: "WOFF2 totalSfntSize 1 GB", declared: 1 << 30) {
      FontBytes.woff2(
        totalSfntSize: 1 << 30, tables: [(tag: "head", originalLength: 54, transformLength: nil)])
    },
    Declared(label: "WOFF2 glyf transformLength 3 GB", declared: 3_000_000_000) {
      FontBytes.woff2(
        totalSfntSize: 1000,
        tables: [
          (tag: "glyf", originalLength: 100, transformLength: 3_000_000_000),
          (tag: "loca", originalLength: 8, transformLength: 0),
        ])
    },
    Declared(label: "WOFF2 origLength 2 GB", declared: 12 + 16 + 2_000_000_000) {
      FontBytes.woff2(
        totalSfntSize: 1000,
        tables: [(tag: "cmap", originalLength: 2_000_000_000, transformLength: nil)])
    },
  ]

  @Test(arguments: declarations)
  func register_webFontDeclaringMoreThanTheLimitIsRefusedBeforeDecoding(_ file: Declared) throws {
    let bytes = try file.bytes()
    #expect(bytes.count < 20_000)
    let declared =
      file.declared ?? Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8
      | Int(bytes[19])
    #expect(declared > 1_000_000_000)
    let limit = FontRegistry.Options.defaultMaximumDecodedSize
    let (error, elapsed) = try registrationError(bytes, name: "bomb")
    #expect(error?.code == .tooLarge)
    #expect(error?.code.ctFontManagerErrorCode == 106)
    #expect(
      error?.message.contains(
        "bomb is a \(bytes[3] == 0x32 ? "WOFF2" : "WOFF") file of \(bytes.count) bytes that "
          + "declares \(declared) bytes once decoded, over the limit of \(limit); raise the "
          + "decoded-size limit to accept it (FontRegistry.Options.maximumDecodedSize; a "
          + "FontStore's is its maximumFileSize)") == true,
      "\(error?.message ?? "no error")")
    #expect(elapsed < fast)
  }

  @Test func register_fileOnDiskIsCheckedToo() throws {
    let folder = try Fixtures.temporaryDirectory("decoded-limit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("bomb.woff")
    let font = try fixture("Fixture-Regular.ttf")
    try Data(
      FontBytes.woff(font, extra: [(tag: "zzzz", stored: zlibZeros, originalLength: 1 << 30)])
    ).write(to: url)
    let registry = try FontRegistry()
    let error = #expect(throws: FontError.self) { try registry.register(fileAt: url) }
    #expect(error?.code == .tooLarge)
    #expect(error?.message.contains("over the limit of \(64 << 20)") == true)
    let inspected = #expect(throws: FontError.self) {
      try FontRegistry.inspect(fileAt: url, options: .init(maximumDecodedSize: 1 << 20))
    }
    #expect(inspected?.message.contains("over the limit of \(1 << 20)") == true)
  }

  @Test func register_realWebFontsFitTheDefaultAndARaisedLimitAcceptsMore() throws {
    for name in ["Fixture-Regular.woff", "Fixture-Regular.woff2"] {
      #expect(try FontRegistry().register(fileAt: Fixtures.font(name)).count == 1)
      let small = try FontRegistry(options: .init(maximumDecodedSize: 10_000))
      let error = #expect(throws: FontError.self) {
        try small.register(fileAt: Fixtures.font(name))
      }
      #expect(error?.code == .tooLarge)
    }
    // 8 KiB of zeros that the file honestly declares: refused at 8 KiB + the font, then accepted
    // once the limit is raised.
    let font = try fixture("Fixture-Regular.ttf")
    let honest = FontBytes.woff(
      font, extra: [(tag: "zzzz", stored: zlibZeros, originalLength: 4096)])
    let (error, _) = try registrationError(
      honest, name: "honest.woff", options: .init(maximumDecodedSize: 4096))
    #expect(error?.code == .tooLarge)
    let registry = try FontRegistry(options: .init(maximumDecodedSize: 1 << 20))
    #expect(try registry.register(data: honest, name: "honest.woff").faces.count == 1)
  }

  /// FreeType inflates each WOFF table into a buffer of its declared `origLength` and refuses a
  /// stream that inflates to another length (`sfwoff.c`, `woff_open_font`): a file cannot decode
  /// to more than it declares.
  @Test func register_woffTableInflatingBeyondItsDeclaredLengthIsCorrupt() throws {
    let font = try fixture("Fixture-Regular.ttf")
    let lying = FontBytes.woff(font, extra: [(tag: "zzzz", stored: zlibZeros, originalLength: 64)])
    let (error, _) = try registrationError(lying, name: "lying.woff")
    #expect(error?.code == .corruptFont)
    #expect(error?.function == "FT_New_Memory_Face")
  }

  @Test func dataCache_refusesToDecodeOverItsOwnLimit() throws {
    for name in ["Fixture-Regular.woff", "Fixture-Regular.woff2"] {
      let registry = try FontRegistry()
      let face = try #require(try registry.register(fileAt: Fixtures.font(name)).first)
      let cache = FontDataCache(budget: 1 << 20, maximumDecodedSize: 2000)
      #expect(cache.maximumDecodedSize == 2000)
      let error = #expect(throws: FontError.self) { try cache.sfntBytes(for: face.source) }
      #expect(error?.code == .tooLarge)
      #expect(error?.message.contains("over the limit of 2000") == true)
      #expect(cache.statistics.decodedFonts == 0)
      #expect(try FontDataCache(budget: 1 << 20).sfntBytes(for: face.source).count > 2000)
    }
  }
}

/// `zlib.compress(bytes(4096), 9)`: 26 bytes that inflate to 4 096 zeros.
private let zlibZeros: [UInt8] = [
  0x78, 0xDA, 0xED, 0xC1, 0x01, 0x0D, 0x00, 0x00, 0x00, 0xC2, 0xA0, 0xF7, 0x4F, 0x6D, 0x0F, 0x07,
  0x14, 0x00, 0x00, 0x00, 0xF0, 0x6E, 0x10, 0x00, 0x00, 0x01,
]

// MARK: - Faces and named instances

@Suite struct FaceCountLimitTests {
  @Test(arguments: [257, 65_535])
  func register_collectionDeclaringTooManyFacesIsRefusedBeforeReadingThem(_ count: Int) throws {
    let bytes = FontBytes.collection(repeating: try fixture("Fixture-Regular.ttf"), count: count)
    let (error, elapsed) = try registrationError(bytes, name: "many.ttc")
    #expect(error?.code == .tooLarge)
    #expect(
      error?.message
        == "many.ttc declares \(count) faces, over the limit of 256 faces per file; raise "
        + "FontRegistry.Options.maximumFacesPerFile to accept it")
    #expect(elapsed < fast)
  }

  @Test func register_collectionWithinARaisedLimitGivesEveryFace() throws {
    let bytes = FontBytes.collection(repeating: try fixture("Fixture-Regular.ttf"), count: 3)
    let (error, _) = try registrationError(
      bytes, name: "three.ttc", options: .init(maximumFacesPerFile: 2))
    #expect(error?.message.hasPrefix("three.ttc declares 3 faces, over the limit of 2") == true)
    let registry = try FontRegistry(options: .init(maximumFacesPerFile: 3))
    let faces = try registry.register(data: bytes, name: "three.ttc").faces
    #expect(faces.map(\.collectionIndex) == [0, 1, 2])
  }

  /// The variable fixture with its first named instance repeated `count` times.
  static func variable(instances count: Int) throws -> SFNTFont {
    var font = try fixture("Fixture-Variable.ttf")
    font["fvar"] = FontBytes.fvar(try #require(font["fvar"]), instanceCount: count)
    return font
  }

  /// FreeType adds the default instance when no named instance has the default coordinates (the
  /// copies here are all Thin), so 256 copies count as 257 instances.
  @Test func register_faceDeclaringTooManyNamedInstancesIsRefused() throws {
    let bytes = try Self.variable(instances: 256).bytes()
    let (error, elapsed) = try registrationError(bytes, name: "instances.ttf")
    #expect(error?.code == .tooLarge)
    #expect(
      error?.message
        == "instances.ttf declares 257 named instances, over the limit of 256 per face; raise "
        + "FontRegistry.Options.maximumNamedInstancesPerFace to accept it")
    #expect(elapsed < fast)
    let registry = try FontRegistry(options: .init(maximumNamedInstancesPerFace: 257))
    #expect(try registry.register(data: bytes, name: "instances.ttf").faces.count == 257)
  }

  /// The attack's shape: 200 faces of 30 000 named instances each (six million faces before the
  /// limits), a small file.
  @Test func register_collectionOfManyInstancesIsRefusedAtTheFirstFace() throws {
    let bytes = FontBytes.collection(repeating: try Self.variable(instances: 30_000), count: 200)
    #expect(bytes.count < 1 << 20)
    let (error, elapsed) = try registrationError(bytes, name: "attack.ttc")
    #expect(error?.code == .tooLarge)
    #expect(
      error?.message.hasPrefix("attack.ttc face 0 declares 30001 named instances, over the limit")
        == true)
    #expect(elapsed < fast)
  }
}

// MARK: - Coverage

@Suite struct CoverageScalarTests {
  /// The fixture with a format 12 `cmap` and 65 535 glyphs (the added ones empty), so that every
  /// code a group maps names a glyph FreeType accepts.
  static func font(cmap groups: [(first: UInt32, last: UInt32, glyph: UInt32)]) throws -> [UInt8] {
    var font = try fixture("Fixture-Regular.ttf")
    var maxp = try #require(font["maxp"])
    let glyphs = Int(maxp[4]) << 8 | Int(maxp[5])
    maxp[4] = 0xFF
    maxp[5] = 0xFF
    font["maxp"] = maxp
    // Repeat loca's last offset: glyphs `glyphs`…65 534 are empty.
    let loca = try #require(font["loca"])
    let isLong = try #require(font["head"])[51] == 1
    let entry = Array(loca.suffix(isLong ? 4 : 2))
    font["loca"] =
      Array(loca.prefix(glyphs * entry.count))
      + Array(
        repeating: entry, count: 0x1_0000 - glyphs
      ).joined()
    font["cmap"] = FontBytes.cmapFormat12(groups)
    return font.bytes()
  }

  /// Groups of 65 535 codes across the whole 32-bit space (65 536 groups, 2³² codes): before the
  /// fix, the coverage walk stepped through all of them.
  static let everyCode = (0..<UInt32(65_536)).map { group in
    (first: group << 16, last: group << 16 | 0xFFFE, glyph: UInt32(1))
  }

  @Test func register_cmapCoveringEveryCodeKeepsOnlyScalars() throws {
    let bytes = try Self.font(cmap: Self.everyCode)
    let registry = try FontRegistry()
    let clock = ContinuousClock()
    let start = clock.now
    let face = try #require(try registry.register(data: bytes, name: "all.ttf").faces.first)
    #expect(clock.now - start < .seconds(5))
    // Glyphs 1…65 534 exist: each group maps its first 65 534 codes; the planes above 16 and
    // the surrogates are left out.
    let expected = CharacterCoverage(
      ranges: (0..<UInt32(17)).map { $0 << 16...($0 << 16 | 0xFFFD) })
    #expect(face.coverage == expected)
    #expect(face.coverage.count == 17 * 65_534 - 2048)
    #expect(face.coverage.ranges.last?.upperBound == 0x10_FFFD)
    #expect(!face.coverage.contains(0xD800) && face.coverage.contains(0xE000))
  }

  @Test func register_cmapGroupAboveTheLastScalarIsIgnoredQuickly() throws {
    let bytes = try Self.font(cmap: [(0x41, 0x5A, 1), (0x11_0000, 0xFFFF_FFFF, 1)])
    let registry = try FontRegistry()
    let face = try #require(try registry.register(data: bytes, name: "high.ttf").faces.first)
    #expect(face.coverage == CharacterCoverage(ranges: [0x41...0x5A]))
  }

  @Test(arguments: [
    (0...UInt32.max, 1_112_064),
    (0xD000...0xE0FF, 0x800 + 0x100),
    (0xD800...0xDFFF, 0),
    (0x10_FFFF...0x11_0000, 1),
  ])
  func coverage_rangesAreClippedToScalars(_ range: ClosedRange<UInt32>, _ count: Int) {
    let coverage = CharacterCoverage(ranges: [range])
    #expect(coverage.count == count)
    #expect(coverage.ranges.allSatisfy { $0.upperBound <= 0x10_FFFF })
    #expect(!coverage.contains(0xDC00))
  }
}
