// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleStrings

/// `StringsError` has every TypeScale error's shape; its old initialisers keep working.
@Suite struct StringsErrorShapeTests {
  private struct Cause: Error, Sendable {}

  @Test func stringsError_equalityComparesThePlace_notTheCause() throws {
    let file = URL(fileURLWithPath: "/tmp/a.strings")
    let error = StringsError(.malformed, file: file, line: 3, column: 4, "expected ';'")
    #expect(error.message == "/tmp/a.strings:3:4: expected ';'")
    #expect(error.detail == "expected ';'")
    #expect(error.description == error.message)
    #expect(
      error
        == StringsError(.malformed, file: file, line: 3, column: 4, "expected ';'", cause: Cause()))
    #expect(error != StringsError(.malformed, file: file, line: 3, column: 5, "expected ';'"))
    #expect(error.code.description == "malformed")
  }
}
