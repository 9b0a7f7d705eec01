// SPDX-License-Identifier: Apache-2.0

/// Apple's font-weight vocabulary — `UIFont.Weight`, `NSFont.Weight` and SwiftUI's
/// `Font.Weight` — and the OpenType weight each one selects.
///
/// Use it to port UIKit or SwiftUI code without re-reading every name:
/// `FontWeight(uiKit: .heavy)` is 800, which ``FontWeight`` calls ``FontWeight/extraBold``.
///
/// | Case | `UIFont.Weight` raw value | OpenType weight | ``FontWeight`` name |
/// |---|---|---|---|
/// | ``ultraLight`` | −0.8 | 100 | ``FontWeight/thin`` |
/// | ``thin`` | −0.6 | 200 | ``FontWeight/extraLight`` |
/// | ``light`` | −0.4 | 300 | ``FontWeight/light`` |
/// | ``regular`` | 0 | 400 | ``FontWeight/regular`` |
/// | ``medium`` | 0.23 | 500 | ``FontWeight/medium`` |
/// | ``semibold`` | 0.3 | 600 | ``FontWeight/semibold`` |
/// | ``bold`` | 0.4 | 700 | ``FontWeight/bold`` |
/// | ``heavy`` | 0.56 | 800 | ``FontWeight/extraBold`` |
/// | ``black`` | 0.62 | 900 | ``FontWeight/black`` |
///
/// The raw values are the `UIFontWeight…` constants of `UIFontDescriptor.h` (as printed on an
/// iPhone; Apple documents the names, not the numbers). The pairing with 100…900 is the one
/// Skia uses on Apple platforms (`SkCTFontGetNSFontWeightMapping` in `src/ports/SkCTFont.cpp`
/// maps CSS 100, 200, …, 900 to these nine constants in order).
public enum UIKitFontWeight: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  /// `UIFont.Weight.ultraLight` (−0.8): OpenType 100, which OpenType calls Thin.
  case ultraLight
  /// `UIFont.Weight.thin` (−0.6): OpenType 200, which OpenType calls ExtraLight.
  case thin
  /// `UIFont.Weight.light` (−0.4): 300.
  case light
  /// `UIFont.Weight.regular` (0): 400.
  case regular
  /// `UIFont.Weight.medium` (0.23): 500.
  case medium
  /// `UIFont.Weight.semibold` (0.3): 600.
  case semibold
  /// `UIFont.Weight.bold` (0.4): 700.
  case bold
  /// `UIFont.Weight.heavy` (0.56): OpenType 800, which OpenType calls ExtraBold.
  case heavy
  /// `UIFont.Weight.black` (0.62): 900.
  case black

  /// The OpenType weight the case selects, 100 through 900.
  public var fontWeight: FontWeight {
    FontWeight(_uiKitIndex: Self.allCases.firstIndex(of: self) ?? 3)
  }

  /// `UIFont.Weight`'s raw value for the case, such as 0.56 for ``heavy``.
  public var uiFontWeight: Double { Self._rawValues[Self.allCases.firstIndex(of: self) ?? 3] }

  /// The type prefixes that make a name Apple's in ``FontWeight/init(parsing:)``.
  static let _prefixes = ["uifont.weight.", "nsfont.weight.", "font.weight."]

  /// The nine `UIFontWeight…` constants, in case order.
  static let _rawValues: [Double] = [-0.8, -0.6, -0.4, 0, 0.23, 0.3, 0.4, 0.56, 0.62]

  /// The case that selects `weight`, if one does (only the nine multiples of 100 have one).
  ///
  /// - Parameter weight: An OpenType weight.
  public init?(_ weight: FontWeight) {
    guard weight.value % 100 == 0, (100...900).contains(weight.value) else { return nil }
    self = Self.allCases[weight.value / 100 - 1]
  }

  /// Parses Apple's name, ignoring case, spaces, hyphens and underscores, with or without a
  /// `UIFont.Weight.` or `.` prefix (`"heavy"`, `".heavy"`, `"UIFont.Weight.heavy"`).
  ///
  /// - Parameter name: The name.
  /// - Throws: ``MetricsError/Code/invalidValue`` listing Apple's names.
  public init(parsing name: String) throws(MetricsError) {
    var key = FontWeight._key(name)
    for prefix in Self._prefixes + ["."] where key.hasPrefix(prefix) {
      key = String(key.dropFirst(prefix.count))
      break
    }
    guard let found = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else {
      throw MetricsError(
        .invalidValue,
        "unknown UIFont.Weight \"\(MetricsError.quoted(name))\"; use one of "
          + Self.allCases.map(\.rawValue).joined(separator: ", "))
    }
    self = found
  }

  /// Apple's name, such as `heavy`.
  public var description: String { rawValue }
}

extension FontWeight {
  fileprivate init(_uiKitIndex index: Int) { self.init(_unchecked: (index + 1) * 100) }

  /// The OpenType weight that Apple's named weight selects: `FontWeight(uiKit: .thin)` is 200
  /// and `FontWeight(uiKit: .heavy)` 800 (see ``UIKitFontWeight`` for the table).
  ///
  /// The argument label is there so that `FontWeight(uiKit: .heavy)` (800) cannot be read as
  /// `FontWeight.heavy` (900).
  ///
  /// - Parameter weight: Apple's weight.
  public init(uiKit weight: UIKitFontWeight) { self = weight.fontWeight }

  /// Apple's name for the weight (`heavy` for 800, `thin` for 200), or ``name`` for a weight
  /// Apple does not name (`450`); for printing Apple's own tables in Apple's words.
  public var appleName: String { UIKitFontWeight(self)?.rawValue ?? name }

  /// The OpenType weight of the `UIFont.Weight` raw value nearest to `uiFontWeight`.
  ///
  /// `UIFont.Weight` is a `CGFloat` from −1 to 1; Apple names nine values (−0.8 ultraLight …
  /// 0.62 black, the table in ``UIKitFontWeight``). A value between two of them takes the
  /// nearer; halfway takes the heavier. −1 is ultraLight (100), 1 black (900).
  ///
  /// - Parameter uiFontWeight: A `UIFont.Weight` raw value, −1 through 1.
  /// - Throws: ``MetricsError/Code/invalidValue`` for a value that is NaN, infinite or outside
  ///   −1…1.
  public init(uiFontWeight: Double) throws(MetricsError) {
    guard uiFontWeight.isFinite, (-1...1).contains(uiFontWeight) else {
      throw MetricsError(
        .invalidValue,
        "UIFont.Weight \(MetricsError.format(uiFontWeight)) is out of range; use a number "
          + "from -1 to 1 (ultraLight is -0.8, regular 0, black 0.62)")
    }
    var best = 0
    for (index, raw) in UIKitFontWeight._rawValues.enumerated()
    where abs(raw - uiFontWeight) <= abs(UIKitFontWeight._rawValues[best] - uiFontWeight) {
      best = index
    }
    self.init(_uiKitIndex: best)
  }
}
