// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// A run of text with one direction, script, language and face: the itemizer's output, the
/// shaper's input.
struct TextRun: Hashable, Sendable {
  /// The run's UTF-16 range within its paragraph.
  var range: Range<Int>
  /// The UAX #9 embedding level; odd levels are right-to-left.
  var level: UInt8
  /// The UAX #24 script (ICU's `UScriptCode`); ``scriptTag`` is its ISO 15924 tag.
  var script: ScriptCode
  /// The face that draws the run.
  var face: FontFace

  var isRightToLeft: Bool { level & 1 == 1 }

  /// The ISO 15924 script tag, such as `Latn` or `Hang`.
  var scriptTag: String { UnicodeServices.scriptTag(script) }
}

/// Shaped glyphs in font units: immutable, shared between the shape cache and every layout that
/// uses them.
///
/// Glyphs are in HarfBuzz's output order — visual order, so right-to-left runs come reversed.
/// Positions are in font units because shaping happens at a scale of one unit per font unit.
///
/// The glyphs live in one allocation (a `ManagedBuffer` holding its count and the glyphs), not
/// an object and an array.
struct ShapedGlyphs: @unchecked Sendable {
  // Sendable: the buffer is written once in `make`, before it is shared, and never again.

  /// One glyph, as HarfBuzz positioned it.
  struct Glyph: Sendable {
    /// The glyph ID.
    let id: UInt32
    /// The UTF-16 offset, relative to the shaped text's start, of the first character it
    /// belongs to.
    let cluster: Int32
    /// The horizontal advance, in font units.
    let advance: Int32
    /// The horizontal offset, in font units.
    let offsetX: Int32
    /// The vertical offset, in font units.
    let offsetY: Int32
    /// Whether breaking the line before this glyph would change shaping
    /// (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`).
    let unsafeToBreak: Bool
  }

  /// The count, then the glyphs.
  private final class Storage: ManagedBuffer<Int, Glyph> {
    deinit {
      _ = withUnsafeMutablePointers { count, glyphs in glyphs.deinitialize(count: count.pointee) }
    }
  }

  private let storage: Storage

  /// The number of glyphs.
  let count: Int

  /// Creates glyphs, `initialize` giving each of the `count` in turn.
  init(count: Int, _ initialize: (Int) -> Glyph) {
    let storage = unsafeDowncast(
      Storage.create(minimumCapacity: count) { _ in count }, to: Storage.self)
    storage.withUnsafeMutablePointerToElements { glyphs in
      for index in 0..<count { (glyphs + index).initialize(to: initialize(index)) }
    }
    self.storage = storage
    self.count = count
  }

  /// No glyphs.
  static var empty: ShapedGlyphs { ShapedGlyphs(count: 0) { _ in preconditionFailure() } }

  /// The approximate heap bytes held, for the cache budget.
  var byteCount: Int { count * MemoryLayout<Glyph>.stride + 64 }

  /// A glyph.
  subscript(index: Int) -> Glyph {
    precondition(index >= 0 && index < count, "glyph \(index) of \(count)")
    return storage.withUnsafeMutablePointerToElements { $0[index] }
  }

  /// Runs `body` with the glyphs.
  func withGlyphs<Result>(_ body: (UnsafeBufferPointer<Glyph>) -> Result) -> Result {
    storage.withUnsafeMutablePointerToElements {
      body(UnsafeBufferPointer(start: $0, count: count))
    }
  }
}

/// A run and its shaped glyphs: the shaper's output.
struct ShapedRun: Sendable {
  /// The run.
  var run: TextRun
  /// The glyphs, clusters relative to `run.range.lowerBound`.
  var glyphs: ShapedGlyphs
  /// Font units per em of the run's face.
  var unitsPerEm: Int32
  /// Whether the face's shaping depends on the size (an `opsz` axis, a `trak` table): then the
  /// glyphs are good for the size they were shaped at only.
  var sizeDependent = false
}
