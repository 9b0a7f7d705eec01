// SPDX-License-Identifier: Apache-2.0

import Testing

@Suite struct ErrorEscapingTests {
  /// A path holding terminal escapes reaches the error line escaped: the message names it, but
  /// cannot clear the screen or retitle the terminal.
  @Test func errorNamingAPathWithEscapes_printsThemEscaped() async {
    let run = await typescale("check", "evil\u{1B}[2J\u{1B}]0;owned\u{7}.json")
    #expect(run.status == 2)
    #expect(!run.error.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(
      run.error.hasPrefix(
        "error: evil\\u{1B}[2J\\u{1B}]0;owned\\u{7}.json: no such file; expected the check's "
          + "constraints file (JSON)"))
  }
}
