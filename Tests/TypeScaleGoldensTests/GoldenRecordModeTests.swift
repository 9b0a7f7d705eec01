// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleGoldens

/// `TYPESCALE_RECORD`'s spellings, and a bad one failing instead of quietly meaning `missing`.
@Suite struct GoldenRecordModeTests {
  @Test(arguments: [
    (String?.none, GoldenRecordMode.missing), ("", .missing), ("missing", .missing),
    ("all", .all), ("ALL", .all), ("1", .all), ("true", .all), ("yes", .all),
    ("failed", .failed), ("never", .never), ("0", .never), ("false", .never), ("No", .never),
  ])
  func parse_everySpelling(_ value: String?, _ mode: GoldenRecordMode) throws {
    #expect(try GoldenRecordMode.parse(value) == mode)
  }

  @Test(arguments: ["nevr", "bogus", "always", " all"])
  func parse_anythingElse_throwsNamingItAndTheValidOnes(_ value: String) {
    #expect {
      try GoldenRecordMode.parse(value)
    } throws: { error in
      guard let error = error as? GoldenError else { return false }
      return error.code == .invalidSetting
        && error.message.hasPrefix("TYPESCALE_RECORD=\(value.lowercased()) is not valid")
        && error.message.contains("use all, missing, failed or never")
    }
  }

  @Test func spellings_allParse() throws {
    for spelling in GoldenRecordMode.spellings {
      _ = try GoldenRecordMode.parse(spelling)
    }
  }
}
