// SPDX-License-Identifier: Apache-2.0

import Foundation

extension GoldenReport {
  /// Adds where each failing text fits (``textFits``) and the cases that must fit and do not
  /// (``mustFitFailures``).
  ///
  /// A text fails when any of its cases differs from the golden file or must fit and does not.
  /// Its failing cases measured now are laid out again without their width and line limit, in
  /// the fonts of `actual`'s header, to say what they need (``GoldenFitNeeds``).
  ///
  /// ```swift
  /// var report = GoldenComparison.compare(expected: expected, actual: actual, name: path)
  /// report.addFit(expected: expected, actual: actual, baseDirectory: goldenURL.deletingLastPathComponent())
  /// print(report.message())   // … "fits through XL; truncated from XXL" …
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The recorded golden file.
  ///   - actual: The cases measured now; their `mustFit` comes from the cases file.
  ///   - baseDirectory: The folder relative font paths of `actual`'s header start from.
  ///   - measurer: A measurer to lay cases out with (its registry already holds the fonts); a
  ///     new one by default.
  /// - Complexity: Two layouts per failing case measured now.
  public mutating func addFit(
    expected: GoldenFile, actual: GoldenFile, baseDirectory: URL,
    measurer: GoldenMeasurer? = nil
  ) {
    let tolerance = expected.header.sizeTolerance
    let unfit = actual.measurements.filter { $0.testCase.mustFit && !$0.fits(tolerance: tolerance) }
    mustFitFailures = unfit.isEmpty ? nil : unfit.map(\.id)
    var failing = Set(mismatches.map(\.id))
    failing.formUnion(unfit.map(\.id))
    guard !failing.isEmpty else {
      textFits = nil
      return
    }
    let measuredNow = actual.measurements.filter { failing.contains($0.id) }
    let measuredIDs = Set(actual.measurements.map(\.id))
    let needs =
      (measurer ?? (try? GoldenMeasurer()))?.needs(
        of: measuredNow, header: actual.header, baseDirectory: baseDirectory) ?? [:]
    textFits = GoldenFitGroups.texts(
      recorded: GoldenFitGroups(expected.measurements, tolerance: tolerance),
      current: GoldenFitGroups(actual.measurements, tolerance: tolerance), failing: measuredNow,
      failingRecordedIDs: expected.measurements.map(\.id).filter {
        failing.contains($0) && !measuredIDs.contains($0)
      }, needs: needs)
  }

  /// The message lines on fit: the cases that must fit and do not, then each failing text.
  func fitLines(limit: Int) -> [String] {
    var lines: [String] = []
    if let unfit = mustFitFailures, !unfit.isEmpty {
      lines.append("")
      lines.append(Self.mustFitHeadline(unfit, limit: limit))
    }
    if let texts = textFits, !texts.isEmpty {
      lines.append("")
      lines.append(
        "where each failing text fits (needs: its width unwrapped against the box, its lines "
          + "against the limit):")
      lines += GoldenTextFit.messageLines(texts, limit: limit)
    }
    return lines
  }

  /// `2 cases must fit ("mustFit") and do not: a, b`.
  static func mustFitHeadline(_ ids: [String], limit: Int) -> String {
    let shown = ids.prefix(max(1, limit)).joined(separator: ", ")
    let more = ids.count > max(1, limit) ? ", … and \(ids.count - max(1, limit)) more" : ""
    let count = ids.count == 1 ? "1 case must" : "\(ids.count) cases must"
    return "\(count) fit (\"mustFit\") and do not: \(shown)\(more)"
  }
}
