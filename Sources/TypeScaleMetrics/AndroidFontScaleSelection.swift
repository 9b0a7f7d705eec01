// SPDX-License-Identifier: Apache-2.0

/// Which Android font scales to measure at, as a constraints file or the command line writes
/// them: `"0.85...2.0"`, `"1.3"`, `"130%"`, `"1, 1.3x, 2×"`.
///
/// Forms, combined in a comma-separated list:
///
/// | Text | Means |
/// |---|---|
/// | `1.3`, `1.3x`, `1.3×`, `130%` | that font scale |
/// | `0.85...2.0` (or `…`, or `85%...200%`) | the release's Settings values from 0.85 to 2 (``AndroidVersion/defaultFontScales``); a range holding none of them stands for its two bounds |
/// | `default` (or `all`, `settings`) | every Settings value of the release |
///
/// ```swift
/// let all = try AndroidFontScaleSelection(parsing: "0.85...2.0")
/// all.fontScales(version: .latest)     // [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2]
/// all.fontScales(version: .android13)  // [0.85, 1, 1.15, 1.3]
/// try AndroidFontScaleSelection(parsing: "1, 130%, 2×").fontScales(version: .latest)  // [1, 1.3, 2]
/// ```
///
/// Limits, checked before any work: the text is at most ``maximumTextLength`` UTF-8 bytes and
/// ``maximumItems`` items, and every scale lies in ``validScales``.
public struct AndroidFontScaleSelection: Hashable, Sendable {
  /// One entry of the list.
  public enum Item: Hashable, Sendable {
    /// One font scale.
    case scale(Double)
    /// The Settings values between two scales, both included.
    case range(ClosedRange<Double>)
    /// Every Settings value of the release.
    case settings
  }

  /// The entries, in the order written.
  public let items: [Item]

  /// The font scales accepted: 0.5 through 4.
  ///
  /// Android's Settings offer 0.85…2; `adb shell
  /// settings put system font_scale` reaches further, and 4 is well past any device's range.
  public static let validScales: ClosedRange<Double> = 0.5...4
  /// The longest text ``init(parsing:)`` reads: 1,000 UTF-8 bytes.
  public static let maximumTextLength = 1_000
  /// The most entries one selection holds: 64.
  public static let maximumItems = 64

  /// Every Settings value of the release: the default.
  public static let settings = AndroidFontScaleSelection(_items: [.settings])

  private init(_items: [Item]) { self.items = _items }

  /// Creates a selection of given font scales.
  ///
  /// - Parameter scales: The font scales, each in ``validScales``; at most ``maximumItems``.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` naming a scale out of range, or too many.
  public init(_ scales: [Double]) throws(MetricsError) {
    guard scales.count <= Self.maximumItems else {
      throw MetricsError(
        .invalidFontScale,
        "\(scales.count) Android font scales is too many; use at most \(Self.maximumItems)")
    }
    for scale in scales { try Self.check(scale) }
    self.items = scales.map(Item.scale)
  }

  /// Parses a selection (see the forms in the overview).
  ///
  /// - Parameter text: The selection as written; spaces around entries are ignored.
  /// - Throws: ``MetricsError/Code/invalidFontScale`` naming the bad entry and the valid forms
  ///   and range: an unreadable number, a scale out of range, a backwards range, an empty
  ///   entry, a text over the limits.
  public init(parsing text: String) throws(MetricsError) {
    guard text.utf8.count <= Self.maximumTextLength else {
      throw MetricsError(
        .invalidFontScale,
        "Android font scales \"\(MetricsError.quoted(text))\" are too long; write at most "
          + "\(Self.maximumTextLength) characters")
    }
    let entries = text.split(separator: ",", omittingEmptySubsequences: false)
    guard entries.count <= Self.maximumItems else {
      throw MetricsError(
        .invalidFontScale,
        "\(entries.count) Android font scales is too many; use at most \(Self.maximumItems)")
    }
    var items: [Item] = []
    for entry in entries {
      items.append(try Self.item(String(entry), in: text))
    }
    self.items = items
  }

  /// The font scales selected on a release, smallest first, each once.
  ///
  /// - Parameter version: The release whose Settings values ranges and `default` stand for.
  /// - Returns: The scales.
  public func fontScales(version: AndroidVersion = .latest) -> [Double] {
    let settings = version.defaultFontScales
    var scales: [Double] = []
    for item in items {
      switch item {
      case .scale(let scale):
        scales.append(scale)
      case .range(let range):
        let inside = settings.filter(range.contains)
        scales += inside.isEmpty ? [range.lowerBound, range.upperBound] : inside
      case .settings:
        scales += settings
      }
    }
    var unique: [Double] = []
    for scale in scales.sorted() where unique.last != scale { unique.append(scale) }
    return unique
  }

  // MARK: - Parsing

  /// The forms, for messages.
  static let forms =
    "write a font scale (1.3, 1.3x, 1.3×, 130%), a range of Settings values (0.85...2.0), "
    + "default, or a comma-separated list of these"

  /// `0.5…4`, for messages.
  static var rangeText: String {
    MetricsError.format(validScales.lowerBound) + "…" + MetricsError.format(validScales.upperBound)
  }

  /// Throws unless `scale` lies in ``validScales``.
  static func check(_ scale: Double) throws(MetricsError) {
    guard validScales.contains(scale) else {
      throw MetricsError(
        .invalidFontScale,
        "Android font scale \(MetricsError.format(scale)) is out of range; use \(rangeText) "
          + "(1 is the default text size; Settings offer 0.85…2)")
    }
  }

  /// One comma-separated entry.
  static func item(_ entry: String, in text: String) throws(MetricsError) -> Item {
    let trimmed = ContentSizeCategory.normalize(entry)
    if ["default", "all", "settings"].contains(trimmed) { return .settings }
    let unified = trimmed.replacingEllipsis()
    let bounds = unified.split(separator: "...", omittingEmptySubsequences: false)
    switch bounds.count {
    case 1:
      return .scale(try scale(String(bounds[0]), in: text))
    case 2:
      let lower = try scale(String(bounds[0]), in: text)
      let upper = try scale(String(bounds[1]), in: text)
      guard lower <= upper else {
        throw MetricsError(
          .invalidFontScale,
          "Android font scale range \"\(MetricsError.quoted(entry))\" runs backwards; write "
            + "\(MetricsError.format(upper))...\(MetricsError.format(lower)) (the smaller first)")
      }
      return .range(lower...upper)
    default:
      throw MetricsError(
        .invalidFontScale,
        "\"\(MetricsError.quoted(entry))\" is not an Android font scale range; \(forms)")
    }
  }

  /// One number: `1.3`, `1.3x`, `1.3×` or `130%`.
  static func scale(_ text: String, in whole: String) throws(MetricsError) -> Double {
    var body = Substring(text.filter { $0 != " " && $0 != "\t" })
    var divisor = 1.0
    if body.hasSuffix("%") {
      body = body.dropLast()
      divisor = 100
    } else if body.hasSuffix("x") || body.hasSuffix("×") {
      body = body.dropLast()
    }
    let digits =
      body.filter { $0 == "." }.count <= 1 && !body.isEmpty
      && body.allSatisfy { $0 == "." || ("0"..."9").contains($0) } && body != "."
    guard digits, let number = Double(body) else {
      let shown = text.isEmpty ? whole : text
      throw MetricsError(
        .invalidFontScale,
        "\"\(MetricsError.quoted(shown))\" is not an Android font scale; \(forms)")
    }
    let value = number / divisor
    try check(value)
    return value
  }
}

extension String {
  /// The text with each `…` (U+2026) written `...`.
  fileprivate func replacingEllipsis() -> String {
    var out = ""
    for character in self { out += character == "…" ? "..." : String(character) }
    return out
  }
}
