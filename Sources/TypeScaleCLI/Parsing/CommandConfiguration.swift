// SPDX-License-Identifier: Apache-2.0

/// Everything a command declares about itself: its name, its help text, its options,
/// positionals and subcommands.
///
/// The parser and ``HelpGenerator`` both read this one declaration, so an option cannot be
/// accepted without appearing in `--help`, or the other way round.
///
/// ```swift
/// static let configuration = CommandConfiguration(
///   commandName: "scale",
///   abstract: "Scale a point size to a content-size category.",
///   options: [
///     .option("size", valueName: "points", help: "The size at Large.", isRequired: true),
///     .flag("json", help: "Print JSON."),
///   ])
/// ```
struct CommandConfiguration: Sendable {
  /// The name typed on the command line, such as `scale`.
  var commandName: String
  /// One sentence shown after `OVERVIEW:` and in the parent's subcommand list.
  var abstract: String
  /// Longer help shown under the overview, or empty for none.
  ///
  /// It may hold several lines; lines that start with a space are printed as they are.
  var discussion: String
  /// The text after `USAGE:` in help, replacing the generated usage; `nil` to generate it.
  var usage: String?
  /// The named options and flags, in the order help lists them.
  var options: [OptionSpec]
  /// The positional arguments, in the order they are given.
  var positionals: [PositionalSpec]
  /// The commands nested under this one, such as `sizes` and `scale` under `typescale`.
  var subcommands: [any Command.Type]
  /// Old option names (without `--`) that still parse as their new name, with a deprecation
  /// warning, such as `["scale": "display-scale"]`; help does not list them.
  var renamedOptions: [String: String]

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - commandName: The name typed on the command line.
  ///   - abstract: One sentence describing the command.
  ///   - discussion: Longer help text, or empty.
  ///   - usage: Text replacing the generated usage line, or `nil`.
  ///   - options: The named options and flags.
  ///   - positionals: The positional arguments.
  ///   - subcommands: The nested commands.
  ///   - renamedOptions: Old option names that parse as new ones, with a warning.
  init(
    commandName: String, abstract: String = "", discussion: String = "", usage: String? = nil,
    options: [OptionSpec] = [], positionals: [PositionalSpec] = [],
    subcommands: [any Command.Type] = [], renamedOptions: [String: String] = [:]
  ) {
    self.renamedOptions = renamedOptions
    self.commandName = commandName
    self.abstract = abstract
    self.discussion = discussion
    self.usage = usage
    self.options = options
    self.positionals = positionals
    self.subcommands = subcommands
  }

  /// Finds the option with a long name.
  ///
  /// - Parameter name: The long name, without `--`.
  /// - Returns: The declaration, or `nil` when none has that name.
  func option(named name: String) -> OptionSpec? {
    options.first { $0.name == name }
  }

  /// Finds the option with a single-letter name.
  ///
  /// - Parameter short: The letter, without `-`.
  /// - Returns: The declaration, or `nil` when none has that letter.
  func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }

  /// Finds the subcommand with a name.
  ///
  /// - Parameter name: The name typed on the command line.
  /// - Returns: The subcommand's type, or `nil` when none has that name.
  func subcommand(named name: String) -> (any Command.Type)? {
    subcommands.first { $0.configuration.commandName == name }
  }
}
