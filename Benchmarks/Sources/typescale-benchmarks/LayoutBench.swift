// SPDX-License-Identifier: Apache-2.0

import CBenchmarkPeers
import Foundation
import TypeScale

/// What the layout scenarios share: the corpus, one TypeScale engine, the floor and Pango for
/// the main thread, and the warnings the checks raise.
final class LayoutBench {
  /// The corpus.
  let corpus: Corpus
  /// TypeScale's engine, with the default shape cache budget.
  let engine: TextLayoutEngine
  /// The floor for the main thread.
  let floor: Floor
  /// Pango for the main thread.
  let peer: Peer
  /// The body sizes at the twelve categories for a 17 pt design size, smallest first, as
  /// TypeScale's sweep resolves them.
  let bodySizes: [Double]
  /// Problems the checks found: coverage, and line counts that differ between engines.
  var warnings: [String] = []

  /// Creates the engines and checks that each text's font covers it in all three.
  ///
  /// - Parameters:
  ///   - corpus: The corpus, registered with `registry`.
  ///   - registry: The registry.
  /// - Throws: What the baselines or TypeScale throw.
  init(corpus: Corpus, registry: FontRegistry) throws {
    self.corpus = corpus
    engine = TextLayoutEngine(registry: registry)
    floor = try Floor(corpus: corpus)
    peer = try Peer(corpus: corpus)
    bodySizes = try ContentSizeCategory.allCases.map { category in
      try FontSizing.scalesWithBody.resolve(17, in: category).points
    }
    for text in corpus.texts {
      let layout = try engine.layout(
        text.text, font: LayoutFont(face: text.face, pointSize: 17),
        options: text.options(width: nil))
      let missing = layout.diagnostics.missingCharacters
      let fallback = layout.diagnostics.fallbackFaces.map(\.postScriptName)
      if !missing.isEmpty || !fallback.isEmpty {
        warnings.append(
          "TypeScale: \(text.name) falls back to \(fallback) or lacks \(missing) in "
            + text.face.postScriptName)
      }
      let floorCheck = floor.layout(text, size: 17, width: 0, check: true)
      if floorCheck.problems > 0 {
        warnings.append("floor: \(text.name) has \(floorCheck.problems) .notdef glyph(s)")
      }
      let pangoCheck = peer.layout(text, size: 17, width: 0, check: true)
      if pangoCheck.problems > 0 {
        warnings.append(
          "Pango: \(text.name) has \(pangoCheck.problems) run(s) not in \"\(text.family)\"")
      }
    }
  }

  /// A LayoutFont for a text at a size.
  @inline(__always)
  func font(_ text: CorpusText, _ size: Double) throws(LayoutError) -> LayoutFont {
    try LayoutFont(face: text.face, pointSize: size)
  }
}

/// How often the three engines agree on the line count of the same case.
struct Agreement {
  /// The scenario, for warnings.
  let scenario: String
  /// The cases compared.
  private(set) var cases = 0
  /// Cases where the floor's line count differs from TypeScale's.
  private(set) var floorDiffers = 0
  /// Cases where Pango's line count differs from TypeScale's.
  private(set) var pangoDiffers = 0
  /// The first few differing cases, described.
  private(set) var examples: [String] = []

  /// Creates an empty record for a scenario.
  init(scenario: String) { self.scenario = scenario }

  /// Records one case.
  ///
  /// - Parameters:
  ///   - name: The case, e.g. "thai paragraph at 17 pt".
  ///   - typeScale: TypeScale's value.
  ///   - floor: The floor's value.
  ///   - pango: Pango's value.
  mutating func record(_ name: String, typeScale: Int, floor: Int, pango: Int) {
    cases += 1
    if floor != typeScale { floorDiffers += 1 }
    if pango != typeScale { pangoDiffers += 1 }
    if (floor != typeScale || pango != typeScale) && examples.count < 3 {
      examples.append("\(name): TypeScale \(typeScale), floor \(floor), Pango \(pango)")
    }
  }

  /// The report's extra fields.
  var extra: [(String, String)] {
    [
      ("differs from floor", "\(floorDiffers)/\(cases)"),
      ("differs from Pango", "\(pangoDiffers)/\(cases)"),
    ]
  }

  /// A warning when any case differs, with examples.
  var warning: String? {
    guard floorDiffers + pangoDiffers > 0 else { return nil }
    return
      "\(scenario): results differ in \(floorDiffers)/\(cases) cases from the floor and "
      + "\(pangoDiffers)/\(cases) from Pango, e.g. " + examples.joined(separator: "; ")
  }
}

/// Sizes printed as "13, 17 and 28".
func sizeList(_ sizes: [Double]) -> String {
  let names = sizes.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
  guard names.count > 1, let last = names.last else { return names.joined() }
  return names.dropLast().joined(separator: ", ") + " and " + last
}

/// A layout scenario: one pass of each engine over the corpus, and how many operations a pass
/// performs.
protocol LayoutScenario {
  /// The operations (layouts or queries) one pass performs.
  var operationsPerPass: Int { get }
  /// One pass of TypeScale.
  func typeScalePass() throws
  /// One pass of the floor.
  func floorPass()
  /// One pass of Pango.
  func pangoPass()
}

extension LayoutScenario {
  /// Each engine's best time per operation, in interleaved rounds.
  ///
  /// - Returns: Seconds per operation of TypeScale, the floor and Pango.
  /// - Throws: What TypeScale throws.
  func measure() throws -> (typeScale: Double, floor: Double, pango: Double) {
    let times = try secondsPerOperation(
      operations: operationsPerPass, [typeScalePass, floorPass, pangoPass])
    return (times[0], times[1], times[2])
  }

  /// Runs one engine's pass `passes` times after one pass to warm up, for a profiler
  /// (`valgrind --tool=callgrind --toggle-collect='*profilePasses*'`).
  ///
  /// - Parameters:
  ///   - engine: `typescale`, `floor` or `pango`.
  ///   - passes: The passes to run.
  /// - Returns: Seconds per operation.
  /// - Throws: What TypeScale throws.
  func profile(engine: String, passes: Int) throws -> Double {
    let pass: () throws -> Void =
      switch engine {
      case "floor": floorPass
      case "pango": pangoPass
      default: typeScalePass
      }
    try pass()
    return try profilePasses(passes, pass) / Double(passes * operationsPerPass)
  }

  @inline(never)
  private func profilePasses(_ passes: Int, _ pass: () throws -> Void) throws -> Double {
    try seconds {
      for _ in 0..<passes { try pass() }
    }
  }
}
