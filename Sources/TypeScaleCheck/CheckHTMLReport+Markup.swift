// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckHTMLReport {
  /// Text cut at `limit` characters, with its length when cut: `Lorem ipsum… (20000 characters)`.
  static func clipped(_ text: String, _ limit: Int = maximumNameCharacters) -> String {
    guard text.utf8.count > limit else { return text }
    var count = 0
    var end = text.startIndex
    while end < text.endIndex, count < limit {
      text.formIndex(after: &end)
      count += 1
    }
    guard end < text.endIndex else { return text }
    return String(text[..<end]) + "… (\(text.count) characters)"
  }

  /// Text for element content: cut at `limit` characters and escaped.
  static func text(_ text: String, _ limit: Int = maximumNameCharacters) -> String {
    CheckReportFormatting.xmlEscaped(clipped(text, limit))
  }

  /// Text for an attribute value: cut at `limit` characters and escaped.
  static func attribute(_ text: String, _ limit: Int = maximumNameCharacters) -> String {
    CheckReportFormatting.xmlEscaped(clipped(text, limit), attribute: true)
  }

  /// `count noun` with an `s` unless the count is 1, the count with thousands separators.
  static func counted(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(CheckPlan.number(number)) \(number == 1 ? noun : plural ?? noun + "s")"
  }

  /// A JSON string literal for the data block, appended to `out`: quotes, backslashes, controls,
  /// `<`, `>`, `&` and the characters XML forbids as `\uXXXX`, so the block holds no markup and
  /// parses both as HTML script text and as XML.
  static func appendJSON(_ text: String, to out: inout String) {
    out += "\""
    let plain = text.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x3C && byte != 0x3E
        && byte != 0x26 && byte != 0x7F && byte < 0xC2
    }
    if plain {
      out += text
    } else {
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "<", ">", "&":
          out += "\\u00" + String(scalar.value, radix: 16, uppercase: true)
        default:
          let value = scalar.value
          if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0xFFFE || value == 0xFFFF
            || value == 0x2028 || value == 0x2029
          {
            let hex = String(value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
    }
    out += "\""
  }

  /// How a row's status reads in the filters: `fails` (new), `baselined` or `passes`.
  static func status(of row: CheckSummary.Row) -> String {
    !row.fails ? "passes" : row.isBaselined ? "baselined" : "fails"
  }

  /// A row's status at each of the twelve categories, one character each: `.` not laid out,
  /// `f` fits, `t` truncated, `o` overflows its lines; upper case (`X` for not laid out) where
  /// the row fails.
  static func statusCodes(_ row: CheckSummary.Row, steps: [SizeStep] = dataSteps([])) -> String {
    var codes = ""
    codes.reserveCapacity(steps.count)
    for category in steps {
      let failing = row.failures.contains(category)
      let code: Character =
        switch row.statuses[category] {
        case nil: failing ? "X" : "."
        case .fits: "f"
        case .truncated: failing ? "T" : "t"
        case .overflowsLines: failing ? "O" : "o"
        }
      codes.append(code)
    }
    return codes
  }

  /// The limits of a rule: `headline, 120 pt, 1 line, rule button.*`.
  static func ruleSummary(_ rule: CheckSummary.Rule) -> String {
    // Android widths are in dp.
    let unit = rule.required.first?.isFontScale == true ? "dp" : "pt"
    let width = rule.width.map { "\(CheckReportFormatting.points($0)) \(unit)" } ?? "unwrapped"
    let lines =
      rule.lineLimit == 0
      ? "no line limit" : "\(rule.lineLimit) line\(rule.lineLimit == 1 ? "" : "s")"
    let truncation = rule.truncationAllowed ? ", truncation allowed" : ""
    return "\(clipped(rule.style)), \(width), \(lines)\(truncation), rule \(clipped(rule.name))"
  }

  /// The links from a page to its source files.
  struct Links {
    /// Each file's link without a line, by index in ``CheckSummary/files``.
    var hrefs: [String]
    /// Whether a link takes `#L12` for its line (links under ``sourceLinkBase``).
    var takesLine: [Bool]

    /// The links of a summary's files.
    init(summary: CheckSummary, base: String?, pageDirectory: URL?, workingDirectory: URL?) {
      let working =
        workingDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
      hrefs = []
      takesLine = []
      for file in summary.files {
        if let base {
          let (uri, relative) = CheckReportFormatting.artifactURI(file, relativeTo: working)
          if relative != nil {
            hrefs.append(base + uri)
            takesLine.append(true)
            continue
          }
        }
        takesLine.append(false)
        guard let pageDirectory else {
          let uri = CheckReportFormatting.artifactURI(file, relativeTo: nil).uri
          hrefs.append(Self.safeRelative(uri))
          continue
        }
        let absolute =
          file.hasPrefix("/")
          ? URL(fileURLWithPath: file) : working.appendingPathComponent(file)
        hrefs.append(Self.relativePath(from: pageDirectory, to: absolute))
      }
    }

    /// The link to a file's line.
    func href(file: Int32, line: Int32) -> String {
      let index = Int(file)
      return takesLine[index] ? "\(hrefs[index])#L\(line)" : hrefs[index]
    }

    /// A relative reference from a folder to a file (`../res/values/strings.xml`),
    /// percent-encoded.
    static func relativePath(from directory: URL, to file: URL) -> String {
      let from = directory.standardizedFileURL.pathComponents.filter { $0 != "/" }
      let to = file.standardizedFileURL.pathComponents.filter { $0 != "/" }
      var common = 0
      while common < from.count, common < to.count - 1, from[common] == to[common] {
        common += 1
      }
      let parts = Array(repeating: "..", count: from.count - common) + to[common...]
      let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ";"))
      let path = parts.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        .joined(separator: "/")
      return safeRelative(path)
    }

    /// A relative path whose first segment holds a `:` (`javascript:…`) read as a path, not a
    /// scheme: `./` before it.
    static func safeRelative(_ path: String) -> String {
      if path.hasPrefix("file://") { return path }
      let first = path.prefix { $0 != "/" }
      return first.contains(":") ? "./" + path : path
    }
  }
}
