// SPDX-License-Identifier: Apache-2.0

/// A display's density in pixels per `dp`: Android's `DisplayMetrics.density`.
///
/// `density = densityDpi / 160` (`DisplayMetrics.DENSITY_DEFAULT` is 160, mdpi), stored as a
/// `float` by Android; a `dp` is `density` pixels (AOSP `core/java/android/util/DisplayMetrics.java`).
/// The default, ``phone420``, is a 420 dpi phone (2.625 px per dp), common on current phones.
///
/// ```swift
/// AndroidDensity.phone420.pixelsPerDp   // 2.625
/// try AndroidDensity(dpi: 480)          // xxhdpi, 3 px per dp
/// try AndroidDensity(parsing: "xhdpi")  // 2 px per dp
/// ```
public struct AndroidDensity: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Pixels per `dp`, as Android's `float` `DisplayMetrics.density`.
  public let pixelsPerDp: Double

  /// The densities accepted, in pixels per dp: 0.5 through 8 (80 to 1280 dpi; Android's
  /// buckets run from ldpi 0.75 to xxxhdpi 4).
  public static let range: ClosedRange<Double> = 0.5...8

  /// A 420 dpi phone, 2.625 px per dp: the default.
  public static let phone420 = AndroidDensity(_unchecked: 2.625)
  /// mdpi, 160 dpi: 1 px per dp (`DENSITY_DEFAULT`).
  public static let mdpi = AndroidDensity(_unchecked: 1)
  /// hdpi, 240 dpi: 1.5 px per dp.
  public static let hdpi = AndroidDensity(_unchecked: 1.5)
  /// xhdpi, 320 dpi: 2 px per dp.
  public static let xhdpi = AndroidDensity(_unchecked: 2)
  /// xxhdpi, 480 dpi: 3 px per dp.
  public static let xxhdpi = AndroidDensity(_unchecked: 3)
  /// xxxhdpi, 640 dpi: 4 px per dp.
  public static let xxxhdpi = AndroidDensity(_unchecked: 4)

  /// Creates a density from pixels per dp.
  ///
  /// The value is rounded to single precision, as Android stores it.
  ///
  /// - Parameter pixelsPerDp: Pixels per dp, in ``range``.
  /// - Throws: ``MetricsError/Code/invalidDisplayScale`` naming the value and the range.
  public init(_ pixelsPerDp: Double) throws(MetricsError) {
    guard Self.range.contains(pixelsPerDp) else {
      throw MetricsError(
        .invalidDisplayScale,
        "Android density \(MetricsError.format(pixelsPerDp)) is not valid; use pixels per dp "
          + "\(MetricsError.format(Self.range.lowerBound))…\(MetricsError.format(Self.range.upperBound))"
          + " (2.625 is a 420 dpi phone)")
    }
    self.pixelsPerDp = Double(Float(pixelsPerDp))
  }

  /// Creates a density from dots per inch: `dpi / 160`, in single precision as
  /// `DisplayMetrics` computes it (`densityDpi * DENSITY_DEFAULT_SCALE`).
  ///
  /// - Parameter dpi: Dots per inch, 80 through 1280.
  /// - Throws: ``MetricsError/Code/invalidDisplayScale`` naming the value and the range.
  public init(dpi: Int) throws(MetricsError) {
    guard (80...1280).contains(dpi) else {
      throw MetricsError(
        .invalidDisplayScale,
        "Android density \(dpi) dpi is not valid; use 80…1280 dpi (420 is a common phone)")
    }
    self.pixelsPerDp = Double(Float(dpi) * (1 / Float(160)))
  }

  private init(_unchecked pixelsPerDp: Double) { self.pixelsPerDp = pixelsPerDp }

  /// Parses a density: a number of pixels per dp (`2.625`, `3x`), dots per inch (`420dpi`) or a
  /// bucket name (`ldpi`, `mdpi`, `tvdpi`, `hdpi`, `xhdpi`, `xxhdpi`, `xxxhdpi`).
  ///
  /// - Parameter text: The density as written; case and spaces are ignored.
  /// - Throws: ``MetricsError/Code/invalidDisplayScale`` naming the text and the accepted forms.
  public init(parsing text: String) throws(MetricsError) {
    let key = ContentSizeCategory.normalize(text).filter { $0 != " " }
    let buckets: [String: Int] = [
      "ldpi": 120, "mdpi": 160, "tvdpi": 213, "hdpi": 240, "xhdpi": 320, "xxhdpi": 480,
      "xxxhdpi": 640,
    ]
    if key.utf8.count <= 24 {
      if let dpi = buckets[key] {
        try self.init(dpi: dpi)
        return
      }
      if key.hasSuffix("dpi"), let dpi = Int(key.dropLast(3)) {
        try self.init(dpi: dpi)
        return
      }
      let number = key.hasSuffix("x") || key.hasSuffix("×") ? String(key.dropLast()) : key
      if let value = Double(number) {
        try self.init(value)
        return
      }
    }
    throw MetricsError(
      .invalidDisplayScale,
      "\"\(MetricsError.quoted(text))\" is not an Android density; write pixels per dp (2.625), "
        + "dots per inch (420dpi) or a bucket (ldpi, mdpi, tvdpi, hdpi, xhdpi, xxhdpi, xxxhdpi)")
  }

  /// Dots per inch: `pixelsPerDp × 160`.
  public var dpi: Double { pixelsPerDp * 160 }

  /// Orders densities by pixels per dp.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.pixelsPerDp < rhs.pixelsPerDp }

  /// `2.625x`.
  public var description: String { MetricsError.format(pixelsPerDp) + "x" }
}
