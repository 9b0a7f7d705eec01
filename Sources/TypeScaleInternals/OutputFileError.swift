// SPDX-License-Identifier: Apache-2.0

/// Why an output could not be written, as one line naming the path the user gave.
///
/// The message reads `cannot write <path>: <call> failed: <reason>` for a failed system call
/// (`cannot write report.html: write failed: No space left on device`), or names what is wrong
/// with the target (`cannot write out: it is a folder; expected a file path`). Each module maps
/// it to its own typed error with ``message``.
package struct OutputFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path as the user gave it.
  package let path: String
  /// One line naming the path and the reason.
  package let message: String

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

  /// The message.
  package var description: String { message }
}
