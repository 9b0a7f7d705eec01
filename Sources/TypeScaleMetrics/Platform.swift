// SPDX-License-Identifier: Apache-2.0

/// An Apple platform whose text-style sizes TypeScale knows.
///
/// Each platform has one ``SizeTable``: ``SizeTable/iOS`` (iOS and iPadOS), ``SizeTable/watchOS``,
/// ``SizeTable/macOS`` and ``SizeTable/tvOS``.
public enum Platform: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// iOS and iPadOS: Dynamic Type over twelve categories.
  case iOS = "ios"
  /// watchOS: Dynamic Type over nine categories, with a default that depends on the case size.
  case watchOS = "watchos"
  /// macOS: fixed sizes; macOS has no Dynamic Type.
  case macOS = "macos"
  /// tvOS: fixed sizes; Apple publishes no per-category table.
  case tvOS = "tvos"

  /// The platform's name as Apple writes it: `iOS`, `watchOS`, `macOS`, `tvOS`.
  public var displayName: String {
    switch self {
    case .iOS: "iOS"
    case .watchOS: "watchOS"
    case .macOS: "macOS"
    case .tvOS: "tvOS"
    }
  }

  /// The lower-case name used on the command line, such as `ios`.
  public var description: String { rawValue }

  /// The platform's size table.
  public var sizeTable: SizeTable {
    switch self {
    case .iOS: .iOS
    case .watchOS: .watchOS
    case .macOS: .macOS
    case .tvOS: .tvOS
    }
  }

  /// Parses a platform name, ignoring case (`iOS`, `ios`, `iPadOS`, `watchOS`, `macOS`, `tvOS`).
  ///
  /// - Parameter name: The name to parse.
  /// - Throws: ``MetricsError/Code/unknownPlatform`` listing the valid names.
  public init(parsing name: String) throws(MetricsError) {
    let key = ContentSizeCategory.normalize(name)
    if key == "ipados" {
      self = .iOS
      return
    }
    guard let platform = Platform(rawValue: key) else {
      throw MetricsError(
        .unknownPlatform,
        "unknown platform \"\(MetricsError.quoted(name))\"; valid platforms: "
          + Platform.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = platform
  }
}
