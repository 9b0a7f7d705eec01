// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals
import TypeScaleMetrics

/// Where one text of a golden suite fits across the categories measured and where it stops,
/// with what its failing cases need: the per-text part of a failure message.
///
/// A *text* is every case that shares all inputs but the category: the cases a cases file's set
/// expands from one text, font, style and width (their ids differ only in the category part,
/// which the ``name`` shows as `*`). Its ``summary`` reads as a person would say it — `fits
/// through XL; truncated from XXL`, `fits through M; wraps to 2 lines from L`, `overflows the
/// 120 pt width from AX1` — for the recorded and the current measurement when they differ
/// (`was: fits through XXXL; now: fits through XL, truncated from XXL`). Each failing case gives
/// the width its text needs unwrapped against its box and the lines it needs against its limit,
/// not the truncated width a golden record holds.
///
/// ```
/// buttons/cancel/default/body/*/180 "Cancel subscription"
///   was: fits through XXXL; now: fits through XL, truncated from XXL
///   XXL: truncated; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, limit 1
/// ```
///
/// A case *fits* when it is not truncated and, when it has a width, its exact width is at most
/// that width plus the golden file's size tolerance (0.01 pt) — ``GoldenMeasurement/fits(tolerance:)``.
/// A `UILabel` draws a text wider than its bounds clipped; TypeScale reports it instead.
public struct GoldenTextFit: Codable, Hashable, Sendable {
  /// One failing case of the text, as measured now.
  public struct Case: Codable, Hashable, Sendable {
    /// The case id.
    public var id: String
    /// The category's short name (`XXL`, `AX1`).
    public var category: String
    /// `fits`, `truncated` or `overflows` (wider than its width).
    public var state: String
    /// The box: the case's width in points, or `nil` when unwrapped.
    public var width: Double?
    /// The case's line limit; 0 for none.
    public var lineLimit: Int
    /// The width measured, in points (cut to the box when truncated).
    public var measuredWidth: Double
    /// The lines measured.
    public var lines: Int
    /// The width the text needs on one line per paragraph, in points, or `nil` when it could not
    /// be laid out again (a font file that is gone).
    public var unwrappedWidth: Double?
    /// The lines the text needs at its width with no limit, or `nil` as for ``unwrappedWidth``.
    public var neededLines: Int?
    /// Whether the case must fit (the cases file's `mustFit`).
    public var mustFit: Bool
    /// The unit of the widths: `pt`, or `dp` for an Android case (whose ``category`` is its
    /// font scale, `1.5x`; no content-size category's short name ends in `x`).
    public var unit: String { category.hasSuffix("x") ? "dp" : "pt" }

    /// Creates a case.
    ///
    /// - Parameters:
    ///   - id: The case id.
    ///   - category: The category's short name.
    ///   - state: `fits`, `truncated` or `overflows`.
    ///   - width: The box's width in points, or `nil`.
    ///   - lineLimit: The line limit; 0 for none.
    ///   - measuredWidth: The width measured, in points.
    ///   - lines: The lines measured.
    ///   - unwrappedWidth: The width needed unwrapped, in points, or `nil`.
    ///   - neededLines: The lines needed with no limit, or `nil`.
    ///   - mustFit: Whether the case must fit.
    public init(
      id: String, category: String, state: String, width: Double?, lineLimit: Int,
      measuredWidth: Double, lines: Int, unwrappedWidth: Double?, neededLines: Int?,
      mustFit: Bool
    ) {
      self.id = id
      self.category = category
      self.state = state
      self.width = width
      self.lineLimit = lineLimit
      self.measuredWidth = measuredWidth
      self.lines = lines
      self.unwrappedWidth = unwrappedWidth
      self.neededLines = neededLines
      self.mustFit = mustFit
    }
  }

  /// The text's name: its case ids with `*` for the category part
  /// (`buttons/cancel/default/body/*/180`), or for ids without one its font, style, width and
  /// line limit (`default/body/*/180/1`).
  public var name: String
  /// The text now (or as recorded, when it is no longer measured), escaped as in golden files.
  public var text: String
  /// The text as recorded, when it differs from ``text``.
  public var recordedText: String?
  /// The recorded phases, smallest category first (`fits through XXXL`,
  /// `truncated from AX1`), or `nil` when the golden file has no case of the text.
  public var recorded: [String]?
  /// The phases measured now, or `nil` when no case of the text is measured now.
  public var current: [String]?
  /// The phases as one sentence: `fits through XL; truncated from XXL`, or
  /// `was: fits through XXXL; now: fits through XL, truncated from XXL` when they changed.
  public var summary: String
  /// The text's failing cases (changed, added, or must fit and do not), in file order.
  public var cases: [Case]

  /// Creates a summary.
  ///
  /// - Parameters:
  ///   - name: The text's name.
  ///   - text: The text, escaped.
  ///   - recordedText: The recorded text when it differs, or `nil`.
  ///   - recorded: The recorded phases, or `nil`.
  ///   - current: The phases now, or `nil`.
  ///   - cases: The failing cases.
  public init(
    name: String, text: String, recordedText: String? = nil, recorded: [String]?,
    current: [String]?, cases: [Case]
  ) {
    self.name = name
    self.text = text
    self.recordedText = recordedText
    self.recorded = recorded
    self.current = current
    self.summary = Self.sentence(recorded: recorded, current: current)
    self.cases = cases
  }

  /// The phases as one sentence, with `was:` and `now:` when they differ.
  static func sentence(recorded: [String]?, current: [String]?) -> String {
    switch (recorded, current) {
    case (let was?, let now?) where was == now: now.joined(separator: "; ")
    case (let was?, let now?):
      "was: \(was.joined(separator: ", ")); now: \(now.joined(separator: ", "))"
    case (nil, let now?): now.joined(separator: "; ")
    case (let was?, nil): "was: \(was.joined(separator: ", ")); not measured now"
    case (nil, nil): "not measured"
    }
  }

  // MARK: - Message

  /// The message lines for texts: a name line, the summary, and a line per failing case.
  ///
  /// - Parameters:
  ///   - texts: The texts.
  ///   - limit: How many texts to show; at most 12 cases of each are.
  /// - Returns: The lines, or none for no texts.
  static func messageLines(_ texts: [GoldenTextFit], limit: Int) -> [String] {
    let limit = max(0, limit)
    var lines: [String] = []
    for text in texts.prefix(limit) {
      let quoted =
        text.recordedText.map { "\"\($0)\" → \"\(text.text)\"" } ?? "\"\(text.text)\""
      lines.append("\(text.name) \(quoted)")
      lines.append("  " + text.summary)
      for item in text.cases.prefix(12) { lines.append("  " + line(for: item)) }
      if text.cases.count > 12 { lines.append("  … and \(text.cases.count - 12) more cases") }
    }
    if texts.count > limit { lines.append("… and \(texts.count - limit) more texts") }
    return lines
  }

  /// `XXL: truncated; needs 192.612 pt unwrapped, box 180 pt; needs 2 lines, limit 1`.
  static func line(for item: Case) -> String {
    let state =
      switch item.state {
      case "truncated": "truncated"
      case "overflows":
        "overflows (\(GoldenMeasurement.number(item.measuredWidth)) \(item.unit) wide)"
      default: item.lines == 1 ? "fits" : "fits on \(item.lines) lines"
      }
    let box =
      item.width.map { "box \(NumberText.fixed($0, decimals: 3, trimsZeros: true)) \(item.unit)" }
      ?? "no width"
    let limit = item.lineLimit == 0 ? "no limit" : "limit \(item.lineLimit)"
    var line = "\(item.category): \(state)\(item.mustFit ? ", must fit" : "")"
    if let width = item.unwrappedWidth, let lines = item.neededLines {
      line += "; needs \(GoldenMeasurement.number(width)) \(item.unit) unwrapped, \(box)"
      line += "; needs \(lines) line\(lines == 1 ? "" : "s"), \(limit)"
    } else {
      line += "; \(GoldenMeasurement.number(item.measuredWidth)) \(item.unit) wide, \(box)"
      line += "; \(item.lines) line\(item.lines == 1 ? "" : "s"), \(limit)"
    }
    return line
  }
}

extension GoldenMeasurement {
  /// Whether the case fits: not truncated, and no wider than its width (when it has one) plus
  /// `tolerance`.
  ///
  /// - Parameter tolerance: The size tolerance in points; a golden header's, 0.01 pt by default.
  /// - Returns: `true` when it fits.
  public func fits(tolerance: Double = 0.01) -> Bool {
    GoldenFitState(self, tolerance: tolerance) == .fits(lines: lineCount)
  }
}

// MARK: - Phases

/// How a measured case stands against its box.
enum GoldenFitState: Hashable {
  case fits(lines: Int)
  case truncated
  /// Wider than `width` (the box, in points).
  case overflows(width: Double)

  init(_ record: GoldenMeasurement, tolerance: Double) {
    if record.isTruncated {
      self = .truncated
    } else if let width = record.testCase.width, record.width > width + tolerance + 1e-9 {
      self = .overflows(width: width)
    } else {
      self = .fits(lines: record.lineCount)
    }
  }

  var name: String {
    switch self {
    case .fits: "fits"
    case .truncated: "truncated"
    case .overflows: "overflows"
    }
  }
}

/// One size step of a text's fit summary: a content-size category or an Android font scale.
struct GoldenFitStep: Equatable {
  /// Where the step sorts: the category's index, or the font scale.
  let order: Double
  /// The name summaries write: `AX3`, `1.5×`.
  let name: String

  init(_ test: GoldenCase) {
    order = test.stepOrder
    name = test.stepDisplayName
  }

  init(_ category: ContentSizeCategory) {
    order = Double(ContentSizeCategory.allCases.firstIndex(of: category) ?? 0)
    name = category.shortName
  }
}

/// The cases of a file grouped by text (every input but the size step), in file order, with
/// each case's fit state: enough to say where a text fits without holding its measurements.
struct GoldenFitGroups {
  struct Group {
    var name: String
    var text: String
    /// The unit widths are in: `pt`, or `dp` for Android cases.
    var unit: String
    var states: [(step: GoldenFitStep, state: GoldenFitState)] = []
  }

  let tolerance: Double
  private(set) var order: [String] = []
  private(set) var groups: [String: Group] = [:]
  /// The group key of each case id added.
  private(set) var keys: [String: String] = [:]

  init(tolerance: Double) {
    self.tolerance = tolerance
  }

  init(_ measurements: [GoldenMeasurement], tolerance: Double) {
    self.init(tolerance: tolerance)
    for record in measurements { add(record) }
  }

  mutating func add(_ record: GoldenMeasurement) {
    let (key, name) = Self.key(of: record.testCase)
    keys[record.id] = key
    if groups[key] == nil {
      order.append(key)
      groups[key] = Group(
        name: name, text: GoldenText.escape(record.testCase.text),
        unit: record.testCase.isAndroid ? "dp" : "pt")
    }
    groups[key]?.states.append(
      (GoldenFitStep(record.testCase), GoldenFitState(record, tolerance: tolerance)))
  }

  /// The group key and name of a case: its id with the step part (category or font scale) as
  /// `*` when the id has one (as a cases file's ids do), else every input but the step.
  static func key(of test: GoldenCase) -> (key: String, name: String) {
    var parts = test.id.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if let index = parts.lastIndex(of: test.stepName) {
      parts[index] = "*"
      let name = parts.joined(separator: "/")
      return (name, name)
    }
    let width =
      test.width.map { NumberText.fixed($0, decimals: 3, trimsZeros: true) } ?? "unwrapped"
    let name = "\(test.font)/\(test.styleName)/*/\(width)/\(test.lineLimit)"
    var inputs = [
      test.text, name, test.truncation.rawValue, GoldenCase.name(of: test.target),
      test.effectiveStrategy.description, test.language ?? "-", test.sizing?.rawValue ?? "-",
    ]
    if let android = test.android { inputs.append(android.sizingName) }
    return (inputs.joined(separator: "\u{0}"), name)
  }

  /// The phases of a group, smallest step first.
  func phases(_ key: String) -> [String]? {
    guard let group = groups[key] else { return nil }
    return Self.phases(group.states, unit: group.unit)
  }

  /// `["fits through XL", "truncated from XXL"]`: runs of categories in one state.
  static func phases(
    _ states: [(category: ContentSizeCategory, state: GoldenFitState)]
  ) -> [String] {
    phases(states.map { (GoldenFitStep($0.category), $0.state) }, unit: "pt")
  }

  /// `["fits through 1.5×", "truncated from 1.8×"]`: runs of steps in one state.
  static func phases(
    _ states: [(step: GoldenFitStep, state: GoldenFitState)], unit: String
  ) -> [String] {
    let sorted = states.sorted { $0.step.order < $1.step.order }
    var runs: [(state: GoldenFitState, first: GoldenFitStep, last: GoldenFitStep)] = []
    for entry in sorted {
      if let last = runs.last, last.state == entry.state {
        runs[runs.count - 1].last = entry.step
      } else {
        runs.append((entry.state, entry.step, entry.step))
      }
    }
    var phases: [String] = []
    for (index, run) in runs.enumerated() {
      let previous = index > 0 ? runs[index - 1].state : nil
      let what = describe(run.state, after: previous, unit: unit)
      if runs.count == 1 {
        phases.append(
          run.first == run.last
            ? "\(what) at \(run.first.name)"
            : "\(what) from \(run.first.name) through \(run.last.name)")
      } else if index == 0 {
        phases.append(
          run.first == run.last
            ? "\(what) at \(run.first.name)" : "\(what) through \(run.last.name)")
      } else {
        phases.append("\(what) from \(run.first.name)")
      }
    }
    return phases
  }

  private static func describe(
    _ state: GoldenFitState, after previous: GoldenFitState?, unit: String
  ) -> String {
    switch state {
    case .truncated: return "truncated"
    case .overflows(let width):
      return "overflows the \(NumberText.fixed(width, decimals: 3, trimsZeros: true)) \(unit) width"
    case .fits(let lines):
      if case .fits(let before)? = previous, lines > before { return "wraps to \(lines) lines" }
      return lines == 1 ? "fits" : "fits on \(lines) lines"
    }
  }

  /// Texts for the groups of `failing` cases (in order), with their phases recorded and now.
  ///
  /// - Parameters:
  ///   - recorded: The recorded file's groups (empty when recording).
  ///   - current: The groups measured now.
  ///   - failing: The failing cases measured now, in file order.
  ///   - failingRecordedIDs: Failing ids measured only in the recorded file (removed cases).
  ///   - needs: What each failing case needs, by id.
  /// - Returns: One text per group with a failing case: those measured now first, in order.
  static func texts(
    recorded: GoldenFitGroups, current: GoldenFitGroups, failing: [GoldenMeasurement],
    failingRecordedIDs: [String], needs: [String: GoldenFitNeeds]
  ) -> [GoldenTextFit] {
    var order: [String] = []
    var cases: [String: [GoldenTextFit.Case]] = [:]
    for record in failing {
      guard let key = current.keys[record.id] else { continue }
      if cases[key] == nil { order.append(key) }
      let state = GoldenFitState(record, tolerance: current.tolerance)
      let need = needs[record.id]
      let fitCase = GoldenTextFit.Case(
        id: record.id, category: record.testCase.stepName, state: state.name,
        width: record.testCase.width, lineLimit: record.testCase.lineLimit,
        measuredWidth: record.width, lines: record.lineCount,
        unwrappedWidth: need?.unwrappedWidth, neededLines: need?.lines,
        mustFit: record.testCase.mustFit)
      cases[key, default: []].append(fitCase)
    }
    for id in failingRecordedIDs {
      guard let key = recorded.keys[id], cases[key] == nil else { continue }
      order.append(key)
      cases[key] = []
    }
    return order.compactMap { key in
      guard let group = current.groups[key] ?? recorded.groups[key] else { return nil }
      let was = recorded.groups[key]?.text
      return GoldenTextFit(
        name: group.name, text: group.text, recordedText: was == group.text ? nil : was,
        recorded: recorded.phases(key), current: current.phases(key), cases: cases[key] ?? [])
    }
  }
}
