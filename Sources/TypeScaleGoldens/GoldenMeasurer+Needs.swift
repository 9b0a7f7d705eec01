// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// What a measured case needs to fit: the width of its text unwrapped and the lines it takes at
/// its width with no line limit.
///
/// A golden record holds the width as laid out, which a truncated case cuts to its box; these
/// are the numbers a failure compares with the box and the limit instead.
public struct GoldenFitNeeds: Codable, Hashable, Sendable {
  /// The text's width with no wrapping width and no line limit (its widest paragraph), in
  /// points, exact as golden files record widths.
  public var unwrappedWidth: Double
  /// The lines the text takes at the case's width with no line limit.
  public var lines: Int

  /// Creates needs.
  ///
  /// - Parameters:
  ///   - unwrappedWidth: The unwrapped width, in points.
  ///   - lines: The lines at the case's width with no limit.
  public init(unwrappedWidth: Double, lines: Int) {
    self.unwrappedWidth = unwrappedWidth
    self.lines = lines
  }
}

extension GoldenMeasurer {
  /// Lays each record's case out again as the measurer laid it out, but without its width and
  /// line limit (for the unwrapped width) and without its line limit (for the lines it needs),
  /// both with tail truncation (head and middle truncation keep to one line whatever the limit).
  ///
  /// The layout goes through `GoldenLayouts`, the measurer's own code path: the header's fonts
  /// by alias and its typography and font folders (paths relative to `baseDirectory`, or
  /// absolute), the case's size from its sizing or the typography, and the case's options
  /// (``GoldenCase/layoutOptions``: target, strategy, language).
  ///
  /// A case whose font cannot be registered or whose text cannot be laid out has no entry: the
  /// needs explain a failure and never cause one.
  ///
  /// - Parameters:
  ///   - measurements: The measurements to explain.
  ///   - header: The header of the file the measurements were measured into.
  ///   - baseDirectory: The folder relative paths start from (the golden file's).
  /// - Returns: The needs by case id.
  /// - Complexity: Two layouts per record.
  package func needs(
    of measurements: [GoldenMeasurement], header: GoldenHeader, baseDirectory: URL
  ) -> [String: GoldenFitNeeds] {
    var layouts = GoldenLayouts(
      registry: registry, folder: baseDirectory, fonts: header.fonts,
      typography: header.typography?.path, fontFolders: header.fontFolders)
    var needs: [String: GoldenFitNeeds] = [:]
    for record in measurements {
      var unlimited = record.testCase
      unlimited.lineLimit = 0
      unlimited.truncation = .tail
      var unwrapped = unlimited
      unwrapped.width = nil
      guard let wide = try? layouts.measure(unwrapped, engine: engine).layout,
        let tall = try? layouts.measure(unlimited, engine: engine).layout,
        wide.exactWidth.isFinite
      else { continue }
      needs[record.id] = GoldenFitNeeds(unwrappedWidth: wide.exactWidth, lines: tall.lineCount)
    }
    return needs
  }
}
