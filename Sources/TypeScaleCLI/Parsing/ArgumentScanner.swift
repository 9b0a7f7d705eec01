// SPDX-License-Identifier: Apache-2.0

/// Parses a command line against a tree of ``Command`` declarations.
///
/// The parser walks from the root command down through subcommand names, checking each word
/// against the current command's ``CommandConfiguration``:
///
/// - `--name value`, `--name=value` and `-n value` give an option its value; a value that
///   starts with `-` is taken only if it is a number (`--offset -2`) or given with `=`.
/// - `--name` and `-n` set a flag.
/// - A name in ``CommandConfiguration/renamedOptions`` (`render --scale`) stands for its new
///   name, with a warning in ``ParsedArguments/warnings``.
/// - An unknown option or subcommand is an error that suggests the nearest valid name
///   (`did you mean '--width'?`), by ``EditDistance``.
/// - `--` ends options: every later word is positional.
/// - `--help` and `-h` (on every command) and `help [<subcommand> ...]` (on every command that
///   has subcommands) ask for help.
/// - On a command with subcommands, the first word that is not an option names a subcommand;
///   options given before it belong to the enclosing command (see ``ParsedArguments/parent``).
///   A command that also declares positionals takes that word as its first positional when no
///   subcommand has its name (`typescale check rules.json` beside `typescale check merge`).
///
/// ``CLI`` drives the parser and prints the outcome; tests can call ``parse(_:)`` directly.
///
/// Named `ArgumentScanner` rather than `ArgumentParser` so that it never shadows the module name
/// of swift-argument-parser, which this tool's commands are shaped after.
struct ArgumentScanner: Sendable {
  /// What a command line asks for.
  enum Outcome: Sendable {
    /// Run `command` with `arguments`.
    case run(any Command.Type, ParsedArguments)
    /// Print the help of `command`, named on the command line by `commandPath`.
    case help(any Command.Type, commandPath: [String])
    /// The command line is wrong; `commandPath` names the command being parsed when the
    /// mistake was found.
    case failure(CLIError, commandPath: [String])
  }

  /// The command the command line starts with, such as `typescale`.
  let root: any Command.Type

  /// Creates a parser for a command tree.
  ///
  /// - Parameter root: The top-level command.
  init(root: any Command.Type) {
    self.root = root
  }

  /// Parses a command line.
  ///
  /// A request for help wins over a mistake: `typescale scale --frobnicate --help` prints the
  /// help of `typescale scale`.
  ///
  /// - Parameter arguments: The words after the program name (`CommandLine.arguments` without
  ///   its first element).
  /// - Returns: The command to run, the help to print, or the mistake to report.
  func parse(_ arguments: [String]) -> Outcome {
    var level = Level(command: root, path: [root.configuration.commandName], parent: nil)
    var index = arguments.startIndex
    while true {
      do throws(CLIError) {
        switch try level.consume(arguments, from: &index) {
        case .finished:
          return .run(level.command, try level.finish())
        case .help:
          return .help(level.command, commandPath: level.path)
        case .helpSubcommand:
          return helpOutcome(level.command, path: level.path, names: arguments[index...])
        case .subcommand(let subcommand):
          // The subcommand's arguments stand in for the parent's positionals.
          let parsed = try level.finish(requiringPositionals: false)
          let path = level.path + [subcommand.configuration.commandName]
          level = Level(command: subcommand, path: path, parent: parsed)
        }
      } catch {
        let rest = arguments[index...].prefix { $0 != "--" }
        if rest.contains(where: Level.isHelpOption) {
          return .help(level.command, commandPath: level.path)
        }
        return .failure(error, commandPath: level.path)
      }
    }
  }

  /// Resolves `help sizes ...` to the command whose help to print.
  private func helpOutcome(
    _ command: any Command.Type, path: [String], names: ArraySlice<String>
  ) -> Outcome {
    var command = command
    var path = path
    for name in names where !Level.isHelpOption(name) {
      guard let subcommand = command.configuration.subcommand(named: name) else {
        return .failure(Level.unknownSubcommand(name, of: command, path: path), commandPath: path)
      }
      command = subcommand
      path.append(name)
    }
    return .help(command, commandPath: path)
  }
}

/// The parsing state of one command along the path from the root.
private struct Level {
  enum Step {
    case finished
    case help
    case helpSubcommand
    case subcommand(any Command.Type)
  }

  let command: any Command.Type
  let configuration: CommandConfiguration
  let path: [String]
  let parent: ParsedArguments?
  private var optionValues: [String: [String]] = [:]
  private var flagCounts: [String: Int] = [:]
  private var positionals: [String] = []
  private var afterTerminator = false
  /// Deprecated spellings used, one `warning:` line each (without the prefix).
  private var warnings: [String] = []

  init(command: any Command.Type, path: [String], parent: ParsedArguments?) {
    self.command = command
    self.configuration = command.configuration
    self.path = path
    self.parent = parent
  }

  private var commandName: String { path.joined(separator: " ") }

  static func isHelpOption(_ word: String) -> Bool {
    word == "--help" || word == "-h"
  }

  /// Whether a word is an option name rather than a value: it starts with `-`, is longer than
  /// `-` alone, and is not a negative number.
  static func looksLikeOption(_ word: String) -> Bool {
    word.hasPrefix("-") && word.count > 1 && Double(word) == nil
  }

  static func unknownSubcommand(
    _ name: String, of command: any Command.Type, path: [String]
  ) -> CLIError {
    // A closure, not a key path: key paths through metatypes crash SILGen (Swift 6.3).
    let names = command.configuration.subcommands.map { $0.configuration.commandName } + ["help"]
    let commandName = path.joined(separator: " ")
    let suggestion = EditDistance.suggestion(for: name, among: names).map {
      "; did you mean '\($0)'?"
    }
    return .validation(
      "unknown subcommand '\(name)' for '\(commandName)'\(suggestion ?? ";") valid subcommands: "
        + names.joined(separator: ", "))
  }

  /// Reads words until the command line ends, help is asked for, or a subcommand is named.
  mutating func consume(_ arguments: [String], from index: inout Int) throws(CLIError) -> Step {
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if afterTerminator || !Self.looksLikeOption(word) {
        // A command with both subcommands and positionals (`check CONSTRAINTS` beside
        // `check merge`) reads its first non-option word as a subcommand when one has that
        // name, and as a positional otherwise; after a positional, every word is one.
        if !afterTerminator && !configuration.subcommands.isEmpty && positionals.isEmpty {
          if word == "help" { return .helpSubcommand }
          if let subcommand = configuration.subcommand(named: word) {
            return .subcommand(subcommand)
          }
          guard !configuration.positionals.isEmpty else {
            throw Self.unknownSubcommand(word, of: command, path: path)
          }
        }
        try addPositional(word)
      } else if word == "--" {
        afterTerminator = true
      } else if Self.isHelpOption(word) {
        return .help
      } else {
        try consumeOption(word, arguments, &index)
      }
    }
    return .finished
  }

  private mutating func addPositional(_ word: String) throws(CLIError) {
    let specs = configuration.positionals
    let isVariadic = specs.last?.isRepeatable ?? false
    guard positionals.count < specs.count || isVariadic else {
      throw .validation("unexpected argument '\(word)' for '\(commandName)'")
    }
    positionals.append(word)
  }

  private mutating func consumeOption(
    _ word: String, _ arguments: [String], _ index: inout Int
  ) throws(CLIError) {
    let spelling: String
    var inlineValue: String?
    if word.hasPrefix("--") {
      if let equals = word.firstIndex(of: "=") {
        spelling = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      } else {
        spelling = word
      }
    } else {
      spelling = word
    }
    guard let spec = lookUp(spelling) else {
      let names = configuration.options.map { "--\($0.name)" } + ["--help"]
      let suggestion = EditDistance.suggestion(for: spelling, among: names).map {
        "; did you mean '\($0)'?"
      }
      throw .validation(
        "unknown option '\(spelling)' for '\(commandName)'\(suggestion ?? ";") valid options: "
          + names.joined(separator: ", "))
    }
    if spec.isFlag {
      guard inlineValue == nil else {
        throw .validation("flag '\(spelling)' does not take a value")
      }
      try checkRepeat(spec, given: flagCounts[spec.name] != nil)
      flagCounts[spec.name, default: 0] += 1
      return
    }
    let value: String
    if let inlineValue, !inlineValue.isEmpty {
      value = inlineValue
    } else if inlineValue == nil, index < arguments.count, !Self.looksLikeOption(arguments[index]) {
      value = arguments[index]
      index += 1
    } else {
      throw .validation("option '\(spelling)' needs a value")
    }
    guard let canonical = spec.canonicalValue(value) else {
      let allowed = spec.allowedValues ?? []
      throw .validation(
        "invalid value '\(value)' for '\(spelling)'; valid values: "
          + allowed.joined(separator: ", "))
    }
    try checkRepeat(spec, given: optionValues[spec.name] != nil)
    optionValues[spec.name, default: []].append(canonical)
  }

  private mutating func lookUp(_ spelling: String) -> OptionSpec? {
    if spelling.hasPrefix("--") {
      let name = String(spelling.dropFirst(2))
      if let spec = configuration.option(named: name) { return spec }
      guard let renamed = configuration.renamedOptions[name],
        let spec = configuration.option(named: renamed)
      else { return nil }
      let warning = "'\(spelling)' is deprecated; use '--\(renamed)'"
      if !warnings.contains(warning) { warnings.append(warning) }
      return spec
    }
    guard spelling.count == 2, let letter = spelling.last else { return nil }
    return configuration.option(short: letter)
  }

  private func checkRepeat(_ spec: OptionSpec, given: Bool) throws(CLIError) {
    if given && !spec.isRepeatable {
      throw .validation("option '--\(spec.name)' was given more than once")
    }
  }

  /// Checks that required options and positionals were given and returns the result.
  ///
  /// - Parameter requiringPositionals: Whether missing required positionals are an error;
  ///   not when a subcommand follows (`check merge` needs no `<constraints>`).
  /// - Returns: The parsed arguments.
  /// - Throws: ``CLIError/validation(_:)`` naming the first missing option or positional.
  func finish(requiringPositionals: Bool = true) throws(CLIError) -> ParsedArguments {
    for spec in configuration.options where spec.isRequired && optionValues[spec.name] == nil {
      throw .validation("missing required option '\(spec.synopsis)'")
    }
    let required = configuration.positionals.filter { !$0.isOptional }
    if requiringPositionals && positionals.count < required.count {
      throw .validation("missing required argument '\(required[positionals.count].synopsis)'")
    }
    return ParsedArguments(
      commandPath: path, options: configuration.options, optionValues: optionValues,
      flagCounts: flagCounts, positionals: positionals, parent: parent, warnings: warnings)
  }
}
