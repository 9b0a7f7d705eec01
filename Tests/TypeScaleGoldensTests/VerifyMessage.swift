// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleGoldens

/// What `expectGoldens` records for a cases file, without drawing: the outcome's failure
/// message (`nil` when it passes), or the message of the error that stopped anything from being
/// compared.
func verifyMessage(
  casesFile: URL, golden: URL? = nil, record: GoldenRecordMode? = nil,
  maximumCaseCount: Int = GoldenCasesFile.defaultMaximumCaseCount
) -> String? {
  do throws(GoldenError) {
    return try GoldenVerification.verify(
      casesFile: casesFile, golden: golden, record: record, maximumCaseCount: maximumCaseCount
    ).failureMessage
  } catch {
    return error.message
  }
}
