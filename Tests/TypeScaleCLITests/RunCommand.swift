// SPDX-License-Identifier: Apache-2.0

import Foundation

@testable import TypeScaleCLI

/// Runs `typescale` in-process and returns its exit status, standard output and standard error.
///
/// - Parameters:
///   - arguments: The command line, without the program name.
///   - terminal: Whether standard error counts as a terminal (progress lines); `false` by
///     default, so no test depends on how it is run.
/// - Returns: The exit status, standard output and standard error.
func typescale(
  _ arguments: [String], terminal: Bool = false
) async -> (status: Int32, output: String, error: String) {
  var output = ""
  var error = ""
  let status = await GoldensCommand.$errorOutputIsTerminal.withValue({ terminal }) {
    await CLI.run(TypeScaleCommand.self, arguments: arguments, output: &output, errorOutput: &error)
  }
  return (status.rawValue, output, error)
}

/// Runs `typescale` in-process with its arguments listed.
func typescale(_ arguments: String...) async -> (status: Int32, output: String, error: String) {
  await typescale(arguments)
}
