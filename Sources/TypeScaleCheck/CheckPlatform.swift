// SPDX-License-Identifier: Apache-2.0

/// The platform a rule checks for: iOS (content-size categories, text styles in points) or
/// Android (font scales, text sizes in `sp`, widths in `dp`).
///
/// A rule's `"platform"` wins, then `defaults`', then the constraints file's top-level one; a
/// rule that names none follows the entry's file: Android `res/values*/strings.xml` entries are
/// checked as Android, every other catalog as iOS.
public enum CheckPlatform: String, Hashable, Sendable, CaseIterable, Codable {
  /// iOS and iPadOS.
  case iOS = "ios"
  /// Android (TextView or Jetpack Compose).
  case android

  /// Parses `ios` or `android`, ignoring case.
  ///
  /// - Parameter text: The name.
  /// - Throws: ``CheckError`` naming the text and the valid names.
  public init(parsing text: String) throws(CheckError) {
    guard let platform = CheckPlatform(rawValue: text.lowercased()) else {
      throw CheckError(
        "unknown platform \"\(text)\"; valid platforms: "
          + CheckPlatform.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = platform
  }

  /// Decodes ``init(parsing:)``'s names.
  ///
  /// - Throws: `DecodingError.dataCorrupted` naming the valid names.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do throws(CheckError) {
      self = try CheckPlatform(parsing: text)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
    }
  }
}
