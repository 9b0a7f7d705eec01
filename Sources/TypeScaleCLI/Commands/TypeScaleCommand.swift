// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// The root command, `typescale`: it only groups the subcommands.
///
/// ```
/// $ typescale scale --style body --size 17 --category AX3
/// ```
struct TypeScaleCommand: Command {
  /// The tool's name, overview and subcommands.
  static let configuration = CommandConfiguration(
    commandName: "typescale",
    abstract: "Apple's Dynamic Type and text measurement on Linux.",
    discussion: """
      Sizes follow Apple's published tables; scaling follows UIFontMetrics (the ratio of the \
      style's leading, rounded to whole points for fonts and to the pixel grid for values).
      """,
    subcommands: [
      SizesCommand.self, ScaleCommand.self, FontsCommand.self, MeasureCommand.self,
      GoldensCommand.self, RenderCommand.self,
    ])

  /// Creates the root command; it takes no options of its own.
  ///
  /// - Parameter parsed: The parsed command line (unused).
  init(parsed: ParsedArguments) {}
}

extension CLIError {
  /// Turns a metrics error into a validation error (exit status 2) with the same message.
  init(_ error: MetricsError) {
    self = .validation(error.message)
  }
}
