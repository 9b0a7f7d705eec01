// SPDX-License-Identifier: Apache-2.0

/// An Apple Watch case size, which decides the watch's default content-size category.
///
/// Apple's HIG gives Small as the default on 38 mm, Large on 40, 41 and 42 mm, and xLarge on 44,
/// 45 and 49 mm. The 46 mm case is not listed in the sources TypeScale follows, so it has no case
/// here rather than a guessed default.
///
/// ```swift
/// WatchCaseSize.mm45.defaultCategory   // .extraLarge
/// ```
public enum WatchCaseSize: Int, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// 38 mm: default Small.
  case mm38 = 38
  /// 40 mm: default Large.
  case mm40 = 40
  /// 41 mm: default Large.
  case mm41 = 41
  /// 42 mm: default Large.
  case mm42 = 42
  /// 44 mm: default xLarge.
  case mm44 = 44
  /// 45 mm: default xLarge.
  case mm45 = 45
  /// 49 mm (Ultra): default xLarge.
  case mm49 = 49

  /// The category the watch uses until the wearer changes it (HIG, watchOS).
  public var defaultCategory: ContentSizeCategory {
    switch self {
    case .mm38: .small
    case .mm40, .mm41, .mm42: .large
    case .mm44, .mm45, .mm49: .extraLarge
    }
  }

  /// The case size in millimetres followed by `mm`, such as `45mm`.
  public var description: String { "\(rawValue)mm" }
}
