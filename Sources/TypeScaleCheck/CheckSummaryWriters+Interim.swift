// SPDX-License-Identifier: Apache-2.0
// INTERIM (lead): removed when the writers' own `write(_ summary:)` land.

import Foundation
import TypeScale

extension CheckTerminalReport {
  /// Interim.
  public static let defaultKeyLimit = 20
  /// Interim.
  public init(usesColor: Bool, keyLimit: Int?) { self.init(usesColor: usesColor) }
  /// Interim.
  public func write(_ summary: CheckSummary) -> String { "" }
}

extension CheckJUnitReport {
  /// Interim.
  public func write(_ summary: CheckSummary) -> String { "" }
}

extension CheckSARIFReport {
  /// Interim.
  public func write(_ summary: CheckSummary) -> String { "" }
}

extension CheckHTMLReport {
  /// Interim.
  public func write(_ summary: CheckSummary) -> String { "" }
  /// Interim.
  public static func imageRequests(for summary: CheckSummary) -> [(
    row: Int, category: ContentSizeCategory
  )] { [] }
  /// Interim.
  public static func imageKey(for summary: CheckSummary, row: Int, at category: ContentSizeCategory)
    -> String
  { "" }
}
