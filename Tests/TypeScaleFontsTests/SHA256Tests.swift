// SPDX-License-Identifier: Apache-2.0

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
    #expect(SHA256Hasher.hash(message.utf8).hex == hex)
    Array(message.utf8).withUnsafeBytes { buffer in
      #expect(SHA256Digest.hash(buffer).hex == hex)
    }
  }

  @Test func sha256_oneMillionA() {
    let expected = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    #expect(
      SHA256Digest.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).hex
        == expected)
    // The same million bytes fed 1000 at a time.
    var hasher = SHA256Hasher()
    let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { hasher.update(thousand) }
    #expect(hasher.finalize().hex == expected)
  }

  @Test func sha256_incrementalSplitsMatchOneShot() {
    let message = (0..<131).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    let oneShot = SHA256Digest.hash(message)
    for split in 0...130 {
      var hasher = SHA256Hasher()
      hasher.update(message[..<split])
      message.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[split...])) }
      #expect(hasher.finalize() == oneShot, "split at \(split)")
    }
    // Three pieces, and byte by byte through a non-contiguous sequence.
    for first in stride(from: 0, through: 131, by: 13) {
      for second in stride(from: first, through: 131, by: 7) {
        var hasher = SHA256Hasher()
        hasher.update(message[..<first])
        hasher.update(message[first..<second])
        hasher.update(message[second...])
        #expect(hasher.finalize() == oneShot, "split at \(first) and \(second)")
      }
    }
    var hasher = SHA256Hasher()
    for byte in message { hasher.update(CollectionOfOne(byte).lazy.map { $0 }) }
    #expect(hasher.finalize() == oneShot)
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
