// SPDX-License-Identifier: Apache-2.0

/// An error reading a cases or golden file, or measuring a case: it names the file, the line (or
/// JSON path) and what would be valid.
///
/// ```swift
/// do {
///   _ = try GoldenFile.parse(text, name: "ui.golden")
/// } catch {
///   print(error)  // ui.golden:12: expected 15 columns, found 14
/// }
/// ```
public struct GoldenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure; compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }
    /// A golden file is malformed: bad header, wrong column count, bad number.
    public static let malformedGolden = Code("malformedGolden")
    /// A cases file is malformed or names something unknown.
    public static let malformedCases = Code("malformedCases")
    /// A cases file expands to more cases than the limit allows
    /// (``GoldenCasesFile/defaultMaximumCaseCount`` unless the caller gives another); nothing
    /// was measured or written.
    public static let tooManyCases = Code("tooManyCases")
    /// A file could not be read or written.
    public static let io = Code("io")
    /// A font could not be registered, or a case could not be laid out.
    public static let measurement = Code("measurement")
    /// A setting (such as `TYPESCALE_RECORD`) has a value that is not one of its valid ones.
    public static let invalidSetting = Code("invalidSetting")
    /// The code's name.
    public var description: String { name }
  }

  /// What went wrong.
  public let code: Code
  /// Where and what: `file:line: message`.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: Where and what went wrong.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
