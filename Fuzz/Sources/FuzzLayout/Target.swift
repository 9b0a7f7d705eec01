// SPDX-License-Identifier: Apache-2.0
//
// Lays out arbitrary UTF-8 with options decoded from the input's first bytes: every outcome must be
// a layout or a typed LayoutError. The text is the rest of the input, decoded leniently.

import Foundation
import TypeScale

let registry: FontRegistry = {
  do { return try FontRegistry() } catch { fatalError("embedded fonts: \(error)") }
}()
let engine = TextLayoutEngine(registry: registry, shapeCacheBudget: 4 << 20)

func fuzzOneInput(_ bytes: UnsafeBufferPointer<UInt8>) {
  guard bytes.count >= 8 else { return }
  let header = Array(bytes.prefix(8))
  let text = String(decoding: bytes.dropFirst(8), as: UTF8.self)
  var options = LayoutOptions()
  // Widths from 0 to ~500 pt, sometimes none, sometimes hostile.
  switch header[0] % 8 {
  case 0: options.width = nil
  case 1: options.width = 0.1
  case 2: options.width = -Double(header[1])
  case 3: options.width = .nan
  default: options.width = Double(header[1]) * 2
  }
  options.lineLimit = Int(header[2] % 5)
  options.truncation = LayoutOptions.Truncation.allCases[Int(header[3]) % 4]
  options.alignment = LayoutOptions.Alignment.allCases[Int(header[4]) % 5]
  options.baseDirection = LayoutOptions.BaseDirection.allCases[Int(header[5]) % 3]
  // Bits 0 and 2: none (what `.standard` meant when the early inputs were found), Hangul word
  // priority, standard (push-out and Hangul word priority), push-out.
  options.lineBreakStrategy =
    [[], .hangulWordPriority, .standard, .pushOut][
      Int(header[6] & 1 | header[6] >> 1 & 2)]
  options.wrapping = header[6] & 2 == 0 ? .word : .character
  options.tracking = Double(Int8(bitPattern: header[6])) / 16
  options.minimumScaleFactor = header[7] & 1 == 0 ? 1 : 0.5
  options.lineHeight = LineHeight(multiple: Double(header[7] >> 4) / 4)
  options.language = ["", "ko", "th", "ja", "ar"][Int(header[7] >> 1) % 5]
  let size = 4 + Double(header[1] % 64)
  do throws(LayoutError) {
    let font = try LayoutFont(face: registry.defaultFace, pointSize: size)
    let layout = try engine.layout(text, font: font, options: options)
    precondition(layout.width.isFinite && layout.height.isFinite, "non-finite size")
    precondition(layout.width >= 0 && layout.height >= 0, "negative size")
  } catch {
    _ = error.message
  }
}

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzOneInput(UnsafeBufferPointer(start: data, count: size))
  return 0
}
