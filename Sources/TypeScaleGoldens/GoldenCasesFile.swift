// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleLayout
import TypeScaleMetrics

/// Reads a cases file: JSON that lists fonts and sets of texts, each set expanding to the cross
/// product of its texts, fonts, styles, categories and widths.
///
/// ```json
/// {
///   "format": 1,
///   "fonts": { "default": "embedded", "kr": ["Fonts/Pretendard-Regular.otf"] },
///   "sets": [
///     { "name": "buttons-ko", "fonts": ["default", "kr"], "language": "ko",
///       "strategy": "hangul-word-priority", "styles": ["headline", "body"],
///       "categories": "all", "widths": [120, 320], "lines": 1, "truncation": "tail",
///       "texts": [["save", "저장하기"], ["cancel", "취소"]] }
///   ]
/// }
/// ```
///
/// - `fonts`: alias → `"embedded"`, a path, or a list of paths (the first is the primary face,
///   the rest its cascade); paths are relative to the cases file.
/// - `categories`: `"all"`, a list of names (`["xS", "L", "AX3"]`), or a range `"L...AX5"`.
/// - `widths`: a list of points; `null` in the list means unwrapped. `lines`: 0 for no limit.
/// - `texts`: a list of `[id, text]` pairs (kept in order) or an object (sorted by id).
///
/// Every problem is reported with its JSON path, and all of them at once.
public enum GoldenCasesFile {
  /// Parses a cases file's JSON.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - name: The file name, for messages.
  /// - Returns: The suite: fonts and expanded cases.
  /// - Throws: ``GoldenError/Code/malformedCases`` listing every problem with its JSON path.
  public static func parse(_ data: Data, name: String) throws(GoldenError) -> GoldenSuite {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw GoldenError(.malformedCases, "\(name): not valid JSON: \(error.localizedDescription)")
    }
    var problems: [String] = []
    guard let root = object as? [String: Any] else {
      throw GoldenError(.malformedCases, "\(name): the top level must be an object")
    }
    if let format = root["format"] as? Int, format != 1 {
      problems.append("$.format: \(format) is not supported; use 1")
    }
    var fonts: [GoldenFont] = []
    if let table = root["fonts"] as? [String: Any] {
      for (alias, value) in table.sorted(by: { $0.key < $1.key }) {
        guard !alias.isEmpty,
          alias.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else {
          problems.append("$.fonts.\(alias): an alias is letters, digits, - and _")
          continue
        }
        if let text = value as? String {
          fonts.append(
            text == "embedded" ? .embedded(alias) : GoldenFont(alias: alias, paths: [text]))
        } else if let list = value as? [String], !list.isEmpty {
          fonts.append(GoldenFont(alias: alias, paths: list))
        } else {
          problems.append("$.fonts.\(alias): use \"embedded\", a path, or a list of paths")
        }
      }
    }
    if !fonts.contains(where: { $0.alias == "default" }) { fonts.append(.embedded()) }
    let aliases = Set(fonts.map(\.alias))

    var cases: [GoldenCase] = []
    let sets = root["sets"] as? [[String: Any]] ?? []
    if sets.isEmpty { problems.append("$.sets: give at least one set of texts") }
    for (index, set) in sets.enumerated() {
      let path = "$.sets[\(index)]"
      let known: Set<String> = [
        "name", "font", "fonts", "styles", "categories", "widths", "lines", "truncation",
        "strategy", "language", "texts",
      ]
      for key in set.keys.sorted() where !known.contains(key) {
        problems.append(
          "\(path).\(key): unknown key; valid keys: \(known.sorted().joined(separator: ", "))")
      }
      let setName = set["name"] as? String ?? "set\(index + 1)"
      let setFonts =
        (set["fonts"] as? [String]) ?? (set["font"] as? String).map { [$0] } ?? ["default"]
      for font in setFonts where !aliases.contains(font) {
        problems.append(
          "\(path).fonts: unknown font \"\(font)\"; fonts: \(aliases.sorted().joined(separator: ", "))"
        )
      }
      var styles: [TextStyle] = []
      for name in set["styles"] as? [String] ?? ["body"] {
        do throws(MetricsError) {
          let style = try TextStyle(parsing: name)
          guard SizeTable.iOS.isScalable(style) else {
            problems.append("\(path).styles: \(style) has no per-category sizes; use another style")
            continue
          }
          styles.append(style)
        } catch {
          problems.append("\(path).styles: \(error.message)")
        }
      }
      let categories: [ContentSizeCategory]
      do throws(MetricsError) {
        categories = try Self.categories(set["categories"] ?? "all")
      } catch {
        problems.append("\(path).categories: \(error.message)")
        categories = []
      }
      var widths: [Double?] = [nil]
      if let list = set["widths"] as? [Any] {
        widths = []
        for value in list {
          if value is NSNull {
            widths.append(nil)
          } else if let number = (value as? NSNumber)?.doubleValue, number.isFinite, number >= 0 {
            widths.append(number)
          } else {
            problems.append("\(path).widths: \(value) is not a width; use points ≥ 0 or null")
          }
        }
      }
      let lines = (set["lines"] as? NSNumber)?.intValue ?? 0
      if lines < 0 { problems.append("\(path).lines: \(lines) is not valid; use 0 or more") }
      let truncationName = set["truncation"] as? String ?? "tail"
      let truncation = LayoutOptions.Truncation(rawValue: truncationName)
      if truncation == nil {
        problems.append(
          "\(path).truncation: \"\(truncationName)\" is not one of tail, head, middle, clip")
      }
      let strategyName = set["strategy"] as? String ?? "standard"
      let strategy: LayoutOptions.LineBreakStrategy? =
        strategyName == "hangul-word-priority"
        ? .hangulWordPriority
        : strategyName == "standard" ? .standard : nil
      if strategy == nil {
        problems.append(
          "\(path).strategy: \"\(strategyName)\" is not standard or hangul-word-priority")
      }
      let language = set["language"] as? String
      var texts: [(String, String)] = []
      if let pairs = set["texts"] as? [[String]] {
        for (number, pair) in pairs.enumerated() {
          guard pair.count == 2 else {
            problems.append("\(path).texts[\(number)]: use [id, text]")
            continue
          }
          texts.append((pair[0], pair[1]))
        }
      } else if let table = set["texts"] as? [String: String] {
        texts = table.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
      } else {
        problems.append("\(path).texts: give [[id, text], …] or {id: text}")
      }
      for (id, text) in texts {
        for font in setFonts {
          for style in styles {
            for category in categories {
              for width in widths {
                let widthName = width.map { _formatNumber($0) } ?? "unwrapped"
                cases.append(
                  GoldenCase(
                    id: "\(setName)/\(id)/\(font)/\(style)/\(category.shortName)/\(widthName)",
                    text: text, font: font, style: style, category: category, width: width,
                    lineLimit: max(0, lines), truncation: truncation ?? .tail,
                    strategy: strategy ?? .standard, language: language))
              }
            }
          }
        }
      }
    }
    var seen: Set<String> = []
    for test in cases where !seen.insert(test.id).inserted {
      problems.append("case id \(test.id) appears twice; give texts in a set distinct ids")
      break
    }
    guard problems.isEmpty else {
      throw GoldenError(
        .malformedCases,
        "\(name): \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n"
          + problems.map { "  \($0)" }.joined(separator: "\n"))
    }
    return GoldenSuite(fonts: fonts, cases: cases)
  }

  /// Reads and parses a cases file.
  ///
  /// - Parameter url: The cases file.
  /// - Returns: The suite.
  /// - Throws: ``GoldenError`` when the file cannot be read or is malformed.
  public static func load(_ url: URL) throws(GoldenError) -> GoldenSuite {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw GoldenError(.io, "cannot read \(url.path): \(error.localizedDescription)")
    }
    return try parse(data, name: url.lastPathComponent)
  }

  static func categories(_ value: Any) throws(MetricsError) -> [ContentSizeCategory] {
    if let text = value as? String {
      if text == "all" { return ContentSizeCategory.allCases }
      if let range = text.range(of: "...") {
        let lower = try ContentSizeCategory(parsing: String(text[..<range.lowerBound]))
        let upper = try ContentSizeCategory(parsing: String(text[range.upperBound...]))
        return DynamicTypeRange(min(lower, upper)...max(lower, upper)).categories
      }
      return [try ContentSizeCategory(parsing: text)]
    }
    if let list = value as? [String] {
      var categories: [ContentSizeCategory] = []
      for name in list { categories.append(try ContentSizeCategory(parsing: name)) }
      return categories
    }
    throw MetricsError(
      .unknownCategory, "use \"all\", a range such as \"L...AX5\", or a list of names")
  }
}

/// Formats a number with up to `decimals` fraction digits and no trailing zeros.
func _formatNumber(_ value: Double, decimals: Int = 3) -> String {
  var text = String(format: "%.\(decimals)f", value)
  if text.contains(".") {
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
  }
  return text == "-0" ? "0" : text
}
