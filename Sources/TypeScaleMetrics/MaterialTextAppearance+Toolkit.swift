// SPDX-License-Identifier: Apache-2.0

extension MaterialTextAppearance {
  /// The role's letter spacing as a fraction of the text size, as `toolkit` applies it.
  ///
  /// ``letterSpacingEm`` for a `TextView` (`android:letterSpacing` is in em), Compose's
  /// ``trackingSp`` over ``sizeSp`` (tracking in `sp` is the same fraction of the size at every
  /// font scale: both go through the same curve). Android adds it after every cluster.
  ///
  /// - Parameter toolkit: The toolkit drawing the text.
  /// - Returns: The spacing in em, 0 for a role without one.
  public func letterSpacing(for toolkit: AndroidToolkit) -> Double {
    switch toolkit {
    case .view: letterSpacingEm
    case .compose: sizeSp > 0 ? trackingSp / sizeSp : 0
    }
  }

  /// The role's line height in `sp` as `toolkit` sets it.
  ///
  /// ``lineHeightSp`` for a `TextView`,
  /// ``composeLineHeightSp`` (else ``lineHeightSp``) in Compose; `nil` where the style sets
  /// none and the font's own height applies.
  ///
  /// - Parameter toolkit: The toolkit drawing the text.
  /// - Returns: The line height in `sp`, or `nil`.
  public func lineHeight(for toolkit: AndroidToolkit) -> Double? {
    switch toolkit {
    case .view: lineHeightSp
    case .compose: composeLineHeightSp ?? lineHeightSp
    }
  }
}
