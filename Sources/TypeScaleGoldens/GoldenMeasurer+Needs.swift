// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleLayout

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
  /// The font is the alias's primary face and cascade from `fonts` (the golden header's, paths
  /// relative to `baseDirectory` or absolute) at the record's own point size, so the size is the
  /// one recorded whatever sizing produced it; the options are the case's
  /// (``GoldenCase/layoutOptions``: target, strategy, truncation, language).
  ///
  /// A case whose font cannot be registered or whose text cannot be laid out has no entry: the
  /// needs explain a failure and never cause one.
  ///
  /// - Parameters:
  ///   - records: The measured records to explain.
  ///   - fonts: The suite's fonts, by alias.
  ///   - baseDirectory: The folder relative font paths start from (the golden file's).
  /// - Returns: The needs by case id.
  /// - Complexity: Two layouts per record.
  package func needs(
    of records: [GoldenRecord], fonts: [GoldenFont], baseDirectory: URL
  ) -> [String: GoldenFitNeeds] {
    // This repeats the measurer's font setup (first face of each file; the embedded default for
    // an alias without files); registration is idempotent, so fonts the measurer registered are
    // the same faces.
    var faces: [String: (primary: FontFace, cascade: [FontFace])?] = [:]
    func resolve(_ alias: String) -> (primary: FontFace, cascade: [FontFace])? {
      if let known = faces[alias] { return known }
      var resolved: (primary: FontFace, cascade: [FontFace])?
      if let font = fonts.first(where: { $0.alias == alias }) {
        var list: [FontFace] = []
        for path in font.paths {
          let url = GoldenPaths.resolve(path, in: baseDirectory)
          guard let face = try? registry.register(fileAt: url).first else {
            list = []
            break
          }
          list.append(face)
        }
        if font.isEmbedded {
          resolved = (registry.defaultFace, [])
        } else if let first = list.first, list.count == font.paths.count {
          resolved = (first, Array(list.dropFirst()))
        }
      }
      faces[alias] = resolved
      return resolved
    }

    var needs: [String: GoldenFitNeeds] = [:]
    for record in records {
      guard let face = resolve(record.testCase.font),
        let font = try? LayoutFont(
          face: face.primary, pointSize: record.pointSize, fallbackFaces: face.cascade)
      else { continue }
      // Tail truncation, since head and middle truncation keep to one line whatever the limit.
      var unlimited = record.testCase.layoutOptions
      unlimited.lineLimit = 0
      unlimited.truncation = .tail
      var unwrapped = unlimited
      unwrapped.width = nil
      guard let wide = try? engine.layout(record.testCase.text, font: font, options: unwrapped),
        let tall = try? engine.layout(record.testCase.text, font: font, options: unlimited),
        wide.exactWidth.isFinite
      else { continue }
      needs[record.id] = GoldenFitNeeds(unwrappedWidth: wide.exactWidth, lines: tall.lineCount)
    }
    return needs
  }
}
