// SPDX-License-Identifier: Apache-2.0

/// The options, flags and positionals of one command line, checked against a command's
/// ``CommandConfiguration``, with typed access.
///
/// Look options up by their long name without `--`. Values of options with
/// ``OptionSpec/allowedValues`` come back in the declared spelling, whatever case the user
/// typed. Asking for a name the command did not declare is a programming error and traps.
///
/// ```swift
/// let json = parsed.flag("json")
/// let style = parsed.value("style")          // "title1"
/// let size = try parsed.double("size")       // 17.0, or throws for "abc"
/// ```
struct ParsedArguments: Hashable, Sendable {
  /// The words that named this command, such as `["typescale", "scale"]`.
  let commandPath: [String]
  /// The positional values, in order.
  let positionals: [String]
  private let specs: [String: OptionSpec]
  private let optionValues: [String: [String]]
  private let flagCounts: [String: Int]
  private let ancestors: [ParsedArguments]
  /// Deprecated spellings the command line used, one `warning:` line each (without the
  /// prefix), such as `'--scale' is deprecated; use '--display-scale'`; ``CLI`` prints them.
  let warnings: [String]

  init(
    commandPath: [String], options: [OptionSpec], optionValues: [String: [String]],
    flagCounts: [String: Int], positionals: [String], parent: ParsedArguments?,
    warnings: [String] = []
  ) {
    self.commandPath = commandPath
    self.warnings = warnings
    self.positionals = positionals
    var specs: [String: OptionSpec] = [:]
    for option in options { specs[option.name] = option }
    self.specs = specs
    self.optionValues = optionValues
    self.flagCounts = flagCounts
    self.ancestors = parent.map { [$0] } ?? []
  }

  /// The arguments of the enclosing command, given before this subcommand's name.
  ///
  /// For `typescale --verbose scale --size 17`, the `scale` command's `parent` holds
  /// `--verbose`. `nil` for the root command.
  var parent: ParsedArguments? { ancestors.first }

  /// The command's name as typed, such as `typescale scale`.
  var commandName: String { commandPath.joined(separator: " ") }

  /// Whether a flag was given.
  ///
  /// - Parameter name: The flag's long name, without `--`.
  /// - Returns: `true` when the flag appeared at least once.
  func flag(_ name: String) -> Bool {
    flagCount(name) > 0
  }

  /// How many times a flag was given, for repeatable flags such as `-v -v`.
  ///
  /// - Parameter name: The flag's long name, without `--`.
  /// - Returns: The number of times the flag appeared.
  func flagCount(_ name: String) -> Int {
    check(name, isFlag: true)
    return flagCounts[name, default: 0]
  }

  /// The value of an option, the last one given if it is repeatable.
  ///
  /// - Parameter name: The option's long name, without `--`.
  /// - Returns: The value, or `nil` when the option was not given.
  func value(_ name: String) -> String? {
    values(name).last
  }

  /// Every value given for an option, in order.
  ///
  /// - Parameter name: The option's long name, without `--`.
  /// - Returns: The values; empty when the option was not given.
  func values(_ name: String) -> [String] {
    check(name, isFlag: false)
    return optionValues[name, default: []]
  }

  /// The positional value at an index.
  ///
  /// - Parameter index: The position among positional values, from 0.
  /// - Returns: The value, or `nil` when fewer were given.
  func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }

  /// The value of an option converted to another type.
  ///
  /// - Parameters:
  ///   - name: The option's long name, without `--`.
  ///   - expected: What a valid value is, for the error message, such as `a number`.
  ///   - convert: Converts the text, returning `nil` when it is not valid.
  /// - Returns: The converted value, or `nil` when the option was not given.
  /// - Throws: ``CLIError/validation(_:)`` naming the option and the value when `convert`
  ///   returns `nil`: `invalid value 'abc' for '--size'; expected a number`.
  func value<T>(
    _ name: String, expected: String, _ convert: (String) -> T?
  ) throws(CLIError) -> T? {
    guard let text = value(name) else { return nil }
    return try converted(text, name: name, expected: expected, convert)
  }

  /// Every value of a repeatable option converted to another type.
  ///
  /// - Parameters:
  ///   - name: The option's long name, without `--`.
  ///   - expected: What a valid value is, for the error message, such as `a number`.
  ///   - convert: Converts the text, returning `nil` when it is not valid.
  /// - Returns: The converted values, in order.
  /// - Throws: ``CLIError/validation(_:)`` naming the option and the first invalid value.
  func values<T>(
    _ name: String, expected: String, _ convert: (String) -> T?
  ) throws(CLIError) -> [T] {
    var result: [T] = []
    for text in values(name) {
      result.append(try converted(text, name: name, expected: expected, convert))
    }
    return result
  }

  /// The value of an option as a finite number.
  ///
  /// - Parameter name: The option's long name, without `--`.
  /// - Returns: The number, or `nil` when the option was not given.
  /// - Throws: ``CLIError/validation(_:)`` when the value is not a finite number:
  ///   `invalid value 'abc' for '--size'; expected a number`.
  func double(_ name: String) throws(CLIError) -> Double? {
    try value(name, expected: "a number", Self.finiteDouble)
  }

  /// Every value of a repeatable option as finite numbers.
  ///
  /// - Parameter name: The option's long name, without `--`.
  /// - Returns: The numbers, in order.
  /// - Throws: ``CLIError/validation(_:)`` naming the first value that is not a finite number.
  func doubles(_ name: String) throws(CLIError) -> [Double] {
    try values(name, expected: "a number", Self.finiteDouble)
  }

  /// The value of an option as an integer.
  ///
  /// - Parameter name: The option's long name, without `--`.
  /// - Returns: The integer, or `nil` when the option was not given.
  /// - Throws: ``CLIError/validation(_:)`` when the value is not an integer:
  ///   `invalid value '1.5' for '--count'; expected an integer`.
  func int(_ name: String) throws(CLIError) -> Int? {
    try value(name, expected: "an integer") { Int($0) }
  }

  private func converted<T>(
    _ text: String, name: String, expected: String, _ convert: (String) -> T?
  ) throws(CLIError) -> T {
    guard let result = convert(text) else {
      throw .validation("invalid value '\(text)' for '--\(name)'; expected \(expected)")
    }
    return result
  }

  private static func finiteDouble(_ text: String) -> Double? {
    guard let number = Double(text), number.isFinite else { return nil }
    return number
  }

  private func check(_ name: String, isFlag: Bool) {
    guard let spec = specs[name] else {
      preconditionFailure("'--\(name)' is not declared by '\(commandName)'")
    }
    precondition(
      spec.isFlag == isFlag,
      "'--\(name)' of '\(commandName)' is \(spec.isFlag ? "a flag" : "an option with a value")")
  }
}
