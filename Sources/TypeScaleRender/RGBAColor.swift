// SPDX-License-Identifier: Apache-2.0

/// A colour with straight (not premultiplied) alpha, 8 bits per channel in sRGB.
///
/// ```swift
/// let ink = RGBAColor(red: 0x1F, green: 0x3A, blue: 0x93)
/// let wash = ink.withAlpha(64)   // a quarter-opaque tint for a band
/// ```
public struct RGBAColor: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) to 255 (opaque); the colour channels are not multiplied by it.
  public var alpha: UInt8

  /// Creates a colour.
  ///
  /// - Parameters:
  ///   - red: Red, 0–255.
  ///   - green: Green, 0–255.
  ///   - blue: Blue, 0–255.
  ///   - alpha: Opacity, 0–255; opaque by default.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// The same colour at another opacity.
  ///
  /// - Parameter alpha: The opacity, 0–255.
  /// - Returns: The colour with `alpha` replaced.
  public func withAlpha(_ alpha: UInt8) -> RGBAColor {
    RGBAColor(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Whether red, green and blue are equal: black, white or a grey.
  public var isGrey: Bool { red == green && green == blue }

  /// `#RRGGBBAA`.
  public var description: String {
    "#"
      + [red, green, blue, alpha].map { byte in
        let hex = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + hex : hex
      }.joined()
  }

  /// Opaque white.
  public static let white = RGBAColor(red: 255, green: 255, blue: 255)
  /// Opaque black.
  public static let black = RGBAColor(red: 0, green: 0, blue: 0)
  /// Fully transparent black.
  public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}
