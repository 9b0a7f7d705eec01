// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleMetrics

/// An error in a check's input: the constraints file, a shard, a baseline, reports to merge, or
/// a run that would lay out too much or nothing.
///
/// The message names the file, the place in it (a JSON path such as `rules[2].categories`, or
/// a line and column), the bad value and what would be valid; ``code`` says which kind of
/// failure it is, for callers that act on it. It has every TypeScale error's shape
/// (`CodedError`): equality and hashing compare the code and the message, not the ``cause``.
public struct CheckError: CodedError, LocalizedError {
  /// What went wrong, with file, line and column or JSON path, and what was expected.
  public let message: String
  /// The kind of failure.
  public let code: Code
  /// The error that caused this one, if any, such as the decoder's error for constraints that
  /// are not valid JSON; not part of equality.
  public let cause: (any Error & Sendable)?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - code: The kind of failure; ``Code/invalidInput`` unless given.
  ///   - cause: The error that caused this one, if any (``cause``).
  public init(_ message: String, code: Code = .invalidInput, cause: (any Error & Sendable)? = nil) {
    self.message = message
    self.code = code
    self.cause = cause
  }

  /// The kind of a ``CheckError`` (an `ErrorCode`).
  public enum Code: String, ErrorCode {
    /// A file or value that is not valid: the constraints, a shard, a baseline, a report.
    case invalidInput
    /// The run's estimated layouts exceed ``CheckRunner/maximumLayouts``.
    case tooManyLayouts
    /// The run would lay nothing out: no strings were read, or no entry matches a rule.
    case nothingToCheck
    /// Reports to merge are not the whole of one run: a shard missing, twice, or of another run.
    case incompleteMerge
    /// A report or baseline to write names an input of the run or another output.
    case outputConflict
  }
}
