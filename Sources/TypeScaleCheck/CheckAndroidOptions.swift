// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// A string-valued Android option, decoded from its JSON name ignoring case; an unknown name is
/// an error naming the valid ones.
public protocol CheckNamedOption: RawRepresentable, CaseIterable, Decodable
where RawValue == String {
  /// What the option is called in messages (`target`).
  static var optionName: String { get }
}

extension CheckNamedOption {
  /// Decodes a name, ignoring case.
  ///
  /// - Throws: `DecodingError.dataCorrupted` listing the valid names.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
    else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "unknown \(Self.optionName) \"\(text)\"; valid values: "
          + Self.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = value
  }
}

/// The Android toolkit a rule's text is shown with (`"target"`).
///
/// The two differ in line breaking (TextView's theme breaks high quality, Compose's `Text`
/// greedy: AOSP `core/res/res/values/styles.xml` `Widget.TextView`, AndroidX
/// `ui-text/.../style/LineBreak.android.kt`), font padding (on for TextView, off in Material 3
/// Compose) and text-size rounding (whole pixels for TextView, float pixels for Compose).
public enum CheckAndroidTarget: String, Hashable, Sendable, CaseIterable, CheckNamedOption {
  /// An `android.widget.TextView` (the default for `strings.xml`).
  case textView = "textview"
  /// A Jetpack Compose `Text`.
  case compose

  /// What the option is called in messages.
  public static var optionName: String { "target" }

  /// The toolkit: `.view` for a `TextView`, `.compose` for Compose.
  public var toolkit: AndroidToolkit { self == .compose ? .compose : .view }
}

/// What an Android label does with text past `maxLines` (`"ellipsize"`).
///
/// TextView leaves `android:ellipsize` unset, so extra lines are clipped
/// (developer.android.com/reference/android/widget/TextView#attr_android:ellipsize); `end`
/// replaces the end of the last line with U+2026 (AOSP `core/java/android/text/TextUtils.java`
/// `ELLIPSIS_NORMAL`).
public enum CheckEllipsize: String, Hashable, Sendable, CaseIterable, CheckNamedOption {
  /// Clip (the default).
  case none
  /// An ellipsis at the end of the last line.
  case end

  /// What the option is called in messages.
  public static var optionName: String { "ellipsize" }
}

/// Android's `lineBreakWordStyle` (`"lineBreakWordStyle"`): whether CJK text breaks only
/// between phrases.
///
/// TextView's default is `LINE_BREAK_WORD_STYLE_NONE` (AOSP `TextView.java`,
/// `DEFAULT_LINE_BREAK_WORD_STYLE`); `auto` (API 35, `LineBreakConfig.java`) is phrase for
/// Korean, and for Japanese under five lines.
public enum CheckLineBreakWordStyle: String, Hashable, Sendable, CaseIterable, CheckNamedOption {
  /// Break anywhere the line-break rules allow (the default).
  case none
  /// Break between phrases (CJK).
  case phrase
  /// Android 15's automatic choice.
  case auto

  /// What the option is called in messages.
  public static var optionName: String { "lineBreakWordStyle" }
}
