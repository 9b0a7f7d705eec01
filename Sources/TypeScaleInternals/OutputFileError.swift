// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// Why an output could not be written, as one line naming the path the user gave.
///
/// The message reads `cannot write <path>: <call> failed: <reason>` for a failed system call
/// (`cannot write report.html: write failed: No space left on device`), or names what is wrong
/// with the target (`cannot write out: it is a folder; expected a file path`). Each module maps
/// it to its own typed error with ``message``. It has every TypeScale error's shape
/// (`CodedError`); equality compares the message and the path.
package struct OutputFileError: CodedError {
  /// The one kind of an output error: the output could not be written.
  package enum Code: String, Hashable, Sendable, CustomStringConvertible {
    /// A system call failed, or the target is not a file that can be written.
    case unwritable

    /// The code's name, `unwritable`.
    package var description: String { rawValue }
  }

  /// The path as the user gave it.
  package let path: String
  /// One line naming the path and the reason.
  package let message: String

  /// Always ``Code/unwritable``.
  package var code: Code { .unwritable }
  /// No error caused an output error: its message names the call and the `errno`.
  package var cause: (any Error & Sendable)? { nil }
  /// The path, which equality and hashing compare besides the message.
  package var comparedDetails: [AnyHashable] { [path] }

  /// Creates an error with a message that already names the path.
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it.
  ///   - message: One line naming the path.
  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// The error for a failed system call: `cannot write <path>: <call> failed: <strerror>`.
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it.
  ///   - call: The call that failed: `open`, `write`, `fsync`, `rename`.
  ///   - code: The `errno` it set.
  /// - Returns: The error.
  package static func system(path: String, call: String, code: Int32) -> OutputFileError {
    OutputFileError(
      path: path,
      message: "cannot write \(DisplayText.quoted(path)): \(call) failed: "
        + SystemCall.reason(code))
  }
}
