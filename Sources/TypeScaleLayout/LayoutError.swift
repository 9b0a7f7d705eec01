// SPDX-License-Identifier: Apache-2.0

/// An error from the layout engine: a width, size or option that cannot be laid out with, or a
/// font that could not be loaded for shaping.
///
/// ```swift
/// do {
///   _ = try engine.layout("Hello", font: font, options: LayoutOptions(width: -1))
/// } catch {
///   print(error)  // width -1 is not valid; use a finite number ≥ 0, or nil for no wrapping
/// }
/// ```
public struct LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure; compare with `==`.
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }
    /// A width, size, line limit or other option is out of range.
    public static let invalidOption = Code("invalidOption")
    /// A face's bytes could not be read or shaped (the file changed or vanished since it was
    /// registered).
    public static let fontUnavailable = Code("fontUnavailable")
    /// ICU or HarfBuzz failed (out of memory, or an internal error).
    public static let engineFailure = Code("engineFailure")
    /// The code's name.
    public var description: String { name }
  }

  /// What went wrong.
  public let code: Code
  /// What went wrong and what would be valid.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: What went wrong and what would be valid.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }

  static func option(_ message: String) -> LayoutError { LayoutError(.invalidOption, message) }
}
