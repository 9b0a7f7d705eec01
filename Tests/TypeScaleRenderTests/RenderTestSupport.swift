// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleRender

/// A pixel rectangle in a test, half-open: `x..<x + width`, `y..<y + height`.
struct Box: CustomStringConvertible {
  var left: Int
  var top: Int
  var right: Int
  var bottom: Int

  /// The pixels covering a rectangle in points, drawn at `scale` with a `margin`, grown by
  /// `tolerance` pixels on every side.
  init(
    x: Double, y: Double, width: Double, height: Double, scale: Double, margin: Int,
    tolerance: Int = 0
  ) {
    left = Int((x * scale).rounded(.down)) + margin - tolerance
    top = Int((y * scale).rounded(.down)) + margin - tolerance
    right = Int(((x + width) * scale).rounded(.up)) + margin + tolerance
    bottom = Int(((y + height) * scale).rounded(.up)) + margin + tolerance
  }

  func contains(x: Int, y: Int) -> Bool { x >= left && x < right && y >= top && y < bottom }

  var description: String { "(\(left), \(top))–(\(right), \(bottom))" }
}

extension Image {
  /// Every pixel (x, y) for which `predicate` holds.
  func pixels(where predicate: (RGBAColor) -> Bool) -> [(x: Int, y: Int)] {
    var found: [(x: Int, y: Int)] = []
    for y in 0..<height {
      for x in 0..<width where predicate(self[x: x, y: y]) { found.append((x, y)) }
    }
    return found
  }
}

extension RGBAColor {
  /// Whether the pixel is visibly coloured: channels differ by more than a rounding error.
  var isColored: Bool {
    let channels = [Int(red), Int(green), Int(blue)]
    return (channels.max() ?? 0) - (channels.min() ?? 0) > 24
  }
}
