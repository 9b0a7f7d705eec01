// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleCheck
import TypeScaleMetrics

/// `CheckError` has every TypeScale error's shape: its code is a name, its localized
/// description is its message (the shared `LocalizedError` default), equality ignores the cause.
@Suite struct CheckErrorCodeTests {
  private struct Cause: Error, Sendable {}

  @Test func localizedDescription_isTheMessage() {
    let error = CheckError("constraints.json: rules[2].categories: expected a list")
    #expect(error.localizedDescription == "constraints.json: rules[2].categories: expected a list")
    #expect((error as any Error).localizedDescription == error.message)
    #expect("\(error)" == error.message)
  }

  @Test(arguments: [
    (CheckError.Code.invalidInput, "invalidInput"), (.tooManyLayouts, "tooManyLayouts"),
    (.nothingToCheck, "nothingToCheck"), (.incompleteMerge, "incompleteMerge"),
    (.outputConflict, "outputConflict"),
  ])
  func code_printsItsName(_ code: CheckError.Code, _ name: String) {
    #expect(code.description == name)
    #expect(CheckError("m", code: code).code == code)
  }

  @Test func equality_ignoresTheCause() {
    #expect(CheckError("m", cause: Cause()) == CheckError("m"))
    #expect(CheckError("m", code: .tooManyLayouts) != CheckError("m"))
  }
}
