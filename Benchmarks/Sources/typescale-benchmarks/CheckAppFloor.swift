// SPDX-License-Identifier: Apache-2.0

import Foundation
import Synchronization
import TypeScale
import TypeScaleCheck
import TypeScaleStrings

/// The check-app scenario's floor: the sweeps `typescale check` makes, and nothing else, in
/// this process on every core.
///
/// The inputs are what the check lays out: the app's entries as `StringsLoader` reads them, the
/// entries whose rule matches and whose device is the rule's, with placeholders filled by the
/// constraints' samples, each in the family the constraints pick for its language and script,
/// swept with the rule's style, width and line limit over its categories (a
/// `DynamicType.PreparedSweep` per family and rule, as the runner caches them). Reading, rule
/// matching and substitution happen before the clock starts; statuses, results, the second
/// sweep of truncated labels and reports are not made.
///
/// Each round gives every thread a new `TextLayoutEngine`, so that its shape cache starts empty
/// as a fresh `typescale check` process's does; the fastest of ``rounds`` rounds counts.
struct CheckAppFloor {
  /// One translation to sweep.
  struct Input: Sendable {
    /// The text with placeholders filled.
    let text: String
    /// The entry's language.
    let language: String
    /// The family the constraints pick, or `nil` for the typography's.
    let family: String?
    /// The rule it matched.
    let rule: CheckRule.Resolved
  }

  /// The rounds the fastest counts of.
  static let rounds = 3

  /// The translations, in catalog order.
  let inputs: [Input]
  /// The layouts one pass makes: each input at every category of its rule's range.
  let layouts: Int
  /// The constraints the inputs were resolved with.
  let constraints: CheckConstraints

  /// Reads the app and resolves every entry as the check does.
  ///
  /// - Parameter app: The synthetic app.
  /// - Throws: ``CorpusError`` when the constraints or a catalog cannot be read.
  init(app: SyntheticApp) throws {
    do {
      constraints = try CheckConstraints.load(contentsOf: app.constraints)
    } catch {
      throw CorpusError(description: "\(app.constraints.path): \(error.message)")
    }
    let loaded = StringsLoader().load(app.catalogs)
    if let error = loaded.errors.first { throw CorpusError(description: error.message) }
    var inputs: [Input] = []
    var layouts = 0
    for entry in loaded.entries {
      guard let rule = constraints.rule(for: entry.key),
        let lower = rule.categories.first, let upper = rule.categories.last
      else { continue }
      if let device = rule.device,
        entry.variant.steps.contains(where: { step in
          if case .device(let name) = step { return name.lowercased() != device.lowercased() }
          return false
        })
      {
        continue
      }
      guard let text = try? constraints.placeholders.text(for: entry) else { continue }
      inputs.append(
        Input(
          text: text, language: entry.language,
          family: constraints.fontFamily(language: entry.language, text: text), rule: rule))
      layouts += ContentSizeCategory.allCases.filter { lower <= $0 && $0 <= upper }.count
    }
    self.inputs = inputs
    self.layouts = layouts
  }

  /// What a prepared sweep depends on, as the runner keys its cache.
  private struct SweepKey: Hashable {
    var family: String?
    var style: String
    var width: Double?
    var lineLimit: Int
    var lower: ContentSizeCategory
    var upper: ContentSizeCategory
  }

  /// Sweeps every input once on `threads` threads (input *i* on thread *i* mod `threads`),
  /// each with a new engine.
  ///
  /// - Parameter threads: The threads.
  /// - Returns: The wall time in seconds, and the layouts made (to check against ``layouts``).
  /// - Throws: What TypeScale throws.
  func pass(threads: Int) throws -> (seconds: Double, layouts: Int) {
    guard let registry = constraints.registry ?? (try? FontRegistry()) else {
      throw CorpusError(description: "check-app floor: no font registry")
    }
    let made = Atomic<Int>(0)
    let inputs = self.inputs
    let typography = constraints.typography
    let timing = try runThreads(threads) { thread in
      let engine = TextLayoutEngine(registry: registry)
      var sweeps: [SweepKey: DynamicType.PreparedSweep] = [:]
      var count = 0
      var index = thread
      while index < inputs.count {
        let input = inputs[index]
        index += threads
        let rule = input.rule
        guard let lower = rule.categories.first, let upper = rule.categories.last else {
          continue
        }
        let key = SweepKey(
          family: input.family, style: rule.style, width: rule.width, lineLimit: rule.lineLimit,
          lower: lower, upper: upper)
        let prepared: DynamicType.PreparedSweep
        if let cached = sweeps[key] {
          prepared = cached
        } else {
          var styled = typography
          let token = Typography.TokenName(rule.style)
          if let family = input.family {
            let entry = try styled.entry(for: token)
            var changed = entry.style
            changed.family = family
            try styled.set(entry.name, changed)
          }
          var options = LayoutOptions(
            width: rule.width, lineLimit: rule.lineLimit == 0 ? nil : rule.lineLimit,
            truncation: .tail)
          options.language = nil
          prepared = try DynamicType(
            registry: registry, typography: styled, range: DynamicTypeRange(lower...upper),
            engine: engine
          ).preparedSweep(token: token, width: rule.width, options: options)
          sweeps[key] = prepared
        }
        count += try prepared.sweep(input.text, language: input.language).count
      }
      made.add(count, ordering: .relaxed)
    }
    return (timing.wall, made.load(ordering: .relaxed))
  }

  /// The fastest of ``rounds`` passes.
  ///
  /// - Parameter threads: The threads.
  /// - Returns: Seconds per pass, and the layouts one pass made.
  /// - Throws: What TypeScale throws, or ``CorpusError`` when a pass made another number of
  ///   layouts than planned.
  func measure(threads: Int) throws -> (seconds: Double, layouts: Int) {
    var best = Double.infinity
    var made = 0
    for _ in 0..<Self.rounds {
      let pass = try pass(threads: threads)
      best = min(best, pass.seconds)
      made = pass.layouts
      guard made == layouts else {
        throw CorpusError(
          description: "check-app floor: a pass made \(made) layouts, \(layouts) planned")
      }
    }
    return (best, made)
  }
}
