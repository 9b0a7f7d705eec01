// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

/// The entry point: parses a command line, runs the command it names and reports the outcome.
///
/// Everything happens in-process and goes through the two streams, so `main.swift` is a few
/// lines and tests need no subprocess:
///
/// ```swift
/// var output = ""
/// var errors = ""
/// let code = await CLI.run(TypeScaleCommand.self, arguments: ["scale", "--frobnicate"],
///                          output: &output, errorOutput: &errors)
/// // code == .validationFailure
/// // errors == "error: unknown option '--frobnicate' for 'typescale scale'; valid options: … "
/// //           + "(see 'typescale scale --help')\n"
/// ```
///
/// The module is the `typescale` tool's, not a library: ``main(arguments:output:errorOutput:)``
/// is its only public symbol, and tests reach the rest with `@testable import`.
public enum CLI {
  /// Runs `typescale` with `arguments`: what `main.swift` calls.
  ///
  /// ```swift
  /// exit(await CLI.main(arguments: Array(CommandLine.arguments.dropFirst()),
  ///                     output: &standardOutput, errorOutput: &standardError))
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: The words after the program name.
  ///   - output: Where results and help go (standard output).
  ///   - errorOutput: Where errors go (standard error).
  /// - Returns: The status to pass to `exit(_:)`: 0 for success, 1 when a check failed, 2 when
  ///   the command could not do its work (``ExitCode`` has the table).
  public static func main(
    arguments: [String], output: inout some TextOutputStream,
    errorOutput: inout some TextOutputStream
  ) async -> Int32 {
    await run(
      TypeScaleCommand.self, arguments: arguments, output: &output, errorOutput: &errorOutput
    ).rawValue
  }

  /// Parses `arguments`, runs the command they name, and writes results, help or errors.
  ///
  /// - Help (`--help`, `-h`, `help <subcommand>`, or a command that only groups subcommands
  ///   run on its own) goes to `output` and returns ``ExitCode/success``.
  /// - A mistake on the command line writes one line,
  ///   `error: <message> (see '<command> --help')`, to `errorOutput` and returns
  ///   ``ExitCode/validationFailure``.
  /// - A ``CLIError`` thrown while running writes `error: <message>` to `errorOutput` (with
  ///   the hint only for usage mistakes, ``CLIError/showsHelpHint``) and returns the error's
  ///   exit code.
  /// - Deprecated spellings on the command line (``ParsedArguments/warnings``) are written as
  ///   `warning: …` lines before the command runs.
  ///
  /// - Parameters:
  ///   - root: The top-level command, such as `typescale`.
  ///   - arguments: The words after the program name.
  ///   - output: Where results and help go (standard output).
  ///   - errorOutput: Where errors go (standard error).
  /// - Returns: The status to exit with.
  static func run(
    _ root: any Command.Type, arguments: [String],
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async -> ExitCode {
    switch ArgumentScanner(root: root).parse(arguments) {
    case .help(let command, let path):
      output.write(HelpGenerator.help(for: command.configuration, commandPath: path))
      return .success
    case .failure(let error, let path):
      return report(error, commandPath: path, to: &errorOutput)
    case .run(let command, let parsed):
      for warning in parsed.warnings { errorOutput.write("warning: \(warning)\n") }
      do throws(CLIError) {
        let instance = try command.init(parsed: parsed)
        return try await instance.run(output: &output, errorOutput: &errorOutput)
      } catch {
        guard error.isHelpRequest else {
          return report(error, commandPath: parsed.commandPath, to: &errorOutput)
        }
        let path = parsed.commandPath
        output.write(HelpGenerator.help(for: command.configuration, commandPath: path))
        return .success
      }
    }
  }

  private static func report(
    _ error: CLIError, commandPath: [String], to errorOutput: inout some TextOutputStream
  ) -> ExitCode {
    // Every message names the user's values; none may move the cursor or retitle the terminal.
    var line = "error: " + DisplayText.escapingControls(error.message, keepingNewlines: true)
    if error.showsHelpHint {
      line += " (see '\(commandPath.joined(separator: " ")) --help')"
    }
    errorOutput.write(line + "\n")
    return error.exitCode
  }
}
