// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

extension CheckJSONReport {
  /// Writes the compact JSON report as results stream in: one result per line, nothing kept
  /// but the small tables the results point into.
  ///
  /// The run's record comes first, then `"results"` (written as the runner hands them on), then
  /// `"skipped"`, `"entryWarnings"`, and the `"files"` and `"rules"` tables the results index:
  ///
  /// ```json
  /// {"version":3,"constraintsDigest":"…","layouts":24,"requirements":[…],"warnings":[],
  /// "errors":[],
  /// "results":[
  /// {"key":"button.ok","language":"de","text":"OK","file":0,"line":12,"rule":0,
  ///  "cells":[[17,120,22,1,1,"f"],…]},
  /// …],
  /// "skipped":[],"entryWarnings":[],"files":["Localizable.xcstrings"],
  /// "rules":[{"name":"defaults","style":"body","width":120,"lineLimit":1,…}]}
  /// ```
  ///
  /// A result keeps what cannot be derived: its rule's limits are in `"rules"`, its file in
  /// `"files"`, and its cells are `[pointSize, width, height, lines, neededLines, status]`
  /// (`f` fits, `t` truncated, `o` overflows) from the rule's smallest required category on,
  /// one per category (`"from"` names the first when it is another; a seventh element names
  /// each cell's category when they do not follow one another). `largestFitting` and the
  /// failures follow from the cells and the rule. Optional fields are left out when empty:
  /// `variant`, `state`, `fallback`, `missing`, `baselined`, and `faces` (an Android result's
  /// faces: Roboto at the role's weight, then the fallbacks that drew some of its text).
  public final class Writer: CheckResultConsumer {
    private let output: any CheckTextOutput
    private var buffer: [UInt8] = []
    private var wroteResult = false
    private var skipped: [CheckSkipped] = []
    private var warnings: [CheckEntryWarning] = []
    private var files: [String] = []
    private var fileIndex: [String: Int] = [:]
    private var rules: [CheckSummary.Rule] = []
    private var ruleIndex: [CheckSummary.Rule: Int] = [:]

    /// Bytes gathered before they are handed to the output.
    public static let bufferSize = 1 << 20

    /// Creates a writer.
    ///
    /// - Parameter output: Where the JSON goes.
    public init(to output: any CheckTextOutput) {
      self.output = output
      buffer.reserveCapacity(Self.bufferSize + 4096)
    }

    /// Writes the run's record and opens the results.
    public func begin(_ run: CheckRunInfo) throws(CheckError) {
      let hasAndroid = run.requirements.contains { $0.steps.contains(where: \.isFontScale) }
      append(
        "{\"version\":\(hasAndroid ? max(run.version, CheckReport.androidVersion) : run.version)")
      if let shard = run.shard {
        append(",\"shard\":")
        string(shard)
      }
      if let digest = run.constraintsDigest {
        append(",\"constraintsDigest\":")
        string(digest)
      }
      append(",\"layouts\":\(run.layouts)")
      if run.isPartial {
        append(",\"isPartial\":true,\"missingShards\":")
        strings(run.missingShards)
      }
      append(",\n\"requirements\":[")
      for (index, requirement) in run.requirements.enumerated() {
        append(index == 0 ? "\n{\"key\":" : ",\n{\"key\":")
        string(requirement.key)
        append(",\"categories\":")
        steps(requirement.steps)
        append("}")
      }
      append("],\n\"warnings\":")
      strings(run.warnings)
      append(",\n\"errors\":[")
      for (index, error) in run.errors.enumerated() {
        append(index == 0 ? "\n{\"file\":" : ",\n{\"file\":")
        string(error.file)
        if let line = error.line { append(",\"line\":\(line)") }
        if let column = error.column { append(",\"column\":\(column)") }
        append(",\"message\":")
        string(error.message)
        append("}")
      }
      append("],\n\"results\":[")
      try flush(force: false)
    }

    /// Writes one result on its own line.
    public func consume(result: CheckResult) throws(CheckError) {
      append(wroteResult ? ",\n{\"key\":" : "\n{\"key\":")
      wroteResult = true
      string(result.key)
      append(",\"language\":")
      string(result.language)
      if !result.variant.isEmpty {
        append(",\"variant\":")
        string(result.variant)
      }
      append(",\"text\":")
      string(result.text)
      append(",\"file\":\(index(of: result.file)),\"line\":\(result.line)")
      let rule = CheckSummary.Rule(
        name: result.rule, style: result.style, width: result.width, lineLimit: result.lineLimit,
        truncationAllowed: result.truncationAllowed, required: CategorySet(steps: result.required))
      append(",\"rule\":\(index(of: rule))")
      if let state = result.state {
        append(",\"state\":")
        string(state)
      }
      if result.isFallback { append(",\"fallback\":true") }
      let layout = CheckJSONReport.cellLayout(result.cells, required: result.required)
      if !result.cells.isEmpty, case .from(let first) = layout,
        SizeStep.category(first) != result.required.first
      {
        append(",\"from\":\"\(first.shortName)\"")
      }
      append(",\"cells\":[")
      for (offset, cell) in result.cells.enumerated() {
        append(offset == 0 ? "[" : ",[")
        number(cell.pointSize)
        append(",")
        number(cell.width)
        append(",")
        number(cell.height)
        append(",")
        integer(cell.lineCount)
        append(",")
        integer(cell.neededLines)
        append(",\"")
        append(CheckJSONReport.statusCode(cell.status))
        append("\"")
        if case .named = layout {
          switch cell.step {
          case .category(let category): append(",\"\(category.shortName)\"")
          case .fontScale(let scale): appendAndroid(cell, scale: scale)
          }
        }
        append("]")
      }
      append("]")
      if !result.missingGlyphs.isEmpty {
        append(",\"missing\":")
        strings(result.missingGlyphs)
      }
      if result.isBaselined { append(",\"baselined\":true") }
      if let faces = result.faces, !faces.isEmpty {
        append(",\"faces\":")
        strings(faces)
      }
      append("}")
      try flush(force: false)
    }

    /// Keeps a skipped entry for the `"skipped"` list.
    public func consume(skipped: CheckSkipped) throws(CheckError) {
      self.skipped.append(skipped)
    }

    /// Keeps a warning for the `"entryWarnings"` list.
    public func consume(warning: CheckEntryWarning) throws(CheckError) {
      warnings.append(warning)
    }

    /// Closes the results and writes the lists and tables.
    public func finish(_ summary: CheckSummary) throws(CheckError) {
      append("\n],\n\"skipped\":[")
      for (offset, entry) in skipped.enumerated() {
        append(offset == 0 ? "\n{\"key\":" : ",\n{\"key\":")
        string(entry.key)
        append(",\"language\":")
        string(entry.language)
        if !entry.variant.isEmpty {
          append(",\"variant\":")
          string(entry.variant)
        }
        append(",\"file\":")
        string(entry.file)
        append(",\"line\":\(entry.line),\"reason\":")
        string(entry.reason)
        append("}")
        try flush(force: false)
      }
      append("],\n\"entryWarnings\":[")
      for (offset, warning) in warnings.enumerated() {
        append(offset == 0 ? "\n{\"key\":" : ",\n{\"key\":")
        string(warning.key)
        append(",\"language\":")
        string(warning.language)
        if !warning.variant.isEmpty {
          append(",\"variant\":")
          string(warning.variant)
        }
        append(",\"file\":")
        string(warning.file)
        if let line = warning.line { append(",\"line\":\(line)") }
        if let column = warning.column { append(",\"column\":\(column)") }
        append(",\"message\":")
        string(warning.message)
        if !warning.isMeasured { append(",\"measured\":false") }
        append("}")
        try flush(force: false)
      }
      append("],\n\"files\":")
      strings(files)
      append(",\n\"rules\":[")
      for (offset, rule) in rules.enumerated() {
        append(offset == 0 ? "\n{\"name\":" : ",\n{\"name\":")
        string(rule.name)
        append(",\"style\":")
        string(rule.style)
        if let width = rule.width {
          append(",\"width\":")
          number(width)
        }
        append(",\"lineLimit\":\(rule.lineLimit),\"truncation\":\(rule.truncationAllowed)")
        append(",\"required\":")
        steps(rule.required.steps)
        append("}")
      }
      append("]}\n")
      try flush(force: true)
    }

    private func index(of file: String) -> Int {
      if let known = fileIndex[file] { return known }
      fileIndex[file] = files.count
      files.append(file)
      return files.count - 1
    }

    private func index(of rule: CheckSummary.Rule) -> Int {
      if let known = ruleIndex[rule] { return known }
      ruleIndex[rule] = rules.count
      rules.append(rule)
      return rules.count - 1
    }

    private func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// An Android cell's step: `{"fontScale":2,"sp":14,"dp":26,"px":68}`.
    private func appendAndroid(_ cell: CheckCell, scale: Double) {
      append(",{\"fontScale\":")
      number(scale)
      for (name, value) in [("sp", cell.sp), ("dp", cell.dp), ("px", cell.px)] {
        guard let value else { continue }
        append(",\"\(name)\":")
        number(value)
      }
      append("}")
    }
    private func string(_ text: String) { JSONValue.appendString(text, to: &buffer) }
    /// A number in full: whole ones (most point sizes and heights) as integers without going
    /// through `Double.description`, the rest as ``JSONValue/fullText(_:)`` writes them.
    private func number(_ value: Double) {
      if value == value.rounded(.towardZero), abs(value) < 1e15 {
        integer(Int(value))
      } else {
        append(JSONValue.fullText(value))
      }
    }

    private func integer(_ value: Int) {
      if value < 0 { buffer.append(UInt8(ascii: "-")) }
      var magnitude = value.magnitude
      var digits:
        (
          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
        ) =
          (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      var count = 0
      withUnsafeMutableBytes(of: &digits) { bytes in
        repeat {
          bytes[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
          magnitude /= 10
          count += 1
        } while magnitude > 0
        for index in stride(from: count - 1, through: 0, by: -1) { buffer.append(bytes[index]) }
      }
    }

    /// Steps as a JSON list: categories as quoted short names, font scales as numbers.
    private func steps(_ steps: [SizeStep]) {
      append("[")
      for (offset, step) in steps.enumerated() {
        if offset > 0 { append(",") }
        append(CheckBaseline.stepJSON(step))
      }
      append("]")
    }

    private func strings(_ texts: [String]) {
      append("[")
      for (offset, text) in texts.enumerated() {
        if offset > 0 { append(",") }
        string(text)
      }
      append("]")
    }

    private func flush(force: Bool) throws(CheckError) {
      guard force || buffer.count >= Self.bufferSize else { return }
      try output.write(String(decoding: buffer, as: UTF8.self))
      buffer.removeAll(keepingCapacity: true)
    }
  }

  /// How a result's cells name their categories.
  enum CellLayout {
    /// One per category from this one on.
    case from(ContentSizeCategory)
    /// Each names its own.
    case named
  }

  /// Whether cells follow one another from their first category, or must each name theirs.
  static func cellLayout(_ cells: [CheckCell], required: [SizeStep]) -> CellLayout {
    guard let step = cells.first?.step ?? required.first else { return .from(.large) }
    guard let first = step.category else { return .named }
    for (offset, cell) in cells.enumerated()
    where cell.step.category?.rawValue != first.rawValue + offset {
      return .named
    }
    return .from(first)
  }

  /// A status's one-letter code in the compact report.
  static func statusCode(_ status: CheckStatus) -> String {
    switch status {
    case .fits: "f"
    case .truncated: "t"
    case .overflowsLines: "o"
    }
  }
}
