// SPDX-License-Identifier: Apache-2.0

/// A name a ``Typography`` answers to: one of Apple's text styles, or a token of the app's own
/// (`button`, `overline`, `tabLabel`).
///
/// An app keeps its familiar shape — an enum of its font styles — and hands its cases to
/// ``DynamicType``; a `String`-backed enum conforms with no code, its raw value being the name:
///
/// ```swift
/// enum FontStyle: String, TypographyToken {
///   case body, headline, button, overline
/// }
/// let typography = try Typography.load(json: Data("""
///   { "defaults": { "family": "Noto Sans" },
///     "styles": { "body": { "size": 14 } },
///     "tokens": { "button": { "size": 15, "weight": "semibold" },
///                 "overline": { "size": 11, "sizing": "fixed" } } }
///   """.utf8))
/// let dynamicType = DynamicType(
///   registry: try FontRegistry(), typography: typography, category: .accessibilityMedium)
/// let layout = try dynamicType.layout("구매하기", token: FontStyle.button, width: 120)
/// ```
///
/// `TextStyle` conforms (its name is its UIKit name), and ``Typography/TokenName`` wraps a name
/// read at run time.
public protocol TypographyToken: Sendable {
  /// The name the typography knows it by: a text style's name in any of its spellings (`body`,
  /// `largeTitle`, `Large Title`) or a custom token's exact name (`button`).
  var tokenName: String { get }
}

extension TypographyToken where Self: RawRepresentable, Self.RawValue == String {
  /// The raw value.
  public var tokenName: String { rawValue }
}

extension TextStyle: TypographyToken {
  /// UIKit's name: `body`, `largeTitle`.
  public var tokenName: String { rawValue }
}

extension Typography {
  /// A style or token name read at run time — from a command line, a request, a cases file.
  ///
  /// ```swift
  /// let font = try dynamicType.font(for: Typography.TokenName("button"))
  /// ```
  public struct TokenName: TypographyToken, Hashable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    /// The name.
    public let tokenName: String

    /// Wraps a name.
    ///
    /// - Parameter name: A text style's name or a custom token's.
    public init(_ name: String) { tokenName = name }

    /// Wraps a literal name.
    ///
    /// - Parameter value: A text style's name or a custom token's.
    public init(stringLiteral value: String) { tokenName = value }

    /// The name.
    public var description: String { tokenName }
  }
}
