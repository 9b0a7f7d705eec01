// SPDX-License-Identifier: Apache-2.0

import CBenchmarkPeers
import Foundation
import TypeScale

/// "Fit: the largest category at which each text fits 200 pt and 2 lines".
///
/// "Fits" means what `largestFittingCategory` means: the whole text within the line limit (no
/// truncation) and no word broken between letters. A word wider than the line is broken between
/// grapheme clusters by all three engines, as `NSLineBreakMode.byWordWrapping` does ("unless the
/// word itself doesn't fit on a single line"); a `UILabel` then shows the word split across lines
/// without an ellipsis ("Настройк" / "и"), which is what a designer asking "does it fit at AX4?"
/// wants to hear about.
///
/// - TypeScale: `largestFittingCategory(_:font:width:lineLimit:)` with a 17 pt body design size
///   (a sweep of twelve layouts, shaped once), the shape cache emptied before each query.
/// - Floor and Pango: what an engine without shape-once must do: lay the text out at the body
///   sizes from AX5 down until it takes at most 2 lines and breaks no word (1 to 12 layouts a
///   query).
///
/// The untimed check also compares the answers to the looser question a `UILabel` itself
/// answers (not truncated, broken words allowed).
struct FitScenario: LayoutScenario {
  let bench: LayoutBench
  let width = 200.0
  let lineLimit = 2
  private let options: [LayoutOptions]

  /// Prepares the scenario.
  init(_ bench: LayoutBench) {
    self.bench = bench
    options = bench.corpus.texts.map { $0.options(width: nil) }
  }

  var operationsPerPass: Int { bench.corpus.texts.count }

  /// TypeScale's answer for one text: the category's raw value, or -1.
  private func typeScaleFit(_ index: Int) throws -> Int {
    let text = bench.corpus.texts[index]
    bench.engine.shapeCache.removeAll()
    let category = try bench.engine.largestFittingCategory(
      text.text, font: bench.font(text, 17), width: width, lineLimit: lineLimit,
      options: options[index])
    return category?.rawValue ?? -1
  }

  /// A baseline's answer: the index of the largest body size at which `fits(layout)` holds for
  /// the baseline's `layout(size)` (or -1), and the number of layouts it took.
  private func baselineFit(
    _ layout: (Double) -> BenchmarkLayout, fits: (BenchmarkLayout) -> Bool
  ) -> (index: Int, layouts: Int) {
    var layouts = 0
    for index in bench.bodySizes.indices.reversed() {
      layouts += 1
      if fits(layout(bench.bodySizes[index])) { return (index, layouts) }
    }
    return (-1, layouts)
  }

  /// Whether a baseline's layout fits: at most `lineLimit` lines, no word broken.
  private func fits(_ layout: BenchmarkLayout) -> Bool {
    layout.lines <= lineLimit && !layout.breaks_words
  }

  func typeScalePass() throws {
    for index in bench.corpus.texts.indices { blackHole(try typeScaleFit(index)) }
  }

  func floorPass() {
    for text in bench.corpus.texts {
      blackHole(baselineFit({ bench.floor.layout(text, size: $0, width: width) }, fits: fits).index)
    }
  }

  func pangoPass() {
    for text in bench.corpus.texts {
      blackHole(baselineFit({ bench.peer.layout(text, size: $0, width: width) }, fits: fits).index)
    }
  }

  /// Measures all three.
  ///
  /// - Returns: The result, per query.
  /// - Throws: What TypeScale throws.
  func run() throws -> BenchmarkResult {
    let texts = bench.corpus.texts

    // Untimed: the hit rate, the answers of all three, and the baselines' layouts per query;
    // then the answers to a UILabel's own question (not truncated; broken words allowed).
    var agreement = Agreement(scenario: "Fit")
    var labelAgreement = Agreement(scenario: "Fit (broken words allowed)")
    var hits = 0
    var lookups = 0
    var floorLayouts = 0
    var pangoLayouts = 0
    for (index, text) in texts.enumerated() {
      let category = try typeScaleFit(index)
      let statistics = bench.engine.shapeCache.statistics
      hits += statistics.hits
      lookups += statistics.hits + statistics.misses
      let floorLayout = { bench.floor.layout(text, size: $0, width: width) }
      let pangoLayout = { bench.peer.layout(text, size: $0, width: width) }
      let floor = baselineFit(floorLayout, fits: fits)
      let pango = baselineFit(pangoLayout, fits: fits)
      floorLayouts += floor.layouts
      pangoLayouts += pango.layouts
      agreement.record(
        "\(text.name) (category index)", typeScale: category, floor: floor.index,
        pango: pango.index)

      let sweep = try bench.engine.sweep(
        text.text, font: bench.font(text, 17), sizing: .scalesWithBody,
        options: text.options(width: width, lineLimit: lineLimit))
      let shown = { (layout: BenchmarkLayout) in layout.lines <= lineLimit }
      labelAgreement.record(
        "\(text.name) (category index)",
        typeScale: sweep.last { !$0.layout.isTruncated }?.category.rawValue ?? -1,
        floor: baselineFit(floorLayout, fits: shown).index,
        pango: baselineFit(pangoLayout, fits: shown).index)
    }
    for check in [agreement, labelAgreement] {
      if let warning = check.warning { bench.warnings.append(warning) }
    }

    let (typeScale, floor, pango) = try measure()
    func perQuery(_ layouts: Int) -> String {
      String(format: "%.1f", Double(layouts) / Double(max(1, texts.count)))
    }
    return BenchmarkResult(
      name:
        "Fit: largest category of \(texts.count) texts within \(Int(width)) pt and "
        + "\(lineLimit) lines",
      scenario: "fit", operation: "query", seconds: typeScale, floorSeconds: floor,
      pangoSeconds: pango, hitRate: lookups == 0 ? 0 : Double(hits) / Double(lookups),
      extra: [
        ("TypeScale layouts/query", String(bench.bodySizes.count)),
        ("floor layouts/query", perQuery(floorLayouts)),
        ("Pango layouts/query", perQuery(pangoLayouts)),
      ] + agreement.extra
        + labelAgreement.extra.map { ("\($0.0), broken words allowed", $0.1) })
  }
}
