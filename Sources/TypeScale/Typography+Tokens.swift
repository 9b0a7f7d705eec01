// SPDX-License-Identifier: Apache-2.0

extension Typography {
  /// What a name resolves to in a typography: the style value and how its size follows the
  /// category.
  public struct Entry: Hashable, Sendable {
    /// The name as the typography knows it: a text style's UIKit name (`largeTitle`) or the
    /// token's own.
    public let name: String
    /// The Apple text style, or `nil` for a custom token.
    public let textStyle: TextStyle?
    /// How the style or token is set.
    public let style: Style
    /// How its size follows the category: the style's ``Style/sizing``, or by default relative
    /// to the text style itself, and for a token like body (`Font.custom(_:size:)`).
    public let sizing: FontSizing

    /// Whether this is a custom token rather than an Apple text style.
    public var isToken: Bool { textStyle == nil }
  }

  /// The longest token name: 64 characters.
  public static let maximumTokenNameLength = 64

  /// The custom tokens' names, sorted.
  public var tokenNames: [String] { _tokens.keys.sorted() }

  /// A custom token's style, or `nil` when the typography has no token of that name.
  ///
  /// - Parameter name: The token's exact name.
  public subscript(token name: String) -> Style? { _tokens[name] }

  /// Sets a custom token: a name beyond Apple's text styles, such as `button` or `overline`.
  ///
  /// A token's ``Style/sizing`` says how it scales: relative to an Apple text style
  /// (`.relative(to: .callout)`), fixed, or the system sizes of a style; `nil` scales like body,
  /// as `Font.custom(_:size:)` does.
  ///
  /// - Parameters:
  ///   - name: The token's name (``validateTokenName(_:)``).
  ///   - style: How it is set.
  /// - Throws: ``TypeScaleError/Code/invalidTypography`` for a name that is not valid or that
  ///   names an Apple text style (set those with the `TextStyle` subscript).
  public mutating func setToken(_ name: String, _ style: Style) throws(TypeScaleError) {
    try Self.validateTokenName(name)
    _tokens[name] = style
  }

  /// Removes a custom token.
  ///
  /// - Parameter name: The token's name.
  public mutating func removeToken(_ name: String) {
    _tokens[name] = nil
  }

  /// Sets a text style or a custom token by name: a name Apple's text styles answer to (in any
  /// spelling, `TextStyle(parsing:)`) sets that style, any other a token.
  ///
  /// - Parameters:
  ///   - name: A text style's name or a token's.
  ///   - style: How it is set.
  /// - Throws: ``TypeScaleError/Code/invalidTypography`` for a token name that is not valid.
  public mutating func set(_ name: String, _ style: Style) throws(TypeScaleError) {
    if let textStyle = try? TextStyle(parsing: name) {
      self[textStyle] = style
    } else {
      try setToken(name, style)
    }
  }

  /// Checks a custom token's name: 1–64 characters, a letter first, then letters, digits, `_`,
  /// `-` or `.`, and not a name of an Apple text style.
  ///
  /// The rule keeps a name usable everywhere a style is: on a command line, as a JSON key, in a
  /// golden file's tab-separated column and a case id.
  ///
  /// - Parameter name: The name.
  /// - Throws: ``TypeScaleError/Code/invalidTypography`` naming the name and the rule.
  public static func validateTokenName(_ name: String) throws(TypeScaleError) {
    if (try? TextStyle(parsing: name)) != nil {
      throw TypeScaleError(
        .invalidTypography,
        "\"\(name)\" is an Apple text style, not a token name; set it as a style")
    }
    let valid =
      (1...maximumTokenNameLength).contains(name.count)
      && name.unicodeScalars.first.map(_isLetter) == true
      && name.unicodeScalars.allSatisfy {
        _isLetter($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == "."
      }
    guard valid else {
      throw TypeScaleError(
        .invalidTypography,
        "\"\(name)\" is not a valid token name; use 1–\(maximumTokenNameLength) characters: a "
          + "letter, then letters, digits, _, - or . (such as button or tab-label)")
    }
  }

  private static func _isLetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  /// What a name resolves to: an Apple text style (any spelling) or a custom token.
  ///
  /// - Parameter token: A text style, a token of the app's own type, or a ``TokenName``.
  /// - Returns: The entry.
  /// - Throws: ``TypeScaleError/Code/invalidValue`` naming the name, the text styles and the
  ///   typography's tokens.
  public func entry(for token: some TypographyToken) throws(TypeScaleError) -> Entry {
    let name = token.tokenName
    if let style = _tokens[name] {
      return Entry(
        name: name, textStyle: nil, style: style, sizing: style.sizing ?? .scalesWithBody)
    }
    if let textStyle = token as? TextStyle ?? (try? TextStyle(parsing: name)) {
      let style = self[textStyle]
      return Entry(
        name: textStyle.rawValue, textStyle: textStyle, style: style,
        sizing: style.sizing(for: textStyle))
    }
    let tokens =
      _tokens.isEmpty
      ? "it has no tokens of its own"
      : "its tokens are \(tokenNames.joined(separator: ", "))"
    throw TypeScaleError(
      .invalidValue,
      "\"\(name)\" is neither a text style nor a token of typography \(self.name): text styles "
        + "are \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")); \(tokens)")
  }
}
