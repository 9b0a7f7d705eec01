// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// What the report writers share: the worst-first order of keys, the categories a grid shows,
/// status words and escaping for XML and HTML.
enum CheckReportFormatting {
  /// A key's results, in the order the writers list keys.
  struct KeyGroup {
    /// The key.
    var key: String
    /// Its results, in report order.
    var results: [CheckResult]
    /// Failing categories summed over the results (baselined ones included), with the
    /// required categories that were not laid out.
    var failureCount: Int {
      results.reduce(0) { $0 + $1.failures.count + $1.unlaidCategories.count }
    }
  }

  /// The results grouped by key, worst first: most failing categories, then key (by Unicode
  /// scalars, so the order does not depend on the locale).
  static func keyGroups(_ results: [CheckResult]) -> [KeyGroup] {
    var order: [String] = []
    var byKey: [String: [CheckResult]] = [:]
    for result in results {
      if byKey[result.key] == nil { order.append(result.key) }
      byKey[result.key, default: []].append(result)
    }
    let groups = order.map { KeyGroup(key: $0, results: byKey[$0] ?? []) }
    return groups.sorted { left, right in
      left.failureCount != right.failureCount
        ? left.failureCount > right.failureCount
        : left.key.unicodeScalars.lexicographicallyPrecedes(right.key.unicodeScalars)
    }
  }

  /// Every category laid out by any of the results, smallest first.
  static func categories(_ results: [CheckResult]) -> [SizeStep] {
    Set(results.flatMap { $0.cells.map(\.step) }).sorted()
  }

  /// The row label of a result: its language, and its variant when it has one (`de plural=one`).
  static func label(_ result: CheckResult) -> String {
    result.variant.isEmpty ? result.language : "\(result.language) \(result.variant)"
  }

  /// Categories by short name, joined: `AX1, AX2`.
  static func names(_ categories: [SizeStep]) -> String {
    categories.map(\.shortName).joined(separator: ", ")
  }

  /// The most severe status among a result's failing cells: overflowing wins over truncating.
  static func worstFailingStatus(_ result: CheckResult) -> CheckStatus? {
    let failing = Set(result.failures)
    let statuses = result.cells.filter { failing.contains($0.step) }.map(\.status)
    if statuses.contains(.overflowsLines) { return .overflowsLines }
    return statuses.isEmpty ? nil : .truncated
  }

  /// Whether a cell is one of the result's failures.
  static func isFailing(_ cell: CheckCell, of result: CheckResult) -> Bool {
    result.required.contains(cell.step)
      && (cell.status == .overflowsLines
        || (cell.status == .truncated && !result.truncationAllowed))
  }

  /// One sentence naming what a failing result does: `de "Abonnieren" (plural=one) truncates at
  /// AX1, AX2; fits up to XXXL`.
  static func failureSentence(_ result: CheckResult) -> String {
    let failing = Set(result.failures)
    var parts: [String] = []
    for status in [CheckStatus.truncated, .overflowsLines] {
      let categories = result.cells.filter { failing.contains($0.step) && $0.status == status }
        .map(\.step)
      guard !categories.isEmpty else { continue }
      let verb = status == .truncated ? "truncates" : "overflows its lines"
      parts.append("\(verb) at \(names(categories))")
    }
    if !result.unlaidCategories.isEmpty {
      parts.append("was not laid out at \(names(result.unlaidCategories))")
    }
    let variant = result.variant.isEmpty ? "" : " (\(result.variant))"
    let fits = result.largestFitting.map { "fits up to \($0.shortName)" } ?? "fits at no category"
    return "'\(result.key)' in \(result.language)\(variant) \(parts.joined(separator: " and ")); "
      + fits
  }

  /// The limits of a result's rule: `headline, 120 pt, 1 line, rule button.*`.
  static func ruleSummary(_ result: CheckResult) -> String {
    let width = result.width.map { "\(points($0)) pt" } ?? "unwrapped"
    let lines =
      result.lineLimit == 0
      ? "no line limit" : "\(result.lineLimit) line\(result.lineLimit == 1 ? "" : "s")"
    let truncation = result.truncationAllowed ? ", truncation allowed" : ""
    return "\(result.style), \(width), \(lines)\(truncation), rule \(result.rule)"
  }

  /// A width in points without a needless fraction: `120`, `120.5`.
  static func points(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15
      ? NumberText.fixed(value, decimals: 0, trimsZeros: true)
      : NumberText.fixed(value, decimals: 1, trimsZeros: false)
  }

  /// Whether a scalar may appear in an XML 1.0 document (XML 1.0 §2.2 `Char`).
  static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// Text escaped for XML and XHTML content and attribute values: `&`, `<`, `>`, `"` and `'` as
  /// entities; tab, line feed and carriage return as character references when `attribute`
  /// (so they survive attribute-value normalization); and characters XML 1.0 forbids (most C0
  /// controls, U+FFFE, U+FFFF) replaced by their `U+XXXX` name, since no reference can carry
  /// them.
  static func xmlEscaped(_ text: String, attribute: Bool = false) -> String {
    // Every character that changes is ASCII or U+FFFE/U+FFFF (EF BF BE/BF), so the escape
    // works on UTF-8 bytes and copies the rest; text that needs none is returned as it is.
    let plain = text.utf8.allSatisfy { byte in
      byte >= 0x20 && byte != 0xEF && byte != 0x22 && byte != 0x26 && byte != 0x27
        && byte != 0x3C && byte != 0x3E
    }
    if plain { return text }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 32)
    var text = text
    text.withUTF8 { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case 0x26: out += Array("&amp;".utf8)
        case 0x3C: out += Array("&lt;".utf8)
        case 0x3E: out += Array("&gt;".utf8)
        case 0x22: out += Array("&quot;".utf8)
        case 0x27: out += Array("&apos;".utf8)
        case 0x09 where attribute: out += Array("&#9;".utf8)
        case 0x0A where attribute: out += Array("&#10;".utf8)
        case 0x0D: out += Array("&#13;".utf8)
        case 0x09, 0x0A: out.append(byte)
        case 0..<0x20: out += Array(NumberText.codePoint(byte).utf8)
        case 0xEF
        where index + 1 < bytes.count && bytes[index] == 0xBF
          && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
          out += Array((bytes[index + 1] == 0xBE ? "U+FFFE" : "U+FFFF").utf8)
          index += 2
        default: out.append(byte)
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A path as a relative URI reference when it lies under `directory` (with `%SRCROOT%` as
  /// its base), else an absolute `file://` URI; percent-encoded per RFC 3986.
  static func artifactURI(_ file: String, relativeTo directory: URL?) -> (
    uri: String, base: String?
  ) {
    let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ";"))
    func encoded(_ path: String) -> String {
      path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }
    guard file.hasPrefix("/") else { return (encoded(file), "%SRCROOT%") }
    if let directory {
      let root = directory.standardizedFileURL.path
      let prefix = root.hasSuffix("/") ? root : root + "/"
      let standardized = URL(fileURLWithPath: file).standardizedFileURL.path
      if standardized.hasPrefix(prefix) {
        return (encoded(String(standardized.dropFirst(prefix.count))), "%SRCROOT%")
      }
    }
    return ("file://" + encoded(file), nil)
  }
}
