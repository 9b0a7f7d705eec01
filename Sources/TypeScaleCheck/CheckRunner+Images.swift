// SPDX-License-Identifier: Apache-2.0

import Dispatch
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
    let requests = CheckHTMLReport.imageRequests(for: summary)
    // Drawn on the runner's workers: a label at AX5 is a large PNG to compress.
    let drawn = Locked<[Int: Result<Data, CheckError>]>([:])
    DispatchQueue.concurrentPerform(iterations: min(workers, max(requests.count, 1))) { worker in
      var index = worker
      while index < requests.count {
        let request = requests[index]
        let result = Result { () throws(CheckError) -> Data in
          try image(for: summary, row: request.row, at: request.category)
        }
        drawn.withLock { $0[index] = result }
        index += workers
      }
    }
    var images: [String: Data] = [:]
    var warnings: [String] = []
    let results = drawn.withLock { $0 }
    for (index, request) in requests.enumerated() {
      let key = CheckHTMLReport.imageKey(for: summary, row: request.row, at: request.category)
      switch results[index] {
      case .success(let png): images[key] = png
      case .failure(let error):
        warnings.append("cannot draw \(DisplayText.quoted(key)): \(error.message)")
      case nil: break
      }
    }
    return (images, warnings)
  }
}
