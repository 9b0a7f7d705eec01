// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// Inputs the fuzzers found, replayed with the options the fuzz target decodes from them.
///
/// Found by `make fuzz`; each input is committed under `Fuzz/Regressions/`.
@Suite struct FuzzRegressionTests {
  /// Decodes a FuzzLayout input exactly as `Fuzz/Sources/FuzzLayout/Target.swift` does.
  private func layout(_ name: String) throws -> TextLayout {
    let bytes = try [UInt8](
      Data(contentsOf: packageRoot().appendingPathComponent("Fuzz/Regressions/\(name)")))
    let header = Array(bytes.prefix(8))
    let text = String(decoding: bytes.dropFirst(8), as: UTF8.self)
    var options = LayoutOptions()
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
    let font = try FontFixture.defaultFont(4 + Double(header[1] % 64))
    return try FontFixture.engine().layout(text, font: font, options: options)
  }

  @Test func fuzz_negativeTrackingNeverGivesANegativeWidth() throws {
    // −7.4 pt of tracking at 7 pt pulled every glyph back past the previous one: the line, and
    // the layout, measured negative widths.
    let layout = try layout("FuzzLayout-negative-tracking-negative-width.bin")
    #expect(layout.width >= 0 && layout.height >= 0)
    #expect(layout.lines.allSatisfy { $0.width >= 0 })
  }

  @Test(.timeLimit(.minutes(1)))
  func fuzz_emergencyBreakAlwaysMakesProgress() throws {
    // A vertical tab (a mandatory break inside the paragraph) among lone replacement characters:
    // an ICU opportunity fell where no grapheme boundary lay between it and the line's start, and
    // the emergency break emitted empty lines forever.
    let layout = try layout("FuzzLayout-no-progress-in-emergency-break.bin")
    #expect(layout.lineCount == 1)
    #expect(layout.isTruncated)
  }
}
