// SPDX-License-Identifier: Apache-2.0

/// The declaration of one named option or flag, from which both parsing and help are generated.
///
/// An option with a ``valueName`` takes a value (`--size 17`, `--size=17`, `-s 17`); one
/// without is a flag (`--json`). Declare them with the `option` and `flag` factories:
///
/// ```swift
/// OptionSpec.option("style", short: "s", valueName: "style", help: "The text style.",
///                   allowedValues: ["body", "title1"], isRequired: true)
/// OptionSpec.flag("json", help: "Print JSON.")
/// ```
///
/// `help` and `h` are reserved for `--help` and `-h`, which every command accepts.
struct OptionSpec: Hashable, Sendable {
  /// The long name, without the leading `--`, such as `size`.
  var name: String
  /// The single-letter name, without the leading `-`, or `nil` for none.
  var short: Character?
  /// The placeholder shown for the value, such as `points` in `--size <points>`; `nil` for a
  /// flag.
  var valueName: String?
  /// One sentence for the help screen.
  var help: String
  /// The values accepted, matched case-insensitively and listed in help; `nil` accepts any.
  var allowedValues: [String]?
  /// Whether the command line must give this option; flags are never required.
  var isRequired: Bool
  /// Whether the option may be given more than once.
  var isRepeatable: Bool

  /// Creates an option declaration.
  ///
  /// - Parameters:
  ///   - name: The long name, without `--`.
  ///   - short: The single-letter name, without `-`, or `nil`.
  ///   - valueName: The value's placeholder, or `nil` for a flag.
  ///   - help: One sentence for the help screen.
  ///   - allowedValues: The accepted values, or `nil` to accept any.
  ///   - isRequired: Whether the option must be given.
  ///   - isRepeatable: Whether the option may be given more than once.
  init(
    name: String, short: Character? = nil, valueName: String? = nil, help: String,
    allowedValues: [String]? = nil, isRequired: Bool = false, isRepeatable: Bool = false
  ) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.help = help
    self.allowedValues = allowedValues
    self.isRequired = valueName == nil ? false : isRequired
    self.isRepeatable = isRepeatable
  }

  /// Declares an option that takes a value.
  ///
  /// - Parameters:
  ///   - name: The long name, without `--`.
  ///   - short: The single-letter name, without `-`, or `nil`.
  ///   - valueName: The value's placeholder in help, such as `points`.
  ///   - help: One sentence for the help screen.
  ///   - allowedValues: The accepted values, or `nil` to accept any.
  ///   - isRequired: Whether the option must be given.
  ///   - isRepeatable: Whether the option may be given more than once.
  /// - Returns: The declaration.
  static func option(
    _ name: String, short: Character? = nil, valueName: String, help: String,
    allowedValues: [String]? = nil, isRequired: Bool = false, isRepeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      name: name, short: short, valueName: valueName, help: help, allowedValues: allowedValues,
      isRequired: isRequired, isRepeatable: isRepeatable)
  }

  /// Declares a flag, an option without a value.
  ///
  /// - Parameters:
  ///   - name: The long name, without `--`.
  ///   - short: The single-letter name, without `-`, or `nil`.
  ///   - help: One sentence for the help screen.
  ///   - isRepeatable: Whether the flag may be given more than once (see
  ///     ``ParsedArguments/flagCount(_:)``).
  /// - Returns: The declaration.
  static func flag(
    _ name: String, short: Character? = nil, help: String, isRepeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(name: name, short: short, help: help, isRepeatable: isRepeatable)
  }

  /// Whether this is a flag (it takes no value).
  var isFlag: Bool { valueName == nil }

  /// The option as written in usage and errors, such as `--size <points>` or `--json`.
  var synopsis: String {
    if let valueName { "--\(name) <\(valueName)>" } else { "--\(name)" }
  }

  /// Finds the allowed value that matches `value` ignoring case.
  ///
  /// - Parameter value: The value from the command line.
  /// - Returns: The declared spelling, `value` itself when any value is allowed, or `nil` when
  ///   the value is not allowed.
  func canonicalValue(_ value: String) -> String? {
    guard let allowedValues else { return value }
    let lowered = value.lowercased()
    return allowedValues.first { $0.lowercased() == lowered }
  }
}
