// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The result of comparing measured cases with a golden file: how many differ, how, and the
/// likely cause — machine-readable (`Codable`) and with a message a person can act on.
public struct GoldenReport: Codable, Hashable, Sendable {
  /// One case that differs.
  public struct Mismatch: Codable, Hashable, Sendable {
    /// The case id.
    public var id: String
    /// The text, escaped as in golden files.
    public var text: String
    /// `changed`, `missing` (in the golden file, not measured) or `new` (measured, not in the
    /// golden file).
    public var kind: String
    /// Each differing quantity: name → [expected, actual], as the golden file writes them.
    public var fields: [String: [String]]

    /// Creates a mismatch.
    ///
    /// - Parameters:
    ///   - id: The case id.
    ///   - text: The text, escaped as in golden files.
    ///   - kind: `changed`, `missing` or `new`.
    ///   - fields: Each differing quantity: name → [expected, actual].
    public init(id: String, text: String, kind: String, fields: [String: [String]]) {
      self.id = id
      self.text = text
      self.kind = kind
      self.fields = fields
    }
  }

  /// The golden file's path.
  public var golden: String
  /// The shards this report covers, `K/N` each; empty for a whole suite.
  public var shards: [String]
  /// Cases compared.
  public var total: Int
  /// Cases that differ.
  public var differing: Int
  /// The differing cases, in golden order.
  public var mismatches: [Mismatch]
  /// Likely causes, most likely first: a font file's digest changed, a library version changed,
  /// or the layout itself changed.
  public var causes: [String]
  /// What a person should know whether or not the cases match, such as a golden file in an
  /// older format; empty when there is nothing to say (and absent from older reports).
  public var notes: [String] = []
  /// Where each failing text fits and stops, and what its failing cases need; `nil` until
  /// ``addFit(expected:actual:baseDirectory:measurer:)`` adds it (and absent from older reports).
  public var textFits: [GoldenTextFit]?
  /// The cases that must fit (the cases file's `mustFit`) and do not, whether or not they match
  /// the golden file; `nil` when there are none.
  public var mustFitFailures: [String]?

  /// Whether every case matched and every case that must fit fits.
  public var passed: Bool { differing == 0 && (mustFitFailures ?? []).isEmpty }

  /// A message for a person: headline, causes, a table of the first differing cases, then the
  /// cases that must fit and do not and where each failing text fits (``textFits``).
  ///
  /// - Parameter limit: How many cases to list.
  /// - Returns: The message; "N cases match <file>" when everything matched.
  public func message(limit: Int = 10) -> String {
    let noteLines = notes.map { "note: \($0)" }
    guard !passed else {
      return (["\(total) cases match \(golden)"] + noteLines).joined(separator: "\n")
    }
    let limit = max(0, limit)
    guard differing > 0 else {
      let unfit = mustFitFailures?.count ?? 0
      return
        (["\(unfit) of \(total) cases must fit and do not; all match \(golden)"] + noteLines
        + fitLines(limit: limit)).joined(separator: "\n")
    }
    var lines = ["\(differing) of \(total) cases differ from \(golden)"]
    lines += noteLines
    for cause in causes { lines.append("likely cause: \(cause)") }
    lines.append("")
    let shown = mismatches.prefix(limit)
    let idWidth = min(60, shown.map(\.id.count).max() ?? 4)
    lines.append(Self.pad("case", idWidth) + "  expected → actual")
    for mismatch in shown {
      let detail: String
      switch mismatch.kind {
      case "missing": detail = "in the golden file, not measured (case removed?)"
      case "new": detail = "measured, not in the golden file (case added?)"
      default:
        detail = mismatch.fields.sorted { Self.order($0.key) < Self.order($1.key) }
          .map { key, values in
            "\(key) \(values.first ?? "?") → \(values.dropFirst().first ?? "?")"
          }.joined(separator: ", ")
      }
      lines.append(Self.pad(mismatch.id, idWidth) + "  " + detail)
    }
    if mismatches.count > limit { lines.append("… and \(mismatches.count - limit) more") }
    lines += fitLines(limit: limit)
    return lines.joined(separator: "\n")
  }

  /// Reports as JSON, keys sorted.
  public func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  /// Combines reports of shards of one suite into one.
  ///
  /// Each report is checked with ``validate()`` first, and the counts are summed with overflow
  /// checks, so reports read from files can neither trap nor wrap around.
  ///
  /// - Parameter reports: The shards' reports.
  /// - Returns: One report: totals summed, mismatches concatenated, causes merged.
  /// - Throws: ``GoldenError/Code/malformedGolden`` for a report ``validate()`` refuses, or
  ///   when the totals add up to more than `Int.max`.
  public static func merge(_ reports: [GoldenReport]) throws(GoldenError) -> GoldenReport {
    var total = 0
    var differing = 0
    for report in reports {
      try report.validate()
      let sum = total.addingReportingOverflow(report.total)
      let differingSum = differing.addingReportingOverflow(report.differing)
      guard !sum.overflow, !differingSum.overflow else {
        throw GoldenError(
          .malformedGolden,
          "the reports' \(sum.overflow ? "totals" : "differing counts") add up to more than "
            + "\(Int.max); a report's counts are wrong")
      }
      total = sum.partialValue
      differing = differingSum.partialValue
    }
    var causes: [String] = []
    for cause in reports.flatMap(\.causes) where !causes.contains(cause) { causes.append(cause) }
    var notes: [String] = []
    for note in reports.flatMap(\.notes) where !notes.contains(note) { notes.append(note) }
    let goldens = Set(reports.map(\.golden)).sorted()
    var merged = GoldenReport(
      golden: goldens.joined(separator: ", "), shards: reports.flatMap(\.shards).sorted(),
      total: total, differing: differing,
      mismatches: reports.flatMap(\.mismatches).sorted { $0.id < $1.id }, causes: causes,
      notes: notes)
    merged.textFits =
      reports.contains { $0.textFits != nil } ? reports.flatMap { $0.textFits ?? [] } : nil
    merged.mustFitFailures =
      reports.contains { $0.mustFitFailures != nil }
      ? reports.flatMap { $0.mustFitFailures ?? [] } : nil
    return merged
  }

  // MARK: - Validation

  /// The values ``Mismatch/kind`` takes.
  public static let mismatchKinds = ["changed", "missing", "new"]

  /// Checks that the report is one `GoldenComparison.compare` could have made: what to call on
  /// a report read from a file before using its numbers.
  ///
  /// - ``total`` and ``differing`` are ≥ 0;
  /// - ``differing`` is the number of ``mismatches``;
  /// - the `changed` and `missing` mismatches (cases of the golden file) are at most ``total``;
  /// - every mismatch's kind is one of ``mismatchKinds``, and every field holds two values,
  ///   expected and actual;
  /// - every shard is `K/N` with 1 ≤ K ≤ N.
  ///
  /// ```swift
  /// let report = try JSONDecoder().decode(GoldenReport.self, from: data)
  /// try report.validate()  // "total" is -1; a count of cases is ≥ 0
  /// ```
  ///
  /// - Throws: ``GoldenError/Code/malformedGolden`` naming the field (`total`,
  ///   `mismatches[3].fields.width`) and what would be valid.
  public func validate() throws(GoldenError) {
    func bad(_ field: String, _ problem: String) -> GoldenError {
      GoldenError(.malformedGolden, "\"\(field)\" \(problem)")
    }
    guard total >= 0 else { throw bad("total", "is \(total); a count of cases is ≥ 0") }
    guard differing >= 0 else {
      throw bad("differing", "is \(differing); a count of cases is ≥ 0")
    }
    guard differing == mismatches.count else {
      throw bad(
        "differing",
        "is \(differing), but \"mismatches\" lists \(mismatches.count) cases; they must agree")
    }
    var inGolden = 0
    for (index, mismatch) in mismatches.enumerated() {
      guard Self.mismatchKinds.contains(mismatch.kind) else {
        throw bad(
          "mismatches[\(index)].kind",
          "is \"\(mismatch.kind)\"; use one of \(Self.mismatchKinds.joined(separator: ", "))")
      }
      if mismatch.kind != "new" { inGolden += 1 }
      for (key, values) in mismatch.fields.sorted(by: { $0.key < $1.key }) where values.count != 2 {
        throw bad(
          "mismatches[\(index)].fields.\(key)",
          "has \(values.count) value\(values.count == 1 ? "" : "s"); a field holds two, expected "
            + "and actual")
      }
    }
    guard inGolden <= total else {
      let listed =
        inGolden == 1 ? "1 case of the golden file is" : "\(inGolden) cases of the golden file are"
      throw bad(
        "total",
        "is \(total), but \(listed) listed as changed or missing; the total counts every case "
          + "of the golden file")
    }
    for (index, shard) in shards.enumerated() {
      do throws(GoldenError) {
        _ = try GoldenShard(parsing: shard)
      } catch {
        throw bad("shards[\(index)]", "is \"\(shard)\": \(error.message)")
      }
    }
  }

  private static func order(_ field: String) -> Int {
    [
      "sizing", "target", "strategy", "pointSize", "width", "height", "lines", "truncated",
      "breaks",
    ].firstIndex(of: field) ?? 9
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

extension GoldenReport {
  private enum CodingKeys: String, CodingKey {
    case golden, shards, total, differing, mismatches, causes, notes, textFits, mustFitFailures
  }

  /// Decodes a report; one without `notes`, `textFits` or `mustFitFailures` (written before
  /// they existed) has none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      golden: try container.decode(String.self, forKey: .golden),
      shards: try container.decode([String].self, forKey: .shards),
      total: try container.decode(Int.self, forKey: .total),
      differing: try container.decode(Int.self, forKey: .differing),
      mismatches: try container.decode([Mismatch].self, forKey: .mismatches),
      causes: try container.decode([String].self, forKey: .causes),
      notes: try container.decodeIfPresent([String].self, forKey: .notes) ?? [])
    textFits = try container.decodeIfPresent([GoldenTextFit].self, forKey: .textFits)
    mustFitFailures = try container.decodeIfPresent([String].self, forKey: .mustFitFailures)
  }
}

/// Compares measured results with a golden file.
public enum GoldenComparison {
  /// Compares two golden files: the recorded one and one measured now.
  ///
  /// Sizes compare within the recorded tolerance (0.01 pt by default); point sizes, line counts,
  /// truncation and breaks compare exactly. Where the measured case was laid out with another
  /// sizing, target or line-break strategy than the recorded one (a changed cases file, or a
  /// format 1 file's `none`), those differ too, which explains the numbers. A golden file in
  /// format 1 gets a note saying it predates the label defaults.
  ///
  /// - Parameters:
  ///   - expected: The recorded golden file.
  ///   - actual: The same cases measured now.
  ///   - name: The golden file's path, for the report.
  /// - Returns: The report.
  public static func compare(
    expected: GoldenFile, actual: GoldenFile, name: String
  ) -> GoldenReport {
    let tolerance = expected.header.sizeTolerance + 1e-9
    let measured = Dictionary(actual.records.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let recorded = Set(expected.records.map(\.id))
    var mismatches: [GoldenReport.Mismatch] = []
    for record in expected.records {
      let text = GoldenText.escape(record.testCase.text)
      guard let now = measured[record.id] else {
        mismatches.append(.init(id: record.id, text: text, kind: "missing", fields: [:]))
        continue
      }
      var fields: [String: [String]] = [:]
      let (was, measuredCase) = (record.testCase, now.testCase)
      if let recorded = was.sizing, let measured = measuredCase.sizing, recorded != measured {
        fields["sizing"] = [recorded.rawValue, measured.rawValue]
      }
      if was.target != measuredCase.target {
        fields["target"] = [
          GoldenCase.name(of: was.target), GoldenCase.name(of: measuredCase.target),
        ]
      }
      if was.effectiveStrategy != measuredCase.effectiveStrategy {
        fields["strategy"] = [
          was.effectiveStrategy.description, measuredCase.effectiveStrategy.description,
        ]
      }
      if record.pointSize != now.pointSize {
        fields["pointSize"] = [
          GoldenRecord.number(record.pointSize), GoldenRecord.number(now.pointSize),
        ]
      }
      if abs(record.width - now.width) > tolerance {
        fields["width"] = [GoldenRecord.number(record.width), GoldenRecord.number(now.width)]
      }
      if abs(record.height - now.height) > tolerance {
        fields["height"] = [GoldenRecord.number(record.height), GoldenRecord.number(now.height)]
      }
      if record.lineCount != now.lineCount {
        fields["lines"] = [String(record.lineCount), String(now.lineCount)]
      }
      if record.isTruncated != now.isTruncated {
        fields["truncated"] = [record.isTruncated ? "1" : "0", now.isTruncated ? "1" : "0"]
      }
      if record.breaks != now.breaks {
        fields["breaks"] = [Self.breaks(record.breaks), Self.breaks(now.breaks)]
      }
      if !fields.isEmpty {
        mismatches.append(.init(id: record.id, text: text, kind: "changed", fields: fields))
      }
    }
    for record in actual.records where !recorded.contains(record.id) {
      mismatches.append(
        .init(
          id: record.id, text: GoldenText.escape(record.testCase.text), kind: "new", fields: [:]))
    }
    return GoldenReport(
      golden: name, shards: (expected.header.shard ?? actual.header.shard).map { [$0] } ?? [],
      total: expected.records.count, differing: mismatches.count, mismatches: mismatches,
      causes: mismatches.isEmpty ? [] : causes(expected: expected.header, actual: actual.header),
      notes: notes(expected: expected.header))
  }

  /// Notes on the recorded file: a format older than ``GoldenFile/formatVersion``.
  static func notes(expected: GoldenHeader) -> [String] {
    guard expected.formatVersion < GoldenFile.formatVersion else { return [] }
    return [
      "the golden file is format \(expected.formatVersion), recorded before TypeScale laid text "
        + "out as a UILabel does: its strategy \"standard\" (ICU's plain rules then) reads as "
        + "\"none\", and its point sizes as UIFontMetrics scaling; record it again to write "
        + "format \(GoldenFile.formatVersion) with the label's defaults"
    ]
  }

  /// What changed between the recording and now, most likely cause first.
  static func causes(expected: GoldenHeader, actual: GoldenHeader) -> [String] {
    var causes: [String] = []
    for (key, digest) in expected.fontDigests.sorted(by: { $0.key < $1.key }) {
      guard let now = actual.fontDigests[key] else { continue }
      if now != digest {
        causes.append(
          "font file changed: \(key) (sha256 \(digest.prefix(12))… → \(now.prefix(12))…)")
      }
    }
    for key in actual.fontDigests.keys.sorted() where expected.fontDigests[key] == nil {
      causes.append("font file added: \(key)")
    }
    for library in GoldenHeader.libraries {
      let was = expected.versions[library] ?? "unknown"
      let now = actual.versions[library] ?? "unknown"
      if was != now { causes.append("\(library) version changed: \(was) → \(now)") }
    }
    if causes.isEmpty {
      causes.append(
        "the layout changed: fonts and library versions are as recorded (a change in "
          + "TypeScale's code or options, or an edited golden file)")
    }
    return causes
  }

  private static func breaks(_ offsets: [Int]) -> String {
    offsets.isEmpty ? "-" : offsets.map(String.init).joined(separator: ";")
  }
}
