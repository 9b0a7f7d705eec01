// SPDX-License-Identifier: Apache-2.0

extension TextStyle {
  /// The error for this iOS text style named in an Android rule, naming the Material 3 role to
  /// use instead (``materialRole``).
  ///
  /// Android has no iOS text styles; sizes come from a `textSize` in `sp` or a text appearance.
  ///
  /// ```swift
  /// TextStyle.body.errorInAndroidRule().message
  /// // an iOS text style in an Android rule: use textAppearance "bodyLarge" (the Material 3
  /// // role nearest to body: 16 sp, 24 sp line height) or a textSize in sp
  /// ```
  ///
  /// - Returns: A ``MetricsError`` with code ``MetricsError/Code/invalidValue``.
  public func errorInAndroidRule() -> MetricsError {
    let role = materialRole
    var detail = NumberText.shortest(role.sizeSp) + " sp"
    if let line = role.lineHeightSp {
      detail += ", " + NumberText.shortest(line) + " sp line height"
    }
    return MetricsError(
      .invalidValue,
      "an iOS text style in an Android rule: use textAppearance \"\(role.name)\" (the Material 3 "
        + "role nearest to \(rawValue): \(detail)) or a textSize in sp")
  }
}
