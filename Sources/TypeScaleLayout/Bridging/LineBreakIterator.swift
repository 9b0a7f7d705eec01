// SPDX-License-Identifier: Apache-2.0

internal import CUnicode

/// The owner of one ICU line-break iterator for a locale.
///
/// Wraps
/// `CUnicode_lineBreakerCreate()` / `CUnicode_lineBreakerDestroy()` (ICU `ubrk_open(UBRK_LINE)`).
///
/// Iterators are mutable and not `Sendable`: each ``LayoutContext`` keeps one per locale.
final class LineBreakIterator {
  private let handle: OpaquePointer
  let locale: String

  init(locale: String) throws(LayoutError) {
    var status: Int32 = 0
    guard let handle = CUnicode_lineBreakerCreate(locale, &status), !CUnicode_isFailure(status)
    else {
      throw LayoutError(
        .engineFailure,
        "ICU could not create a line breaker for \"\(locale)\": "
          + String(cString: CUnicode_errorName(status)))
    }
    self.handle = handle
    self.locale = locale
  }

  deinit { CUnicode_lineBreakerDestroy(handle) }

  /// Scratch for ICU's answers, kept between calls: a context lays out many paragraphs.
  private var offsets: [Int32] = []
  private var mandatory: [UInt8] = []

  /// Every break opportunity after offset 0 (UAX #14), with whether it is mandatory.
  func breaks(in text: UnsafeBufferPointer<UInt16>) throws(LayoutError) -> [BreakOpportunity] {
    let capacity = text.count + 1
    if offsets.count < capacity {
      offsets = [Int32](repeating: 0, count: max(capacity, 2 * offsets.count))
      mandatory = [UInt8](repeating: 0, count: offsets.count)
    }
    var status: Int32 = 0
    let count = offsets.withUnsafeMutableBufferPointer { offsets in
      mandatory.withUnsafeMutableBufferPointer { mandatory in
        CUnicode_lineBreaks(
          handle, text.baseAddress, Int32(text.count), offsets.baseAddress,
          mandatory.baseAddress, Int32(capacity), &status)
      }
    }
    guard !CUnicode_isFailure(status), count >= 0 else {
      throw LayoutError(
        .engineFailure, "ICU line breaking failed: " + String(cString: CUnicode_errorName(status)))
    }
    let found = Int(min(count, Int32(capacity)))
    // Not `Array(unsafeUninitializedCapacity: 0)`: that writes the shared empty-array storage.
    guard found > 0 else { return [] }
    return offsets.withUnsafeBufferPointer { offsets in
      mandatory.withUnsafeBufferPointer { mandatory in
        [BreakOpportunity](unsafeUninitializedCapacity: found) { storage, initialized in
          for index in 0..<found {
            storage.initializeElement(
              at: index,
              to: BreakOpportunity(
                offset: Int(offsets[index]), isMandatory: mandatory[index] != 0))
          }
          initialized = found
        }
      }
    }
  }
}
