// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// The layout corpus (`Tests/Fixtures/Layout/strings.tsv`): one text per script and style, with
/// the fixture font it is set in.
enum LayoutCorpus {
  struct Entry: Sendable, CustomTestStringConvertible {
    let id: String
    let font: String
    let language: String
    let text: String

    var testDescription: String { id }
  }

  static let entries: [Entry] = {
    let url = packageRoot().appendingPathComponent("Tests/Fixtures/Layout/strings.tsv")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count >= 5 else { return nil }
      return Entry(
        id: fields[0], font: fields[2], language: fields[3],
        text: fields[4...].joined(separator: "\t"))
    }
  }()

  /// Everything a layout produced that shaping decides: per line its range, width and runs'
  /// glyphs, positions and clusters.
  static func signature(_ layout: TextLayout) -> [String] {
    layout.lines.map { line in
      "\(line.range) \(line.width) "
        + line.runs.map { "\($0.range) \($0.glyphs) \($0.xs) \($0.ys) \($0.clusters)" }
        .joined(separator: " | ")
    }
  }
}
