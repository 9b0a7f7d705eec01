// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleLayout

/// Paragraph splitting decodes UTF-8 itself: it must give what the UTF-16 view gives.
@Suite struct ParagraphTests {
  @Test(arguments: [
    "", "ASCII only", "é ß ñ", "한국어 텍스트", "emoji 👨‍👩‍👧 𝄞 and 🇰🇷", "mixed\nlines\r\nand\u{2029}more",
    "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}",
  ])
  func utf16Units_matchTheUTF16View(_ text: String) {
    #expect(Paragraph.utf16Units(text) == Array(text.utf16))
    // Bridged and substring-backed strings take the same path.
    #expect(Paragraph.utf16Units(String(text.dropFirst())) == Array(text.dropFirst().utf16))
  }

  /// Empty texts on many threads at once: `Array(unsafeUninitializedCapacity: 0)` would write the
  /// shared empty-array storage from each, a race ThreadSanitizer (`make check-thread`) reports.
  @Test func utf16Units_ofEmptyTextsOnManyThreadsAreEmpty() async {
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<64 {
        group.addTask { (0..<200).reduce(0) { total, _ in total + Paragraph.utf16Units("").count } }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(counts == Array(repeating: 0, count: 64))
  }
}
