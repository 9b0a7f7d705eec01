// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFontStore
import TypeScaleMetrics

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
/// It has the library's error shape (`CodedError`), and a library error becomes a CLI error
/// with `CLIError(error)` (`ConvertingError`, ``code(converting:)``), keeping its message.
/// Like the library's error types it is a `LocalizedError`, so `error.localizedDescription` is
/// the message rather than Foundation's "The operation could not be completed".
struct CLIError: ConvertingError, LocalizedError {
  /// How the CLI reports an error: with a hint to run `--help` or not, and whether it is a
  /// failure at all.
  enum Code: String, ErrorCode {
    /// A message; with ``ExitCode/validationFailure`` a mistake on the command line, followed
    /// by the hint to run `--help`.
    case message
    /// An input the command cannot use, or an output it cannot write: no hint.
    case input
    /// ``helpRequested``: print the help and succeed.
    case helpRequest
  }

  /// One line for a person: what went wrong, naming the bad option or value.
  let message: String
  /// The status the process should exit with.
  let exitCode: ExitCode
  /// How the CLI reports the error.
  let code: Code
  /// The library error this one reports, if any; not part of equality.
  let cause: (any Error & Sendable)?
  /// The exit status, which equality and hashing compare besides the code and the message.
  var comparedDetails: [AnyHashable] { [exitCode] }

  /// Creates an error with a message and an exit code.
  ///
  /// - Parameters:
  ///   - message: One line naming the bad option or value.
  ///   - exitCode: The status to exit with; ``ExitCode/validationFailure`` unless given.
  init(_ message: String, exitCode: ExitCode = .validationFailure) {
    self.init(.message, message, exitCode: exitCode, cause: nil)
  }

  private init(_ code: Code, _ message: String, exitCode: ExitCode, cause: (any Error & Sendable)?)
  {
    self.message = message
    self.exitCode = exitCode
    self.code = code
    self.cause = cause
  }

  /// Creates an error of a code (the `ConvertingError` requirement, which
  /// `init(code:message:cause:)` calls): ``Code/input`` and ``Code/message`` exit with
  /// ``ExitCode/validationFailure``, ``Code/helpRequest`` with ``ExitCode/success``.
  ///
  /// - Parameter fields: How the CLI reports it, one line naming the bad option, value or
  ///   file, and the library error it reports, if any.
  init(fields: ErrorFields<Code>) {
    self.init(
      fields.code, fields.message,
      exitCode: fields.code == .helpRequest ? .success : .validationFailure, cause: fields.cause)
  }

  /// How the CLI reports a library error.
  ///
  /// A metrics error, or a store error for a bad argument, is a usage mistake
  /// (``Code/message``, with the hint); any other store error is an input error
  /// (``Code/input``). Both exit 2 (see ``ExitCode``).
  ///
  /// - Parameter error: A `MetricsError` or a `FontStoreError`.
  /// - Returns: The CLI's code.
  static func code(converting error: any CodedError) -> Code {
    guard let error = error as? FontStoreError else { return .message }
    return error.code == .invalidArgument ? .message : .input
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
    CLIError(code: .input, message: message, cause: nil)
  }

  /// Whether ``CLI`` follows the message with `(see '<command> --help')`: only for a mistake
  /// on the command line, which the help can correct.
  var showsHelpHint: Bool { code == .message && exitCode == .validationFailure }

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
  static let helpRequested = CLIError(code: .helpRequest, message: "help requested", cause: nil)

  /// Whether this is ``helpRequested`` rather than a failure.
  var isHelpRequest: Bool { code == .helpRequest }

  /// The message, which `localizedDescription` returns.
  var errorDescription: String? { message }
}
