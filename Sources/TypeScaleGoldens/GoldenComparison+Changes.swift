// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleLayout

/// What changed in a suite's cases between a recording and now — texts, cases added, removed
/// and renamed, other inputs — and how the report names them as causes.
///
/// These causes are read from the mismatches alone (their `text` and `id` fields and their
/// kinds), so a merged report of shards names them again for the whole suite.
extension GoldenComparison {
  // MARK: - Inputs

  /// The names of a mismatch's fields that are inputs of a case rather than measurements, in
  /// the order the report lists them.
  ///
  /// A case whose inputs changed is explained by that change; only a case whose inputs are as
  /// recorded points at the layout itself.
  public static let inputFields = GoldenReport.Field.allCases.filter(\.isInput).map(\.rawValue)

  /// The inputs that differ between a recorded case and the one measured now.
  ///
  /// Each is name → [recorded, now], as the golden file writes them; the id is not compared.
  static func inputChanges(_ was: GoldenCase, _ now: GoldenCase) -> [String: [String]] {
    var fields: [String: [String]] = [:]
    func note(_ name: String, _ old: String, _ new: String) {
      if old != new { fields[name] = [old, new] }
    }
    note("text", GoldenText.escape(was.text), GoldenText.escape(now.text))
    note("font", was.font, now.font)
    note("style", was.styleName, now.styleName)
    note("category", was.stepName, now.stepName)
    note(
      "widthLimit", was.width.map(GoldenMeasurement.number) ?? "-",
      now.width.map(GoldenMeasurement.number) ?? "-")
    note("lineLimit", String(was.lineLimit), String(now.lineLimit))
    note("truncation", was.truncation.rawValue, now.truncation.rawValue)
    // A case recorded before sizings were written has none; only a known one can differ.
    if was.isAndroid || now.isAndroid {
      note("sizing", was.sizingName, now.sizingName)
    } else if let recorded = was.sizing, let measured = now.sizing {
      note("sizing", recorded.rawValue, measured.rawValue)
    }
    note("target", GoldenCase.name(of: was.target), GoldenCase.name(of: now.target))
    note("strategy", was.effectiveStrategy.description, now.effectiveStrategy.description)
    note("language", was.language ?? "-", now.language ?? "-")
    return fields
  }

  // MARK: - Renames

  /// Everything of a case but its id (and sizing, which follows from the rest): two cases with
  /// the same key are one case renamed.
  private struct RenameKey: Hashable {
    let text: String
    let font: String
    let style: String
    let category: String
    let width: Double?
    let lineLimit: Int
    let truncation: String
    let target: String
    let strategy: String
    let language: String?

    init(_ test: GoldenCase) {
      text = test.text
      font = test.font
      style = test.styleName
      category = test.stepName + (test.android.map { " " + $0.sizingName } ?? "")
      width = test.width
      lineLimit = test.lineLimit
      truncation = test.truncation.rawValue
      target = GoldenCase.name(of: test.target)
      strategy = test.effectiveStrategy.description
      language = test.language
    }
  }

  /// The recorded cases that are renamed now: old id → new id.
  ///
  /// A recorded case whose id is gone and a current case whose id is new are one case renamed
  /// when they match in everything but the id: text, font, style or token, category, width,
  /// line limit, truncation, target, line-break strategy and language. Where several match
  /// alike (the same text under two ids), they pair in order: the first gone with the first new.
  ///
  /// ```swift
  /// let renames = GoldenComparison.renames(
  ///   from: golden.measurements.map(\.testCase), to: suite.cases)
  /// // ["buttons/save/default/body/L/120": "buttons/store/default/body/L/120", …]
  /// ```
  ///
  /// - Parameters:
  ///   - recorded: The cases a golden file holds, in its order.
  ///   - current: The cases measured now, in suite order.
  /// - Returns: Each renamed case's old id with its new one.
  /// - Complexity: O(*n* + *m*) in the two lists' lengths.
  public static func renames(
    from recorded: [GoldenCase], to current: [GoldenCase]
  ) -> [String: String] {
    let currentIDs = Set(current.map(\.id))
    let recordedIDs = Set(recorded.map(\.id))
    var gone: [RenameKey: [String]] = [:]
    for test in recorded where !currentIDs.contains(test.id) {
      gone[RenameKey(test), default: []].append(test.id)
    }
    guard !gone.isEmpty else { return [:] }
    var taken: [RenameKey: Int] = [:]
    var renames: [String: String] = [:]
    for test in current where !recordedIDs.contains(test.id) {
      let key = RenameKey(test)
      guard let candidates = gone[key] else { continue }
      let index = taken[key, default: 0]
      guard index < candidates.count else { continue }
      renames[candidates[index]] = test.id
      taken[key] = index + 1
    }
    return renames
  }

  // MARK: - Causes

  /// The start of the cause that names a changed cases file.
  static let casesFileCausePrefix = "the cases file changed"
  /// The start of the cause that blames the layout.
  static let layoutCausePrefix = "the layout changed"
  /// How many groups of one kind of change the causes name one by one.
  static let causeExamples = 10
  /// How many ids a cause naming added or removed cases lists.
  static let causeIDs = 3

  /// The causes a header comparison gives: the cases file's digest, then fonts and library
  /// versions.
  static func headerCauses(
    expected: GoldenHeader, actual: GoldenHeader
  ) -> (casesFile: [String], other: [String]) {
    var casesFile: [String] = []
    if let was = expected.casesFile, let now = actual.casesFile, was.sha256 != now.sha256 {
      let path = was.path == now.path ? now.path : "\(was.path) → \(now.path)"
      casesFile.append(
        "\(casesFileCausePrefix): \(path) (sha256 \(was.sha256.prefix(12))… → "
          + "\(now.sha256.prefix(12))…)")
    }
    var other: [String] = []
    // The app's type scale: sizes, weights and families of its styles and tokens.
    switch (expected.typography, actual.typography) {
    case (let was?, let now?) where was.sha256 != now.sha256:
      let path = was.path == now.path ? now.path : "\(was.path) → \(now.path)"
      other.append(
        "typography changed: \(path) (sha256 \(was.sha256.prefix(12))… → "
          + "\(now.sha256.prefix(12))…)")
    case (let was?, nil): other.append("typography removed: \(was.path)")
    case (nil, let now?): other.append("typography added: \(now.path)")
    default: break
    }
    for (key, digest) in expected.fontDigests.sorted(by: { $0.key < $1.key }) {
      guard let now = actual.fontDigests[key] else {
        other.append("font file removed: \(key)")
        continue
      }
      if now != digest {
        other.append(
          "font file changed: \(key) (sha256 \(digest.prefix(12))… → \(now.prefix(12))…)")
      }
    }
    for key in actual.fontDigests.keys.sorted() where expected.fontDigests[key] == nil {
      other.append("font file added: \(key)")
    }
    for library in GoldenHeader.libraries {
      let was = expected.versions[library] ?? "unknown"
      let now = actual.versions[library] ?? "unknown"
      if was != now { other.append("\(library) version changed: \(was) → \(now)") }
    }
    return (casesFile, other)
  }

  /// The causes in the report's order: the cases file (with each change of the cases: texts,
  /// added, removed, renamed, other inputs), fonts, library versions, and the layout when
  /// cases whose inputs are as recorded differ and neither fonts nor libraries changed.
  ///
  /// The cases file's digest is named only when some case's inputs changed: an edit that
  /// leaves every case as it was (spacing, key order) explains nothing.
  ///
  /// - Parameters:
  ///   - casesFile: The cause naming the cases file's digest, if it changed.
  ///   - other: Fonts and library versions that changed.
  ///   - mismatches: The differing cases.
  /// - Returns: The causes; empty when nothing differs.
  static func causes(
    casesFile: [String], other: [String], mismatches: [GoldenReport.Mismatch]
  ) -> [String] {
    guard !mismatches.isEmpty else { return [] }
    let changes = caseChanges(mismatches)
    var causes = (changes.isEmpty ? [] : casesFile) + changes + other
    let unexplained = mismatches.filter(isUnexplained).count
    if other.isEmpty, unexplained > 0 || causes.isEmpty {
      causes.append(
        changes.isEmpty
          ? "\(layoutCausePrefix): fonts and library versions are as recorded (a change in "
            + "TypeScale's code or options, or an edited golden file)"
          : "\(layoutCausePrefix) for \(count(unexplained)) whose inputs are as recorded: fonts "
            + "and library versions are as recorded (a change in TypeScale's code or options, "
            + "or an edited golden file)")
    }
    return causes
  }

  /// The causes of a merged report: the reports' causes that do not depend on which cases a
  /// shard held (the cases file's digest, fonts, libraries), with the changes of the cases and
  /// the layout named again from all the mismatches.
  static func mergedCauses(_ reports: [GoldenReport], mismatches: [GoldenReport.Mismatch])
    -> [String]
  {
    var perShard: Set<String> = []
    for report in reports { perShard.formUnion(caseChanges(report.mismatches)) }
    var casesFile: [String] = []
    var other: [String] = []
    for cause in reports.flatMap(\.causes)
    where !perShard.contains(cause) && !cause.hasPrefix(layoutCausePrefix) {
      if cause.hasPrefix(casesFileCausePrefix) {
        if !casesFile.contains(cause) { casesFile.append(cause) }
      } else if !other.contains(cause) {
        other.append(cause)
      }
    }
    return causes(casesFile: casesFile, other: other, mismatches: mismatches)
  }

  /// Whether a mismatch differs though its inputs are as recorded: only its measurements (or
  /// its id and measurements) differ.
  private static func isUnexplained(_ mismatch: GoldenReport.Mismatch) -> Bool {
    switch mismatch.kind {
    case .changed, .renamed:
      return mismatch.fields.keys.contains { !inputFields.contains($0) }
        && !mismatch.fields.keys.contains { $0 != "id" && inputFields.contains($0) }
    case .missing, .new: return false
    }
  }

  /// One cause per change of the cases, in order: texts (`text of <id>: "Cancel" → "Cancel
  /// subscription"`, one line per old → new pair), cases added, removed, renamed, then other
  /// inputs (`lineLimit of <id>: 1 → 2`).
  static func caseChanges(_ mismatches: [GoldenReport.Mismatch]) -> [String] {
    var causes = grouped(mismatches, field: "text") { ids, old, new in
      "text of \(ids): \"\(old)\" → \"\(new)\""
    }
    let added = mismatches.filter { $0.kind == .new }.map(\.id)
    if !added.isEmpty { causes.append("\(count(added.count)) added: \(list(added))") }
    let removed = mismatches.filter { $0.kind == .missing }.map(\.id)
    if !removed.isEmpty { causes.append("\(count(removed.count)) removed: \(list(removed))") }
    causes += renames(in: mismatches)
    for field in inputFields where field != "id" && field != "text" {
      causes += grouped(mismatches, field: field) { ids, old, new in
        "\(field) of \(ids): \(old) → \(new)"
      }
    }
    return causes
  }

  /// One line per renaming, at most ``causeExamples`` lines, then one that counts the rest.
  ///
  /// The cases whose ids differ in the same one part — `buttons/ok/…` → `buttons/okay/…`, a
  /// text id renamed in a cases file — are one line: `4 cases renamed (ok → okay):
  /// buttons/ok/default/body/L/120 → buttons/okay/default/body/L/120 and 3 more`. Other renames
  /// are one line each.
  private static func renames(in mismatches: [GoldenReport.Mismatch]) -> [String] {
    var order: [[String]] = []
    var groups: [[String]: [(old: String, new: String)]] = [:]
    for mismatch in mismatches where mismatch.kind == .renamed {
      guard let ids = mismatch.fields["id"], ids.count == 2 else { continue }
      let old = ids[0].split(separator: "/", omittingEmptySubsequences: false)
      let new = ids[1].split(separator: "/", omittingEmptySubsequences: false)
      var key = ids
      if old.count == new.count {
        let differing = zip(old, new).enumerated().filter { $0.element.0 != $0.element.1 }
        if differing.count == 1, let part = differing.first {
          key = [String(part.offset), String(part.element.0), String(part.element.1)]
        }
      }
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append((ids[0], ids[1]))
    }
    var lines: [String] = []
    for key in order.prefix(causeExamples) {
      let pairs = groups[key] ?? []
      guard let first = pairs.first else { continue }
      let part = key.count == 3 && pairs.count > 1 ? " (\(key[1]) → \(key[2]))" : ""
      let more = pairs.count > 1 ? " and \(pairs.count - 1) more" : ""
      lines.append(
        "\(count(pairs.count)) renamed\(part): \(first.old) → \(first.new)\(more)")
    }
    if order.count > causeExamples {
      let rest = order.dropFirst(causeExamples).reduce(0) { $0 + (groups[$1]?.count ?? 0) }
      lines.append("\(count(rest)) more renamed")
    }
    return lines
  }

  /// One line per distinct [old, new] of `field`, in order of first appearance, naming the
  /// first case and how many more: at most ``causeExamples`` lines, then one that counts the
  /// rest.
  private static func grouped(
    _ mismatches: [GoldenReport.Mismatch], field: String,
    _ line: (_ ids: String, _ old: String, _ new: String) -> String
  ) -> [String] {
    var order: [[String]] = []
    var groups: [[String]: [String]] = [:]
    for mismatch in mismatches {
      guard let values = mismatch.fields[field], values.count == 2 else { continue }
      if groups[values] == nil { order.append(values) }
      groups[values, default: []].append(mismatch.id)
    }
    var lines: [String] = []
    for values in order.prefix(causeExamples) {
      let ids = groups[values] ?? []
      let named = ids.count > 1 ? "\(ids[0]) and \(count(ids.count - 1, "more case"))" : ids[0]
      lines.append(line(named, values[0], values[1]))
    }
    if order.count > causeExamples {
      let rest = order.dropFirst(causeExamples).reduce(0) { $0 + (groups[$1]?.count ?? 0) }
      let ways = order.count - causeExamples
      lines.append("\(field) changed in \(count(ways, "more way")) (\(count(rest)))")
    }
    return lines
  }

  /// The first ``causeIDs`` items, then how many more.
  private static func list(_ items: [String]) -> String {
    let shown = items.prefix(causeIDs).joined(separator: ", ")
    return items.count > causeIDs ? "\(shown) and \(items.count - causeIDs) more" : shown
  }

  /// `1 case`, `3 cases`.
  private static func count(_ number: Int, _ noun: String = "case") -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
