// SPDX-License-Identifier: Apache-2.0

import Foundation

// CONTRACT STUB (issue 20): H-C replaces this file; keep the type name and `message`.

/// An error in a check's input: the constraints file, a shard, a baseline.
public struct CheckError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, with file, line and column or JSON path, and what was expected.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameter message: The message.
  public init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
