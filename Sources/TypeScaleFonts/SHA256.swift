// SPDX-License-Identifier: Apache-2.0

// SHA-256 (FIPS 180-4 §6.2) in plain Swift: no CryptoKit or swift-crypto on Linux here, and font
// files are hashed once per registration, so a portable implementation is enough. One round
// function, run by a loop of eight passes of eight rounds that rename the working variables
// instead of moving them (a fully rolled loop measured ~25% slower, this form ~13%, than the old
// unrolled one on 10 MB), with the message schedule in a 16-word circular buffer. Contiguous
// messages are read in place, others through a one-block buffer.

/// A SHA-256 digest: 32 bytes, printed as 64 lowercase hexadecimal digits.
///
/// Font sources record the digest of their bytes so that "the font changed" can be told apart
/// from "the layout changed", and so that the same file registered twice is recognised.
///
/// ```swift
/// let digest = SHA256Digest.hash(Array("abc".utf8))
/// digest.hex  // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
  /// The 32 bytes, big-endian.
  public let bytes: [UInt8]

  /// Creates a digest from its 32 bytes, as returned by ``bytes``.
  ///
  /// - Parameter bytes: Exactly 32 bytes; any other count gives `nil`.
  public init?(bytes: some Collection<UInt8>) {
    guard bytes.count == 32 else { return nil }
    self.bytes = Array(bytes)
  }

  /// The digest of the final state words.
  fileprivate init(words: [UInt32]) {
    bytes = words.flatMap { word in [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> $0) } }
  }

  /// Parses 64 hexadecimal digits (either case), as printed by ``hex``.
  ///
  /// - Parameter hex: The digits, with no prefix or separators; anything else gives `nil`.
  public init?(hex: some StringProtocol) {
    let digits = hex.utf8.compactMap(UInt8.init(hexDigit:))
    guard hex.utf8.count == 64, digits.count == 64 else { return nil }
    self.bytes = stride(from: 0, to: 64, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
  }

  /// The digest as 64 lowercase hexadecimal digits, such as `e3b0c442…b855` for no bytes.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    return String(
      decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
  }

  /// The digest as 64 lowercase hexadecimal digits (the same as ``hex``).
  public var description: String { hex }

  /// Computes the SHA-256 of a message.
  ///
  /// Contiguous messages (`[UInt8]`, `ArraySlice<UInt8>`, `Data`, a native string's `utf8`) are
  /// read in place; other sequences are copied through a 64-byte block. The digest is the one
  /// CryptoKit's `SHA256.hash(data:)` returns; unlike CryptoKit there is no incremental
  /// `update`/`finalize` API, since every caller hashes a whole file or buffer at once.
  ///
  /// - Parameter message: The bytes to hash.
  /// - Returns: The digest.
  public static func hash(_ message: some Sequence<UInt8>) -> SHA256Digest {
    var state = SHA256State()
    let read: Void? = message.withContiguousStorageIfAvailable { buffer in
      state.absorb(UnsafeRawBufferPointer(buffer))
    }
    if read == nil {
      var block: [UInt8] = []
      block.reserveCapacity(64)
      for byte in message {
        block.append(byte)
        guard block.count == 64 else { continue }
        block.withUnsafeBytes { state.absorb($0) }
        block.removeAll(keepingCapacity: true)
      }
      block.withUnsafeBytes { state.absorb($0) }
    }
    return state.finish()
  }
}

extension UInt8 {
  /// The value of one hexadecimal digit (either case), or `nil`.
  fileprivate init?(hexDigit: UInt8) {
    switch hexDigit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self = hexDigit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self = hexDigit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self = hexDigit - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}

/// The running hash: eight state words, the length so far and the bytes of an unfinished block.
private struct SHA256State {
  private var h: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
    0x5be0_cd19,
  ]
  private var length: UInt64 = 0
  private var pending: [UInt8] = []

  /// Appends bytes to the message, compressing every block that fills.
  mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
    length &+= UInt64(bytes.count)
    var rest = bytes[...]
    if !pending.isEmpty {
      let taken = rest.prefix(64 - pending.count)
      pending += taken
      rest = rest[taken.endIndex...]
      guard pending.count == 64 else { return }
      let block = pending
      block.withUnsafeBytes { compress($0) }
      pending.removeAll(keepingCapacity: true)
    }
    let whole = rest.count & ~63
    compress(UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
    pending += rest.dropFirst(whole)
  }

  /// Pads the message (a 1 bit, zeros to 56 mod 64, the bit length) and returns the digest.
  mutating func finish() -> SHA256Digest {
    let bitLength = length &* 8
    let zeros = (55 &- pending.count) & 63
    let padding =
      [0x80] + [UInt8](repeating: 0, count: zeros)
      + stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: bitLength >> $0) }
    padding.withUnsafeBytes { absorb($0) }
    return SHA256Digest(words: h)
  }

  /// Runs the compression function over whole 64-byte blocks (FIPS 180-4 §6.2.2).
  private mutating func compress(_ blocks: UnsafeRawBufferPointer) {
    guard let base = blocks.baseAddress, blocks.count >= 64 else { return }
    var state = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7])
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
      SHA256State.k.withUnsafeBufferPointer { k in
        for block in stride(from: 0, to: blocks.count, by: 64) {
          var (a, b, c, d, e, f, g, hh) = state
          // Round t: Wₜ from the block or the schedule, then T₁ into d and T₁ + T₂ into h. The
          // caller renames the working variables instead of moving them.
          @inline(__always) func round(
            _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
            _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ t: Int
          ) {
            let word: UInt32
            if t < 16 {
              word = UInt32(
                bigEndian: base.loadUnaligned(fromByteOffset: block + 4 * t, as: UInt32.self))
            } else {
              let w15 = w[(t &- 15) & 15]
              let w2 = w[(t &- 2) & 15]
              let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
              let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
              word = w[t & 15] &+ s0 &+ w[(t &- 7) & 15] &+ s1
            }
            w[t & 15] = word
            let sigma1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let t1 = h &+ sigma1 &+ (g ^ (e & (f ^ g))) &+ k[t] &+ word
            let sigma0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            d &+= t1
            h = t1 &+ sigma0 &+ ((a & b) | (c & (a | b)))
          }
          for t in stride(from: 0, to: 64, by: 8) {
            round(a, b, c, &d, e, f, g, &hh, t)
            round(hh, a, b, &c, d, e, f, &g, t + 1)
            round(g, hh, a, &b, c, d, e, &f, t + 2)
            round(f, g, hh, &a, b, c, d, &e, t + 3)
            round(e, f, g, &hh, a, b, c, &d, t + 4)
            round(d, e, f, &g, hh, a, b, &c, t + 5)
            round(c, d, e, &f, g, hh, a, &b, t + 6)
            round(b, c, d, &e, f, g, hh, &a, t + 7)
          }
          state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
            state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ hh
          )
        }
      }
    }
    h = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
  }

  /// The round constants: the first 32 bits of the fractional parts of the cube roots of the first
  /// 64 primes.
  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}

extension UInt32 {
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self &>> count) | (self &<< (32 &- count))
  }
}
