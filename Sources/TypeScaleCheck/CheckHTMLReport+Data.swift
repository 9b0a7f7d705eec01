// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckHTMLReport {
  /// The rows' data as the page's script reads it, and what was left out to keep it within its
  /// budget.
  ///
  /// The JSON object has `rows`, each `[key, language, file, rule, line, variant, statuses,
  /// flags, text, fitsUpTo]` (indices into the `keys`, `languages`, `files` and `rules`
  /// tables; statuses as ``statusCodes(_:)``; flags 1 baselined, 2 the source language's
  /// text, 4 text left out; the text `null` when left out; fits up to as a category's raw
  /// value, −1 for none), grouped by key in the grids' order; `files` as `[path, href,
  /// takesLine]`, `rules` as `[name, limits, required bits]`, `categories` the twelve short
  /// names, and `images` pairs of a data row and its row in the summary, for the labels drawn
  /// on the first page.
  struct DataBlock {
    /// The JSON text, with no `<`, `>` or `&`.
    var json: String
    /// Passing translations whose text was left out.
    var passingTextsLeftOut = 0
    /// Passing translations left out.
    var passingRowsLeftOut = 0
    /// Failing translations whose text was left out.
    var failingTextsLeftOut = 0
    /// Failing translations left out (those of the least failing keys).
    var failingRowsLeftOut = 0

    /// The sentence saying what was left out, or `nil` when nothing was.
    var leftOutSentence: String? {
      var parts: [String] = []
      if passingTextsLeftOut > 0 {
        parts.append(
          "the texts of \(CheckHTMLReport.counted(passingTextsLeftOut, "passing translation"))")
      }
      if passingRowsLeftOut > 0 {
        parts.append(CheckHTMLReport.counted(passingRowsLeftOut, "passing translation"))
      }
      if failingTextsLeftOut > 0 {
        parts.append(
          "the texts of \(CheckHTMLReport.counted(failingTextsLeftOut, "failing translation"))")
      }
      if failingRowsLeftOut > 0 {
        parts.append(
          CheckHTMLReport.counted(failingRowsLeftOut, "failing translation")
            + " of the least failing keys"
        )
      }
      guard !parts.isEmpty else { return nil }
      return "To keep this page within \(CheckHTMLReport.maximumPageBytes / 1_000_000) MB, the "
        + "filtered views leave out \(parts.joined(separator: ", ")); the JSON report "
        + "(check --json) has every translation."
    }
  }

  /// What a data block leaves out, from nothing to the most.
  private enum Omission: Int, CaseIterable {
    case nothing, passingTexts, passingRows, failingTexts
  }

  /// The data block within `budget` bytes: every row if it fits; else without passing rows'
  /// texts; else without passing rows; else without any text; else the rows of the worst keys
  /// that fit.
  static func dataBlock(_ summary: CheckSummary, links: Links, budget: Int) -> DataBlock {
    let order = keyOrder(summary)
    let imaged = Set(imageRequests(for: summary).map(\.row))
    for omission in Omission.allCases {
      if let block = dataBlock(
        summary, order: order, imaged: imaged, links: links, omission: omission,
        budget: budget, cutting: false)
      {
        return block
      }
    }
    return dataBlock(
      summary, order: order, imaged: imaged, links: links, omission: .failingTexts,
      budget: budget, cutting: true) ?? DataBlock(json: "{}")
  }

  /// Indices of a table's entries in the data block, made as rows first use them.
  private struct Table {
    var indices: [Int32]
    var json = ""
    var count: Int32 = 0

    init(size: Int) { indices = Array(repeating: -1, count: size) }

    /// The entry's index in the data, adding it with `encode` when new; `added` its bytes.
    mutating func index(_ entry: Int32, added: inout Int, encode: (inout String) -> Void) -> Int32 {
      let known = indices[Int(entry)]
      if known >= 0 { return known }
      let before = json.utf8.count
      if count > 0 { json += "," }
      encode(&json)
      added += json.utf8.count - before
      indices[Int(entry)] = count
      count += 1
      return count - 1
    }
  }

  private static func dataBlock(
    _ summary: CheckSummary, order: [(key: Int, rows: [Int])], imaged: Set<Int>, links: Links,
    omission: Omission, budget: Int, cutting: Bool
  ) -> DataBlock? {
    let scales = summary.categories.compactMap(\.fontScale)
    let steps = dataSteps(scales)
    var block = DataBlock(json: "")
    var keys = Table(size: summary.keys.count)
    var languages = Table(size: summary.languages.count)
    var files = Table(size: summary.files.count)
    var rules = Table(size: summary.rules.count)
    var rows = ""
    rows.reserveCapacity(min(budget, summary.rows.count * 80))
    var images = ""
    var dataRows = 0
    var size = 256
    var full = false
    for (key, keyRows) in order {
      for index in keyRows {
        let row = summary.rows[index]
        if omission.rawValue >= Omission.passingRows.rawValue && !row.fails {
          block.passingRowsLeftOut += 1
          continue
        }
        if full {
          if row.fails { block.failingRowsLeftOut += 1 } else { block.passingRowsLeftOut += 1 }
          continue
        }
        let dropsText =
          row.fails
          ? omission.rawValue >= Omission.failingTexts.rawValue
          : omission.rawValue >= Omission.passingTexts.rawValue
        var added = 0
        var line = dataRows > 0 ? ",[" : "["
        // Table entries a row adds are kept even when the row is then cut: a few bytes.
        line += String(
          keys.index(Int32(key), added: &added) {
            appendJSON(clipped(summary.keys[key]), to: &$0)
          })
        line += ","
        line += String(
          languages.index(row.language, added: &added) {
            appendJSON(clipped(summary.languages[Int(row.language)]), to: &$0)
          })
        line += ","
        line += String(
          files.index(row.file, added: &added) {
            let file = Int(row.file)
            $0 += "["
            appendJSON(clipped(summary.files[file]), to: &$0)
            $0 += ","
            appendJSON(clipped(links.hrefs[file], 4_000), to: &$0)
            $0 += links.takesLine[file] ? ",1]" : ",0]"
          })
        line += ","
        line += String(
          rules.index(row.rule, added: &added) {
            let rule = summary.rules[Int(row.rule)]
            $0 += "["
            appendJSON(clipped(rule.name), to: &$0)
            $0 += ","
            appendJSON(clipped(ruleSummary(rule), 1_000), to: &$0)
            $0 += ",\(stepBits(rule.required, scales: scales))]"
          })
        line += ",\(row.line),"
        appendJSON(clipped(row.variant), to: &line)
        line += ",\"" + statusCodes(row, steps: steps) + "\","
        var flags = row.isBaselined ? 1 : 0
        if row.isFallback { flags |= 2 }
        if dropsText {
          flags |= 4
          line += "\(flags),null,"
        } else {
          line += "\(flags),"
          appendJSON(clipped(row.text, maximumTextCharacters), to: &line)
          line += ","
        }
        line += "\(row.largestFitting.flatMap { steps.firstIndex(of: $0) } ?? -1)]"
        var imageEntry = ""
        if imaged.contains(index) {
          imageEntry = (images.isEmpty ? "" : ",") + "[\(dataRows),\(index)]"
        }
        let next = size + added + line.utf8.count + imageEntry.utf8.count
        if next > budget {
          guard cutting else { return nil }
          full = true
          size += added
          if row.fails { block.failingRowsLeftOut += 1 } else { block.passingRowsLeftOut += 1 }
          continue
        }
        size = next
        rows += line
        images += imageEntry
        dataRows += 1
        if dropsText {
          if row.fails { block.failingTextsLeftOut += 1 } else { block.passingTextsLeftOut += 1 }
        }
      }
    }
    var json = "{\"version\":1,\"keysPerPage\":\(keysPerPage),\"rowsPerPage\":\(rowsPerPage),"
    json += "\"translations\":\(summary.rows.count),\"categories\":["
    json += steps.map { "\"\($0.shortName)\"" }.joined(separator: ",")
    json += "],\"keys\":[\(keys.json)],\"languages\":[\(languages.json)],"
    json += "\"files\":[\(files.json)],\"rules\":[\(rules.json)],\"images\":[\(images)],"
    json += "\"rows\":["
    json += rows
    json += "]}"
    block.json = json
    return block
  }

  /// The data's columns: the twelve categories (bit and index *i* = raw value *i*), then the
  /// run's Android font scales (index 12 + *j*), so an iOS report's data is unchanged.
  static func dataSteps(_ fontScales: [Double]) -> [SizeStep] {
    ContentSizeCategory.allCases.map(SizeStep.category) + fontScales.map(SizeStep.fontScale)
  }

  /// A step set as the data's bits: a category's bit is its raw value, font scale *j*'s is
  /// 12 + *j*.
  static func stepBits(_ set: SizeStepSet, scales: [Double]) -> UInt64 {
    var bits = UInt64(set.bits)
    for scale in set.fontScales {
      guard let index = scales.firstIndex(of: scale), index < 52 else { continue }
      bits |= 1 << UInt64(ContentSizeCategory.allCases.count + index)
    }
    return bits
  }
}
