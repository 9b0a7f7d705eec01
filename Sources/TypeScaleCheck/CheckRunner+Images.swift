// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

extension CheckRunner {
  /// The labels the HTML page shows, drawn: each of ``CheckHTMLReport/imageRequests(for:)``
  /// laid out as the run laid it out and drawn at 2× at its smallest failing category.
  ///
  /// At most ``CheckHTMLReport/maximumImages`` labels are drawn, whatever the run's size, so
  /// the page costs the same few hundred milliseconds for 30 translations or 100,000.
  ///
  /// ```swift
  /// let drawn = runner.images(for: summary)
  /// let page = CheckHTMLReport(images: drawn.images).write(summary)
  /// ```
  ///
  /// - Parameter summary: A summary of this runner's run.
  /// - Returns: The PNGs keyed by ``CheckHTMLReport/imageKey(for:row:at:)``, and a warning for
  ///   each label that could not be drawn.
  public func images(for summary: CheckSummary) -> (images: [String: Data], warnings: [String]) {
    var images: [String: Data] = [:]
    var warnings: [String] = []
    for request in CheckHTMLReport.imageRequests(for: summary) {
      let key = CheckHTMLReport.imageKey(for: summary, row: request.row, at: request.category)
      do throws(CheckError) {
        images[key] = try image(for: summary, row: request.row, at: request.category)
      } catch {
        warnings.append("cannot draw \(DisplayText.quoted(key)): \(error.message)")
      }
    }
    return (images, warnings)
  }
}
