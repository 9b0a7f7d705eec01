// SPDX-License-Identifier: Apache-2.0

/// The declaration of one positional argument, such as the `<file>` in `typescale check <file>`.
///
/// Positionals are matched in declaration order. Only the last may be repeatable, and optional
/// ones must follow the required ones.
struct PositionalSpec: Hashable, Sendable {
  /// The placeholder shown in usage and help, such as `file` for `<file>`.
  var name: String
  /// One sentence for the help screen.
  var help: String
  /// Whether the argument may be left out.
  var isOptional: Bool
  /// Whether the argument takes every remaining positional value (it must be declared last).
  var isRepeatable: Bool

  /// Creates a positional declaration.
  ///
  /// - Parameters:
  ///   - name: The placeholder, without angle brackets.
  ///   - help: One sentence for the help screen.
  ///   - isOptional: Whether the argument may be left out.
  ///   - isRepeatable: Whether the argument takes every remaining value.
  init(_ name: String, help: String, isOptional: Bool = false, isRepeatable: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isRepeatable = isRepeatable
  }

  /// The argument as shown in help, such as `<file>` or `<file> ...`.
  var synopsis: String {
    isRepeatable ? "<\(name)> ..." : "<\(name)>"
  }
}
