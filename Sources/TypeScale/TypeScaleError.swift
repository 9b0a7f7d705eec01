// SPDX-License-Identifier: Apache-2.0

/// An error from the `TypeScale` entry point.
///
/// It reports a typography file with problems, or a request that
/// cannot be scaled or laid out. The message names the value and what would be valid.
public struct TypeScaleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure; compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }
    /// A typography (JSON or Swift) has problems; the message lists each with its path.
    public static let invalidTypography = Code("invalidTypography")
    /// A size, value or category cannot be scaled.
    public static let invalidValue = Code("invalidValue")
    /// Layout failed (an option, or a font file that vanished).
    public static let layoutFailed = Code("layoutFailed")
    /// The code's name.
    public var description: String { name }
  }

  /// What went wrong.
  public let code: Code
  /// What went wrong and what would be valid.
  public let message: String
  /// Every problem found, for ``Code/invalidTypography``: one `path: problem` line each.
  public let problems: [String]

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong.
  ///   - problems: The individual problems, if several.
  public init(_ code: Code, _ message: String, problems: [String] = []) {
    self.code = code
    self.message = message
    self.problems = problems
  }

  /// The message.
  public var description: String { message }
}
