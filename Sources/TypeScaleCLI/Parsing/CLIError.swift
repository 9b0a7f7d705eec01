// SPDX-License-Identifier: Apache-2.0

import Foundation

/// An error from parsing a command line or running a command, with the exit code to return.
///
/// The message is one line that names the offending option or value and, where it helps, what
/// would be valid, so ``CLI`` can print it as `error: <message>` without decoration:
///
/// ```swift
/// throw CLIError.validation("invalid value 'huge' for '--category'; valid values: xS, S, M")
/// ```
///
/// Validation errors (a mistake on the command line) exit with ``ExitCode/validationFailure`` and
/// ``CLI`` follows them with a hint to run `--help`; ``input(_:)`` errors (a file that is
/// missing, unreadable or not valid, an output that cannot be written) exit with the same
/// status and no hint; ``failure(_:)`` errors (a check that did not pass) exit with
/// ``ExitCode/failure`` and no hint. ``ExitCode`` has the table. ``helpRequested`` is not a
/// failure: throwing it from a command makes ``CLI`` print that command's help and exit with
/// ``ExitCode/success``.
///
/// Like the library's error types it is a `LocalizedError`, so `error.localizedDescription` is
/// the message rather than Foundation's "The operation could not be completed".
struct CLIError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
  private enum Kind: Hashable, Sendable {
    case message
    case input
    case helpRequest
  }

  /// One line for a person: what went wrong, naming the bad option or value.
  let message: String
  /// The status the process should exit with.
  let exitCode: ExitCode
  private let kind: Kind

  /// Creates an error with a message and an exit code.
  ///
  /// - Parameters:
  ///   - message: One line naming the bad option or value.
  ///   - exitCode: The status to exit with; ``ExitCode/validationFailure`` unless given.
  init(_ message: String, exitCode: ExitCode = .validationFailure) {
    self.message = message
    self.exitCode = exitCode
    self.kind = .message
  }

  private init(helpRequestWithMessage message: String) {
    self.message = message
    self.exitCode = .success
    self.kind = .helpRequest
  }

  /// Creates an error for a user's mistake on the command line (exit code 2).
  ///
  /// - Parameter message: One line naming the bad option or value.
  /// - Returns: An error with ``ExitCode/validationFailure``.
  static func validation(_ message: String) -> CLIError {
    CLIError(message, exitCode: .validationFailure)
  }

  /// Creates an error for an input the command cannot use or an output it cannot write (exit
  /// code 2, with no hint to run `--help`): a font file, folder, typography, cases or golden
  /// file that is missing, unreadable or not valid, or a file that cannot be written.
  ///
  /// - Parameter message: One line naming the file and what is wrong with it.
  /// - Returns: An error with ``ExitCode/validationFailure``.
  static func input(_ message: String) -> CLIError {
    CLIError(inputMessage: message)
  }

  private init(inputMessage message: String) {
    self.message = message
    self.exitCode = .validationFailure
    self.kind = .input
  }

  /// Whether ``CLI`` follows the message with `(see '<command> --help')`: only for a mistake
  /// on the command line, which the help can correct.
  var showsHelpHint: Bool { kind == .message && exitCode == .validationFailure }

  /// Creates an error for a check that failed while the command ran (exit code 1).
  ///
  /// - Parameter message: One line saying what failed.
  /// - Returns: An error with ``ExitCode/failure``.
  static func failure(_ message: String) -> CLIError {
    CLIError(message, exitCode: .failure)
  }

  /// A request to print the current command's help and exit with ``ExitCode/success``.
  ///
  /// The default ``Command/run(output:)`` throws this, so a command that only groups
  /// subcommands prints its help when run on its own.
  static let helpRequested = CLIError(helpRequestWithMessage: "help requested")

  /// Whether this is ``helpRequested`` rather than a failure.
  var isHelpRequest: Bool { kind == .helpRequest }

  /// The message, as printed by `print(error)`.
  var description: String { message }

  /// The message, which `localizedDescription` returns.
  var errorDescription: String? { message }
}
