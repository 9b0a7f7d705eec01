// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// The result of comparing measured cases with a golden file: how many differ, how, and the
/// likely cause — machine-readable (`Codable`) and with a message a person can act on.
public struct GoldenReport: Codable, Hashable, Sendable {
  /// One case that differs.
  public struct Mismatch: Codable, Hashable, Sendable {
    /// The case id (the new one, for a renamed case).
    public var id: String
    /// The text as measured now (as recorded, for a `missing` case), escaped as in golden files.
    public var text: String
    /// How a case differs.
    ///
    /// The raw values are the strings a report's JSON and message use (`"changed"`), so
    /// reports written before this type existed decode unchanged.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
      /// A case of the golden file measured now with other results or inputs.
      case changed
      /// In the golden file, not measured (a case removed?).
      case missing
      /// Measured, not in the golden file (a case added?).
      case new
      /// A case of the golden file measured now under another id, with everything else as
      /// recorded: its `id` field holds [old, new].
      case renamed

      /// Decodes a kind, refusing an unknown one by name and with the valid ones.
      ///
      /// - Parameter decoder: The decoder.
      /// - Throws: `DecodingError.dataCorrupted` for a string that is not a kind, such as
      ///   `is "gone"; use one of changed, missing, new, renamed`.
      public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let kind = Kind(rawValue: text) else {
          throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "is \"\(text)\"; use one of "
              + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self = kind
      }
    }

    /// How the case differs: `changed`, `missing`, `new` or `renamed`.
    public var kind: Kind
    /// Each differing quantity: name → [expected, actual], as the golden file writes them.
    ///
    /// Inputs of the case (``GoldenComparison/inputFields``: `text`, `font`, `style`,
    /// `category`, `widthLimit`, `lineLimit`, `truncation`, `sizing`, `target`, `strategy`,
    /// `language`, and `id` for a rename) come before measurements (`pointSize`, `width`,
    /// `height`, `lines`, `truncated`, `breaks`).
    public var fields: [String: [String]]

    /// Creates a mismatch.
    ///
    /// - Parameters:
    ///   - id: The case id.
    ///   - text: The text, escaped as in golden files.
    ///   - kind: How the case differs.
    ///   - fields: Each differing quantity: name → [expected, actual].
    public init(id: String, text: String, kind: Kind, fields: [String: [String]]) {
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
  /// Likely causes, in this order: the cases file changed (texts changed, cases added, removed,
  /// renamed, other inputs), a font file's digest changed, a library version changed, the
  /// layout itself changed.
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
  /// The strict texts with characters no font draws, whether or not they match the golden file.
  ///
  /// Strict: the cases file's `"strict": true`, or `--strict`. Named as
  /// ``GoldenMissingGlyphs/text`` names them (`set/text/font`); `nil` when there are none.
  /// Golden files do not record missing characters, so a comparison never sets this:
  /// `typescale goldens verify` does, from ``GoldenMeasurer/strictMissingGlyphs``.
  public var missingGlyphs: [String]?

  /// Whether every case matched, every case that must fit fits and no strict text has
  /// characters no font draws.
  public var passed: Bool {
    differing == 0 && (mustFitFailures ?? []).isEmpty && (missingGlyphs ?? []).isEmpty
  }

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
      let headline =
        unfit > 0
        ? "\(unfit) of \(total) cases must fit and do not; all match \(golden)"
        : "\(Self.strictTexts(missingGlyphs?.count ?? 0)) characters no font draws; all "
          + "\(total) cases match \(golden)"
      return
        ([headline] + noteLines + fitLines(limit: limit) + missingGlyphsLines(limit: limit))
        .joined(separator: "\n")
    }
    let added = mismatches.count { $0.kind == .new }
    var lines = [
      "\(differing) of \(total) cases differ from \(golden)"
        + (added == 0 ? "" : " (\(added) of them new, not in the golden file)")
    ]
    lines += noteLines
    for cause in causes { lines.append("likely cause: \(cause)") }
    lines.append("")
    let shown = mismatches.prefix(limit)
    let idWidth = min(60, shown.map(\.id.count).max() ?? 4)
    lines.append(Self.pad("case", idWidth) + "  expected → actual")
    for mismatch in shown {
      let detail: String
      switch mismatch.kind {
      case .missing: detail = "in the golden file, not measured (case removed?)"
      case .new: detail = "measured, not in the golden file (case added?)"
      case .changed, .renamed: detail = Self.describe(mismatch)
      }
      lines.append(Self.pad(mismatch.id, idWidth) + "  " + detail)
    }
    if mismatches.count > limit { lines.append("… and \(mismatches.count - limit) more") }
    lines += fitLines(limit: limit)
    lines += missingGlyphsLines(limit: limit)
    return lines.joined(separator: "\n")
  }

  /// `1 strict text has`, `2 strict texts have`.
  private static func strictTexts(_ count: Int) -> String {
    count == 1 ? "1 strict text has" : "\(count) strict texts have"
  }

  /// The message lines on ``missingGlyphs``: a blank line and `2 strict texts have characters
  /// no font draws ("strict"): a, b`, or none.
  func missingGlyphsLines(limit: Int) -> [String] {
    guard let texts = missingGlyphs, !texts.isEmpty else { return [] }
    let shown = texts.prefix(max(1, limit)).joined(separator: ", ")
    let more = texts.count > max(1, limit) ? ", … and \(texts.count - max(1, limit)) more" : ""
    return [
      "", "\(Self.strictTexts(texts.count)) characters no font draws (\"strict\"): \(shown)\(more)",
    ]
  }

  /// Reports as JSON on one line, the format of every `--json` output of `typescale`.
  ///
  /// Keys come in the order of this type's properties (`golden`, `shards`, `total`,
  /// `differing`, `mismatches`, `causes`, `notes`, then `textFits`, `mustFitFailures` and
  /// `missingGlyphs` when present), a mismatch's fields in the order ``message(limit:)`` lists them (inputs, then
  /// measurements). Widths are written in full, so the report decodes (`Decodable`) to an equal
  /// value; a non-finite number, which JSON cannot spell, is written as `null`. Unlike
  /// `JSONEncoder`'s output the bytes are the same on every platform.
  ///
  /// ```
  /// {"golden": "ui.golden", "shards": [], "total": 2, "differing": 0, "mismatches": [], …}
  /// ```
  ///
  /// - Returns: The report as one line of JSON, without a trailing newline.
  public func json() -> String {
    jsonValue.text()
  }

  /// The report as a JSON value, keys in order.
  var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("golden", .string(golden)), ("shards", JSONValue(shards)), ("total", .integer(total)),
      ("differing", .integer(differing)), ("mismatches", .array(mismatches.map(\.jsonValue))),
      ("causes", JSONValue(causes)), ("notes", JSONValue(notes)),
    ]
    if let textFits { members.append(("textFits", .array(textFits.map(\.jsonValue)))) }
    if let mustFitFailures { members.append(("mustFitFailures", JSONValue(mustFitFailures))) }
    if let missingGlyphs { members.append(("missingGlyphs", JSONValue(missingGlyphs))) }
    return .object(members)
  }

  /// Combines reports of shards of one suite into one.
  ///
  /// Each report is checked with ``validate()`` first, and the counts are summed with overflow
  /// checks, so reports read from files can neither trap nor wrap around.
  ///
  /// - Parameter reports: The shards' reports.
  /// - Returns: One report: totals summed, mismatches concatenated, causes merged (the changes
  ///   of the cases — texts, added, removed, renamed — named again for all the mismatches).
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
    var notes: [String] = []
    for note in reports.flatMap(\.notes) where !notes.contains(note) { notes.append(note) }
    let goldens = Set(reports.map(\.golden)).sorted()
    let mismatches = reports.flatMap(\.mismatches).sorted { $0.id < $1.id }
    var merged = GoldenReport(
      golden: goldens.joined(separator: ", "), shards: reports.flatMap(\.shards).sorted(),
      total: total, differing: differing, mismatches: mismatches,
      causes: GoldenComparison.mergedCauses(reports, mismatches: mismatches), notes: notes)
    merged.textFits =
      reports.contains { $0.textFits != nil } ? reports.flatMap { $0.textFits ?? [] } : nil
    merged.mustFitFailures =
      reports.contains { $0.mustFitFailures != nil }
      ? reports.flatMap { $0.mustFitFailures ?? [] } : nil
    merged.missingGlyphs =
      reports.contains { $0.missingGlyphs != nil }
      ? reports.flatMap { $0.missingGlyphs ?? [] } : nil
    return merged
  }

  // MARK: - Validation

  /// The values ``Mismatch/kind`` takes, as their JSON spells them.
  public static let mismatchKinds = Mismatch.Kind.allCases.map(\.rawValue)

  /// Checks that the report is one `GoldenComparison.compare` could have made: what to call on
  /// a report read from a file before using its numbers.
  ///
  /// - ``total`` and ``differing`` are ≥ 0;
  /// - ``differing`` is the number of ``mismatches``;
  /// - the `changed`, `missing` and `renamed` mismatches (cases of the golden file) are at most
  ///   ``total``;
  /// - every field of a mismatch holds two values, expected and actual, and a `renamed`
  ///   mismatch has an `id` field, [old, new] (an unknown kind is refused when decoding);
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
    func bad(
      _ field: String, _ problem: String, cause: (any Error & Sendable)? = nil
    ) -> GoldenError {
      GoldenError(.malformedGolden, "\"\(field)\" \(problem)", cause: cause)
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
      if mismatch.kind != .new { inGolden += 1 }
      for (key, values) in mismatch.fields.sorted(by: { $0.key < $1.key }) where values.count != 2 {
        throw bad(
          "mismatches[\(index)].fields.\(key)",
          "has \(values.count) value\(values.count == 1 ? "" : "s"); a field holds two, expected "
            + "and actual")
      }
      if mismatch.kind == .renamed, mismatch.fields["id"] == nil {
        throw bad(
          "mismatches[\(index)].fields",
          "has no \"id\"; a renamed case names its old and new id, [old, new]")
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
      do throws(TypeScaleError) {
        _ = try Shard(parsing: shard)
      } catch {
        throw bad("shards[\(index)]", "is \"\(shard)\": \(error.message)", cause: error)
      }
    }
  }

  /// A mismatch's fields in the order the message lists them: inputs, then measurements.
  static func orderedFields(_ fields: [String: [String]]) -> [(key: String, value: [String])] {
    fields.sorted { (order($0.key), $0.key) < (order($1.key), $1.key) }
  }

  private static func order(_ field: String) -> Int {
    Field(rawValue: field).flatMap { Field.allCases.firstIndex(of: $0) } ?? Field.allCases.count
  }

  /// A changed or renamed case's row: `renamed from <old id>`, then each field, expected →
  /// actual, texts in quotes.
  private static func describe(_ mismatch: Mismatch) -> String {
    orderedFields(mismatch.fields)
      .map { key, values in
        let old = values.first ?? "?"
        let new = values.dropFirst().first ?? "?"
        switch key {
        case "id": return "renamed from \(old)"
        case "text": return "text \"\(old)\" → \"\(new)\""
        default: return "\(key) \(old) → \(new)"
        }
      }.joined(separator: ", ")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}

extension GoldenReport {
  private enum CodingKeys: String, CodingKey {
    case golden, shards, total, differing, mismatches, causes, notes, textFits, mustFitFailures
    case missingGlyphs
  }

  /// Decodes a report; one without `notes`, `textFits`, `mustFitFailures` or `missingGlyphs`
  /// (written before they existed) has none.
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
    missingGlyphs = try container.decodeIfPresent([String].self, forKey: .missingGlyphs)
  }
}

/// Compares measured results with a golden file.
public enum GoldenComparison {
  /// Compares two golden files: the recorded one and one measured now.
  ///
  /// Sizes compare within the recorded tolerance (0.01 pt by default); point sizes, line counts,
  /// truncation and breaks compare exactly. Where the measured case has other inputs than the
  /// recorded one — its text, sizing, target or line-break strategy (a changed cases file, or a
  /// format 1 file's `none`) — those differ too, which explains the numbers. A recorded case
  /// whose id is gone and a measured one whose id is new that match in everything but the id
  /// are one case renamed (``renames(from:to:)``), kind `renamed`, not a removal and an
  /// addition. A golden file in format 1 gets a note saying it predates the label defaults.
  ///
  /// The causes come in this order, each naming what changed: the cases file (its digest, when
  /// both headers record it; then `text of <id>: "Cancel" → "Cancel subscription"`, cases
  /// added, removed, renamed, other inputs), font files, library versions, and the layout
  /// itself only for cases whose inputs are as recorded.
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
    let measured = Dictionary(
      actual.measurements.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let recorded = Set(expected.measurements.map(\.id))
    let renames = Self.renames(
      from: expected.measurements.filter { measured[$0.id] == nil }.map(\.testCase),
      to: actual.measurements.filter { !recorded.contains($0.id) }.map(\.testCase))
    let renamedTo = Set(renames.values)
    var mismatches: [GoldenReport.Mismatch] = []
    for record in expected.measurements {
      let newID = renames[record.id]
      guard let now = measured[newID ?? record.id] else {
        mismatches.append(
          .init(
            id: record.id, text: GoldenText.escape(record.testCase.text), kind: .missing,
            fields: [:]))
        continue
      }
      var fields = inputChanges(record.testCase, now.testCase)
      if let newID { fields["id"] = [record.id, newID] }
      // An Android size in dp is px ÷ density, a fraction the file holds to 3 decimals: it
      // compares as written. iOS sizes compare exactly.
      let sizeChanged =
        now.testCase.isAndroid
        ? GoldenMeasurement.number(record.pointSize) != GoldenMeasurement.number(now.pointSize)
        : record.pointSize != now.pointSize
      if sizeChanged {
        fields["pointSize"] = [
          GoldenMeasurement.number(record.pointSize), GoldenMeasurement.number(now.pointSize),
        ]
      }
      if abs(record.width - now.width) > tolerance {
        fields["width"] = [
          GoldenMeasurement.number(record.width), GoldenMeasurement.number(now.width),
        ]
      }
      if abs(record.height - now.height) > tolerance {
        fields["height"] = [
          GoldenMeasurement.number(record.height), GoldenMeasurement.number(now.height),
        ]
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
        mismatches.append(
          .init(
            id: now.id, text: GoldenText.escape(now.testCase.text),
            kind: newID == nil ? .changed : .renamed, fields: fields))
      }
    }
    for record in actual.measurements
    where !recorded.contains(record.id) && !renamedTo.contains(record.id) {
      mismatches.append(
        .init(
          id: record.id, text: GoldenText.escape(record.testCase.text), kind: .new, fields: [:]))
    }
    return GoldenReport(
      golden: name, shards: (expected.header.shard ?? actual.header.shard).map { [$0] } ?? [],
      total: expected.measurements.count, differing: mismatches.count, mismatches: mismatches,
      causes: causes(expected: expected.header, actual: actual.header, mismatches: mismatches),
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

  /// What changed between the recording and now, in the report's order: the cases file and
  /// its changes, fonts, library versions, the layout.
  static func causes(
    expected: GoldenHeader, actual: GoldenHeader, mismatches: [GoldenReport.Mismatch]
  ) -> [String] {
    let header = headerCauses(expected: expected, actual: actual)
    return causes(casesFile: header.casesFile, other: header.other, mismatches: mismatches)
  }

  private static func breaks(_ offsets: [Int]) -> String {
    offsets.isEmpty ? "-" : offsets.map(String.init).joined(separator: ";")
  }
}

extension GoldenReport.Mismatch {
  /// The mismatch as a JSON object: `id`, `text`, `kind`, then `fields` in message order.
  var jsonValue: JSONValue {
    let fields = GoldenReport.orderedFields(fields).map {
      (key: $0.key, value: JSONValue($0.value))
    }
    return [
      "id": .string(id), "text": .string(text), "kind": .string(kind.rawValue),
      "fields": .object(fields),
    ]
  }
}

extension GoldenTextFit {
  /// The text as a JSON object, keys in the order of its properties; `nil` ones left out.
  var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(name)), ("text", .string(text)),
    ]
    if let recordedText { members.append(("recordedText", .string(recordedText))) }
    if let recorded { members.append(("recorded", JSONValue(recorded))) }
    if let current { members.append(("current", JSONValue(current))) }
    members.append(("summary", .string(summary)))
    members.append(("cases", .array(cases.map(\.jsonValue))))
    return .object(members)
  }
}

extension GoldenTextFit.Case {
  /// The case as a JSON object, keys in the order of its properties; `nil` ones left out.
  var jsonValue: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("id", .string(id)), ("category", .string(category)), ("state", .string(state)),
    ]
    if let width { members.append(("width", .double(width))) }
    members += [
      ("lineLimit", .integer(lineLimit)), ("measuredWidth", .double(measuredWidth)),
      ("lines", .integer(lines)),
    ]
    if let unwrappedWidth { members.append(("unwrappedWidth", .double(unwrappedWidth))) }
    if let neededLines { members.append(("neededLines", .integer(neededLines))) }
    members.append(("mustFit", .bool(mustFit)))
    return .object(members)
  }
}
