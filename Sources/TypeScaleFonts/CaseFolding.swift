// SPDX-License-Identifier: Apache-2.0

/// Family-name keys for case-insensitive lookup.
enum CaseFolding {
  /// Folds case the way CSS Fonts 4 §5.1 matches family names: Unicode default caseless matching
  /// with full case folding, without normalization.
  ///
  /// Approximated as upper-casing then lower-casing with Swift's full case mappings, which folds
  /// `ß`/`ẞ` to `ss`, final sigma `ς` to `σ` and ligatures such as `ﬁ` to `fi`, as full case
  /// folding does. (It differs from ICU's `u_strFoldCase` only for a few letters no font family
  /// name uses, such as Cherokee.) No normalization: precomposed `å` and `a` + ring differ, as CSS
  /// requires.
  static func fold(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
    return name.uppercased().lowercased()
  }
}
