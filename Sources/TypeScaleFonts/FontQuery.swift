// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// What a caller asks for: a family (or a PostScript or full name) with a weight, slope and width.
///
/// ```swift
/// let query = FontQuery(family: "Pretendard", weight: .semibold)
/// let match = try registry.match(query)
/// ```
public struct FontQuery: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A family name (matched case-insensitively, in any language the font names it), a
  /// PostScript name (matched exactly) or a full name such as `Inter Regular` (matched
  /// case-insensitively); ``FontRegistry/match(_:)`` documents the order they are tried in.
  public var family: String
  /// The desired weight; regular by default.
  public var weight: FontWeight
  /// The desired slope; upright by default.
  ///
  /// Use ``FontSlope/italic`` for italics.
  public var slope: FontSlope
  /// The desired width; normal by default.
  public var width: FontWidth

  /// Creates a query.
  ///
  /// - Parameters:
  ///   - family: A family, PostScript or full name.
  ///   - weight: The desired weight.
  ///   - italic: Whether to ask for an italic face.
  ///   - width: The desired width.
  public init(
    family: String, weight: FontWeight = .regular, italic: Bool = false,
    width: FontWidth = .normal
  ) {
    self.family = family
    self.weight = weight
    self.slope = italic ? .italic : .upright
    self.width = width
  }

  /// Creates a query with an explicit slope, such as `.oblique(degrees: 10)`.
  ///
  /// - Parameters:
  ///   - family: A family, PostScript or full name.
  ///   - weight: The desired weight.
  ///   - slope: The desired slope.
  ///   - width: The desired width.
  public init(family: String, weight: FontWeight, slope: FontSlope, width: FontWidth = .normal) {
    self.family = family
    self.weight = weight
    self.slope = slope
    self.width = width
  }

  /// `"Pretendard" semibold italic`.
  public var description: String {
    var parts = ["\"\(family)\"", weight.name]
    if slope != .upright { parts.append(slope.description) }
    if width != .normal { parts.append(width.name) }
    return parts.joined(separator: " ")
  }
}

/// A note on how a request was resolved.
///
/// It says that a name was not registered, or that a weight or slope was substituted. Carried by results rather than thrown, like SwiftUI's silent fallback but
/// visible.
public struct FontDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// What kind of substitution happened.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }
    /// No usable registered face answers to the requested name (it is unknown, or every face
    /// it could give had its file deleted or replaced); the default face was used.
    public static let notRegistered = Kind("notRegistered")
    /// A registered face's file was deleted or replaced since registration and its bytes are
    /// not in memory, so the face was skipped: the message names the file and what changed.
    ///
    /// Followed by the substitution that took its place: another face of the family, or the
    /// default (``notRegistered``).
    public static let fileUnavailable = Kind("fileUnavailable")
    /// No face of the family has the requested weight; the nearest by CSS rules was used.
    public static let weightSubstituted = Kind("weightSubstituted")
    /// No face of the family has the requested slope (italic, oblique or upright).
    public static let slopeSubstituted = Kind("slopeSubstituted")
    /// No face of the family has the requested width.
    public static let widthSubstituted = Kind("widthSubstituted")
    /// A character no face in the cascade covers.
    public static let missingGlyph = Kind("missingGlyph")
    /// The requested face is still downloading; the default face stands in until it lands.
    public static let loading = Kind("loading")
    /// The requested size could not follow the content-size category and stays at its size at
    /// Large: Apple publishes no per-category sizes for the text style (`extraLargeTitle` and
    /// `extraLargeTitle2` on iOS).
    public static let sizeNotScaled = Kind("sizeNotScaled")
    /// The kind's name.
    public var description: String { name }
  }

  /// What happened.
  public let kind: Kind
  /// A sentence for a person, naming what was asked for and what was used.
  public let message: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - message: A sentence naming what was asked for and what was used.
  public init(kind: Kind, message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
