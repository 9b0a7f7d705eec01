// SPDX-License-Identifier: Apache-2.0

/// A command or subcommand of the tool, the counterpart of swift-argument-parser's
/// `ParsableCommand`.
///
/// A command declares its options once in ``configuration``; ``CLI`` parses the command line
/// against that declaration, creates the command with ``init(parsed:)`` and calls
/// ``run(output:)``:
///
/// ```swift
/// struct Scale: Command {
///   static let configuration = CommandConfiguration(
///     commandName: "scale", abstract: "Scale a size.",
///     options: [.option("size", valueName: "points", help: "The size.", isRequired: true)])
///   let size: Double
///   init(parsed: ParsedArguments) throws(CLIError) {
///     size = try parsed.double("size") ?? 17
///   }
///   func run(output: inout some TextOutputStream) async throws(CLIError) -> ExitCode {
///     print(size * 1.2, to: &output)
///     return .success
///   }
/// }
/// ```
///
/// A command that only groups subcommands can omit ``run(output:)``: the default prints its
/// help. `run` is `async`, as `AsyncParsableCommand.run()` is, so a command awaits downloads
/// and other async library calls instead of blocking a thread of Swift's cooperative pool.
protocol Command: Sendable {
  /// The command's name, help text, options, positionals and subcommands.
  static var configuration: CommandConfiguration { get }

  /// Creates the command from a parsed command line.
  ///
  /// - Parameter parsed: The options and positionals, already checked against
  ///   ``configuration``.
  /// - Throws: A ``CLIError`` (usually ``CLIError/validation(_:)``) when a value cannot be
  ///   converted, such as a size that is not a number.
  init(parsed: ParsedArguments) throws(CLIError)

  /// Does the command's work, writing its results to `output`.
  ///
  /// - Parameter output: Where results go (standard output in the tool, a `String` in tests).
  /// - Returns: The status to exit with: ``ExitCode/success``, or ``ExitCode/failure`` when a
  ///   check failed.
  /// - Throws: A ``CLIError`` that ``CLI`` prints as `error: <message>`, or
  ///   ``CLIError/helpRequested`` to print this command's help.
  func run(output: inout some TextOutputStream) async throws(CLIError) -> ExitCode

  /// Does the command's work, writing results to `output` and per-item problems that do not stop
  /// the run (a file that is not a font among several) to `errorOutput`.
  ///
  /// The default calls ``run(output:)``; implement this one instead when a command reports
  /// problems and carries on.
  ///
  /// - Parameters:
  ///   - output: Where results go (standard output).
  ///   - errorOutput: Where per-item problems go (standard error).
  /// - Returns: The status to exit with.
  /// - Throws: A ``CLIError``, as for ``run(output:)``.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode
}

extension Command {
  /// Prints the command's help by throwing ``CLIError/helpRequested``; the default for
  /// commands that only group subcommands.
  ///
  /// - Parameter output: Unused; ``CLI`` writes the help.
  /// - Returns: Never returns normally.
  /// - Throws: ``CLIError/helpRequested``, always.
  func run(output: inout some TextOutputStream) async throws(CLIError) -> ExitCode {
    throw .helpRequested
  }

  /// Calls ``run(output:)``; per-item problems have nowhere else to go.
  ///
  /// - Parameters:
  ///   - output: Where results go.
  ///   - errorOutput: Unused by the default.
  /// - Returns: What ``run(output:)`` returns.
  /// - Throws: What ``run(output:)`` throws.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    try await run(output: &output)
  }
}
