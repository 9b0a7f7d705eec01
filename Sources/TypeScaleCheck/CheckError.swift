// SPDX-License-Identifier: Apache-2.0

import Foundation

/// An error in a check's input: the constraints file, a shard, a baseline, reports to merge.
///
/// The message names the file, the place in it (a JSON path such as `rules[2].categories`, or
/// a line and column), the bad value and what would be valid.
public struct CheckError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  /// What went wrong, with file, line and column or JSON path, and what was expected.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameter message: The message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }

  /// The message, for `localizedDescription`.
  public var errorDescription: String? { message }
}
