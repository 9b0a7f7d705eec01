// SPDX-License-Identifier: Apache-2.0

// SHA-256 (FIPS 180-4 §6.2) in plain Swift: no CryptoKit or swift-crypto on Linux here, and font
// files are hashed once per registration, so a portable implementation is enough. Blocks are read
// straight from the caller's buffer; only a trailing partial block is copied.

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
  // The eight 32-bit state words, packed big-endian in pairs: `w0` holds bytes 0–7.
  private let w0: UInt64
  private let w1: UInt64
  private let w2: UInt64
  private let w3: UInt64

  init(words h: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
    w0 = UInt64(h.0) << 32 | UInt64(h.1)
    w1 = UInt64(h.2) << 32 | UInt64(h.3)
    w2 = UInt64(h.4) << 32 | UInt64(h.5)
    w3 = UInt64(h.6) << 32 | UInt64(h.7)
  }

  /// Creates a digest from its 32 bytes, as returned by ``bytes``.
  ///
  /// - Parameter bytes: Exactly 32 bytes; any other count gives `nil`.
  public init?(bytes: some Collection<UInt8>) {
    guard bytes.count == 32 else { return nil }
    var words: [UInt64] = [0, 0, 0, 0]
    for (offset, byte) in bytes.enumerated() {
      words[offset / 8] = words[offset / 8] << 8 | UInt64(byte)
    }
    (w0, w1, w2, w3) = (words[0], words[1], words[2], words[3])
  }

  /// Parses 64 hexadecimal digits (either case), as printed by ``hex``.
  ///
  /// - Parameter hex: The digits, with no prefix or separators; anything else gives `nil`.
  public init?(hex: some StringProtocol) {
    let utf8 = Array(hex.utf8)
    guard utf8.count == 64 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    for pair in stride(from: 0, to: 64, by: 2) {
      guard let high = Self.nibble(utf8[pair]), let low = Self.nibble(utf8[pair + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
    }
    self.init(bytes: bytes)
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The 32 bytes of the digest, in the order FIPS 180-4 prints them.
  public var bytes: [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(32)
    for word in [w0, w1, w2, w3] {
      for shift in stride(from: 56, through: 0, by: -8) {
        result.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
      }
    }
    return result
  }

  /// The digest as 64 lowercase hexadecimal digits, such as `e3b0c442…b855` for no bytes.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var utf8: [UInt8] = []
    utf8.reserveCapacity(64)
    for byte in bytes {
      utf8.append(digits[Int(byte >> 4)])
      utf8.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: utf8, as: UTF8.self)
  }

  /// The digest as 64 lowercase hexadecimal digits (the same as ``hex``).
  public var description: String { hex }

  /// Computes the SHA-256 of a sequence of bytes in one call.
  ///
  /// - Parameter bytes: The message, such as a `[UInt8]` or a string's `utf8` view.
  /// - Returns: The digest.
  public static func hash(_ bytes: some Sequence<UInt8>) -> SHA256Digest {
    SHA256Hasher.hash(bytes)
  }

  /// Computes the SHA-256 of the bytes in a raw buffer in one call.
  ///
  /// - Parameter bytes: The message.
  /// - Returns: The digest.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> SHA256Digest {
    SHA256Hasher.hash(bytes)
  }
}

/// Computes a SHA-256 digest (FIPS 180-4) incrementally.
///
/// Feed the message in as many pieces as convenient, then call ``finalize()`` once:
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update(header)
/// hasher.update(body)
/// let digest = hasher.finalize()
/// ```
///
/// Splitting the message differently never changes the digest.
public struct SHA256Hasher: Sendable {
  private var h0: UInt32 = 0x6a09_e667
  private var h1: UInt32 = 0xbb67_ae85
  private var h2: UInt32 = 0x3c6e_f372
  private var h3: UInt32 = 0xa54f_f53a
  private var h4: UInt32 = 0x510e_527f
  private var h5: UInt32 = 0x9b05_688c
  private var h6: UInt32 = 0x1f83_d9ab
  private var h7: UInt32 = 0x5be0_cd19
  /// The bytes of an incomplete block, waiting for more input; `pendingCount` of them are valid.
  private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
    (0, 0, 0, 0, 0, 0, 0, 0)
  private var pendingCount = 0
  /// The message length so far, in bytes.
  private var length: UInt64 = 0

  /// Creates a hasher for an empty message.
  public init() {}

  /// Computes the SHA-256 of a sequence of bytes in one call.
  ///
  /// - Parameter bytes: The message.
  /// - Returns: The digest.
  public static func hash(_ bytes: some Sequence<UInt8>) -> SHA256Digest {
    var hasher = SHA256Hasher()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Computes the SHA-256 of the bytes in a raw buffer in one call.
  ///
  /// - Parameter bytes: The message.
  /// - Returns: The digest.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> SHA256Digest {
    var hasher = SHA256Hasher()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// Appends the bytes of a raw buffer to the message.
  ///
  /// - Parameter bytes: The next part of the message; may be empty.
  public mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard var base = bytes.baseAddress, bytes.count > 0 else { return }
    var remaining = bytes.count
    length &+= UInt64(remaining)

    if pendingCount > 0 {
      let taken = Swift.min(64 - pendingCount, remaining)
      let start = pendingCount
      withUnsafeMutableBytes(of: &pending) { block in
        block.baseAddress.unsafelyUnwrapped.advanced(by: start)
          .copyMemory(from: base, byteCount: taken)
      }
      pendingCount += taken
      base += taken
      remaining -= taken
      guard pendingCount == 64 else { return }
      let block = pending
      withUnsafeBytes(of: block) { compress($0) }
      pendingCount = 0
    }

    let whole = remaining & ~63
    if whole > 0 {
      compress(UnsafeRawBufferPointer(start: base, count: whole))
      base += whole
      remaining -= whole
    }
    if remaining > 0 {
      withUnsafeMutableBytes(of: &pending) { block in
        block.baseAddress.unsafelyUnwrapped.copyMemory(from: base, byteCount: remaining)
      }
      pendingCount = remaining
    }
  }

  /// Appends a sequence of bytes to the message.
  ///
  /// Contiguous collections (`[UInt8]`, `ArraySlice<UInt8>`, native strings' `utf8`) are read in
  /// place; other sequences are copied through a small buffer.
  ///
  /// - Parameter bytes: The next part of the message; may be empty.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      update(UnsafeRawBufferPointer(buffer))
    }
    if done != nil { return }
    var chunk: [UInt8] = []
    chunk.reserveCapacity(4096)
    for byte in bytes {
      chunk.append(byte)
      if chunk.count == 4096 {
        chunk.withUnsafeBytes { update($0) }
        chunk.removeAll(keepingCapacity: true)
      }
    }
    chunk.withUnsafeBytes { update($0) }
  }

  /// Pads the message and returns its digest.
  ///
  /// - Returns: The SHA-256 of everything passed to the `update` methods.
  public consuming func finalize() -> SHA256Digest {
    let bitLength = length &* 8
    // Padding: a single 1 bit, zeros up to 56 mod 64, then the bit length big-endian.
    var tail: [UInt8] = [0x80]
    let used = (pendingCount + 1) % 64
    let zeros = used <= 56 ? 56 - used : 120 - used
    tail.append(contentsOf: repeatElement(0, count: zeros))
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedLength = length
    tail.withUnsafeBytes { update($0) }
    length = savedLength
    return SHA256Digest(words: (h0, h1, h2, h3, h4, h5, h6, h7))
  }

  /// Runs the compression function over whole 64-byte blocks (`blocks.count` is a multiple of 64).
  private mutating func compress(_ blocks: UnsafeRawBufferPointer) {
    var a0 = h0
    var b0 = h1
    var c0 = h2
    var d0 = h3
    var e0 = h4
    var f0 = h5
    var g0 = h6
    var h00 = h7
    var offset = 0
    let end = blocks.count
    while offset < end {
      var w = (
        blocks.loadWord(offset + 0), blocks.loadWord(offset + 4), blocks.loadWord(offset + 8),
        blocks.loadWord(offset + 12), blocks.loadWord(offset + 16), blocks.loadWord(offset + 20),
        blocks.loadWord(offset + 24), blocks.loadWord(offset + 28), blocks.loadWord(offset + 32),
        blocks.loadWord(offset + 36), blocks.loadWord(offset + 40), blocks.loadWord(offset + 44),
        blocks.loadWord(offset + 48), blocks.loadWord(offset + 52), blocks.loadWord(offset + 56),
        blocks.loadWord(offset + 60)
      )
      var a = a0
      var b = b0
      var c = c0
      var d = d0
      var e = e0
      var f = f0
      var g = g0
      var h = h00

      // Rounds 0–15 use the message words directly.
      round(a, b, c, &d, e, f, g, &h, 0x428a_2f98, w.0)
      round(h, a, b, &c, d, e, f, &g, 0x7137_4491, w.1)
      round(g, h, a, &b, c, d, e, &f, 0xb5c0_fbcf, w.2)
      round(f, g, h, &a, b, c, d, &e, 0xe9b5_dba5, w.3)
      round(e, f, g, &h, a, b, c, &d, 0x3956_c25b, w.4)
      round(d, e, f, &g, h, a, b, &c, 0x59f1_11f1, w.5)
      round(c, d, e, &f, g, h, a, &b, 0x923f_82a4, w.6)
      round(b, c, d, &e, f, g, h, &a, 0xab1c_5ed5, w.7)
      round(a, b, c, &d, e, f, g, &h, 0xd807_aa98, w.8)
      round(h, a, b, &c, d, e, f, &g, 0x1283_5b01, w.9)
      round(g, h, a, &b, c, d, e, &f, 0x2431_85be, w.10)
      round(f, g, h, &a, b, c, d, &e, 0x550c_7dc3, w.11)
      round(e, f, g, &h, a, b, c, &d, 0x72be_5d74, w.12)
      round(d, e, f, &g, h, a, b, &c, 0x80de_b1fe, w.13)
      round(c, d, e, &f, g, h, a, &b, 0x9bdc_06a7, w.14)
      round(b, c, d, &e, f, g, h, &a, 0xc19b_f174, w.15)

      // Rounds 16–63 extend the schedule in place over a 16-word window.
      for k in Self.extendedConstants {
        schedule(&w.0, w.1, w.9, w.14)
        round(a, b, c, &d, e, f, g, &h, k.0, w.0)
        schedule(&w.1, w.2, w.10, w.15)
        round(h, a, b, &c, d, e, f, &g, k.1, w.1)
        schedule(&w.2, w.3, w.11, w.0)
        round(g, h, a, &b, c, d, e, &f, k.2, w.2)
        schedule(&w.3, w.4, w.12, w.1)
        round(f, g, h, &a, b, c, d, &e, k.3, w.3)
        schedule(&w.4, w.5, w.13, w.2)
        round(e, f, g, &h, a, b, c, &d, k.4, w.4)
        schedule(&w.5, w.6, w.14, w.3)
        round(d, e, f, &g, h, a, b, &c, k.5, w.5)
        schedule(&w.6, w.7, w.15, w.4)
        round(c, d, e, &f, g, h, a, &b, k.6, w.6)
        schedule(&w.7, w.8, w.0, w.5)
        round(b, c, d, &e, f, g, h, &a, k.7, w.7)
        schedule(&w.8, w.9, w.1, w.6)
        round(a, b, c, &d, e, f, g, &h, k.8, w.8)
        schedule(&w.9, w.10, w.2, w.7)
        round(h, a, b, &c, d, e, f, &g, k.9, w.9)
        schedule(&w.10, w.11, w.3, w.8)
        round(g, h, a, &b, c, d, e, &f, k.10, w.10)
        schedule(&w.11, w.12, w.4, w.9)
        round(f, g, h, &a, b, c, d, &e, k.11, w.11)
        schedule(&w.12, w.13, w.5, w.10)
        round(e, f, g, &h, a, b, c, &d, k.12, w.12)
        schedule(&w.13, w.14, w.6, w.11)
        round(d, e, f, &g, h, a, b, &c, k.13, w.13)
        schedule(&w.14, w.15, w.7, w.12)
        round(c, d, e, &f, g, h, a, &b, k.14, w.14)
        schedule(&w.15, w.0, w.8, w.13)
        round(b, c, d, &e, f, g, h, &a, k.15, w.15)
      }

      a0 &+= a
      b0 &+= b
      c0 &+= c
      d0 &+= d
      e0 &+= e
      f0 &+= f
      g0 &+= g
      h00 &+= h
      offset &+= 64
    }
    (h0, h1, h2, h3, h4, h5, h6, h7) = (a0, b0, c0, d0, e0, f0, g0, h00)
  }

  private typealias Constants = (
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32
  )

  /// The round constants K₁₆…K₆₃ (FIPS 180-4 §4.2.2), sixteen per pass of the schedule loop.
  private static let extendedConstants: [Constants] = [
    (
      0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
      0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147,
      0x06ca_6351, 0x1429_2967
    ),
    (
      0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
      0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624,
      0xf40e_3585, 0x106a_a070
    ),
    (
      0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
      0x682e_6ff3, 0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb,
      0xbef9_a3f7, 0xc671_78f2
    ),
  ]
}

/// One SHA-256 round with the working variables renamed instead of shifted: the caller rotates
/// the argument order, so only `d` and `h` change (FIPS 180-4 §6.2.2 step 3).
@inline(__always)
private func round(
  _ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
  _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32,
  _ k: UInt32, _ w: UInt32
) {
  let sigma1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
  let choice = (e & f) ^ (~e & g)
  let t1 = h &+ sigma1 &+ choice &+ k &+ w
  let sigma0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
  let majority = (a & b) ^ (a & c) ^ (b & c)
  d &+= t1
  h = t1 &+ sigma0 &+ majority
}

/// Extends the message schedule in place (FIPS 180-4 §6.2.2 step 1).
///
/// `w` holds Wₜ₋₁₆ and becomes Wₜ = σ₁(Wₜ₋₂) + Wₜ₋₇ + σ₀(Wₜ₋₁₅) + Wₜ₋₁₆, given `w15` = Wₜ₋₁₅,
/// `w7` = Wₜ₋₇ and `w2` = Wₜ₋₂.
@inline(__always)
private func schedule(_ w: inout UInt32, _ w15: UInt32, _ w7: UInt32, _ w2: UInt32) {
  let s0 = w15.rotatedRight(7) ^ w15.rotatedRight(18) ^ (w15 >> 3)
  let s1 = w2.rotatedRight(17) ^ w2.rotatedRight(19) ^ (w2 >> 10)
  w = w &+ s0 &+ w7 &+ s1
}

extension UInt32 {
  @inline(__always)
  fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
    (self &>> count) | (self &<< (32 &- count))
  }
}

extension UnsafeRawBufferPointer {
  /// The big-endian 32-bit word at `offset`, which the caller keeps in bounds.
  @inline(__always)
  fileprivate func loadWord(_ offset: Int) -> UInt32 {
    let word = baseAddress.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    return UInt32(bigEndian: word)
  }
}
