// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleFonts

@Suite("SHA-256")
struct SHA256Tests {
  /// The FIPS 180-4 / NIST CAVP example messages and their digests.
  static let vectors: [(message: String, hex: String)] = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
        + "lmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ]

  @Test(arguments: 0..<4)
  func sha256_nistVectors(_ index: Int) {
    let (message, hex) = Self.vectors[index]
    #expect(SHA256Digest.hash(Array(message.utf8)).hex == hex)
    #expect(SHA256Digest.hash(message.utf8).hex == hex)
    Array(message.utf8).withUnsafeBytes { buffer in
      #expect(SHA256Digest.hash(buffer).hex == hex)
    }
  }

  @Test func sha256_oneMillionA() {
    let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    #expect(
      SHA256Digest.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex
        == expected)
    // The same million bytes through the one-block path for non-contiguous sequences.
    #expect(
      SHA256Digest.hash(repeatElement(UInt8(ascii: "a"), count: 1_000_000).lazy.map { $0 }).hex
        == expected)
  }

  /// A message of `count` bytes that is not one repeated byte.
  static func message(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
  }

  @Test func sha256_everyMessageShapeMatchesTheArray() {
    // Contiguous storage is read in place, at any offset; other sequences go through one block.
    let message = Self.message(131)
    for start in 0...130 {
      let slice = message[start...]
      let expected = SHA256Digest.hash(Array(slice))
      #expect(SHA256Digest.hash(slice) == expected, "slice from \(start)")
      #expect(SHA256Digest.hash(Data(slice)) == expected, "Data from \(start)")
      #expect(SHA256Digest.hash(slice.lazy.map { $0 }) == expected, "lazy from \(start)")
      message.withUnsafeBytes { buffer in
        let rebased = UnsafeRawBufferPointer(rebasing: buffer[start...])
        #expect(SHA256Digest.hash(rebased) == expected, "raw buffer from \(start)")
      }
    }
  }

  @Test func sha256_lengths0Through130MatchSha256sum() throws {
    // Every length across the first two blocks and their padding edges, against the system's
    // `sha256sum` (GNU coreutils) run once over one file per length.
    let sha256sum = URL(fileURLWithPath: "/usr/bin/sha256sum")
    try #require(FileManager.default.isExecutableFile(atPath: sha256sum.path))
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("sha256-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let lengths = Array(0...130)
    for length in lengths {
      try Data(Self.message(length)).write(to: folder.appendingPathComponent("\(length)"))
    }
    let process = Process()
    process.executableURL = sha256sum
    process.currentDirectoryURL = folder
    process.arguments = lengths.map(String.init)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    // "<64 hex digits>  <file name>" per line, in argument order.
    let lines = String(decoding: printed, as: UTF8.self).split(separator: "\n")
    try #require(lines.count == lengths.count)
    for (length, line) in zip(lengths, lines) {
      #expect(line.hasSuffix("  \(length)"))
      #expect(SHA256Digest.hash(Self.message(length)).hex == line.prefix(64), "\(length) bytes")
    }
  }

  @Test func sha256_paddingBoundaries() {
    // Lengths around the 55/56/64-byte padding edges, against digests from `sha256sum`.
    let expected: [Int: String] = [
      55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
      56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
      63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
      64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
      65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
    ]
    for (count, hex) in expected {
      let message = [UInt8](repeating: UInt8(ascii: "a"), count: count)
      #expect(SHA256Digest.hash(message).hex == hex, "\(count) bytes")
    }
  }

  @Test func sha256_hexFormatting() throws {
    let digest = SHA256Digest.hash(Array("abc".utf8))
    let hex = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    #expect(digest.description == hex)
    #expect("\(digest)" == hex)
    #expect(digest.hex.count == 64)
    #expect(digest.bytes.count == 32)
    #expect(digest.bytes.prefix(4) == [0xba, 0x78, 0x16, 0xbf])
    #expect(digest.bytes.last == 0xad)
    #expect(SHA256Digest(hex: hex) == digest)
    #expect(SHA256Digest(hex: hex.uppercased()) == digest)
    #expect(SHA256Digest(bytes: digest.bytes) == digest)
    #expect(SHA256Digest(hex: String(hex.dropLast())) == nil)
    #expect(SHA256Digest(hex: String(hex.dropLast()) + "g") == nil)
    #expect(SHA256Digest(bytes: [UInt8](repeating: 0, count: 31)) == nil)
    // Leading zero nibbles are kept.
    let zeros = try #require(SHA256Digest(bytes: [0x00, 0x0f] + [UInt8](repeating: 0, count: 30)))
    #expect(zeros.hex.hasPrefix("000f0000"))
    #expect(Set([digest, digest, zeros]).count == 2)
  }
}
