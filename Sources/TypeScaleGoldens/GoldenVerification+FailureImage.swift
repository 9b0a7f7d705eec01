// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleRender

extension GoldenVerification {
  /// Draws a comparison's changed cases and writes the PNG beside the measured file.
  ///
  /// The image is `Renderer.goldenFailureImage(report:expected:actual:goldenURL:options:)`'s,
  /// written at `Renderer.goldenFailureImageURL(for:)`.
  ///
  /// - Parameters:
  ///   - report: The comparison.
  ///   - expected: The recorded golden file.
  ///   - actual: The cases measured now.
  ///   - goldenURL: The golden file; relative font paths start from its folder.
  /// - Returns: Where the image was written, why it could not be, or `nil` when no case changed
  ///   (cases only added, removed, or that must fit).
  static func drawFailures(
    _ report: GoldenReport, expected: GoldenFile, actual: GoldenFile, goldenURL: URL
  ) -> Outcome.FailureImage? {
    let url = Renderer.goldenFailureImageURL(for: goldenURL)
    do {
      let renderer = Renderer(registry: try FontRegistry())
      guard
        let image = try renderer.goldenFailureImage(
          report: report, expected: expected, actual: actual, goldenURL: goldenURL)
      else { return nil }
      try PNG.write(image, to: url)
      return .written(url)
    } catch {
      return .failed("\(error)")
    }
  }
}
