// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

extension Typography {
  /// Loads a typography from JSON, reporting every problem with its JSON path.
  ///
  /// The schema (every key but `styles` optional):
  ///
  /// ```json
  /// {
  ///   "name": "Pretendard",
  ///   "defaults": { "family": "Pretendard", "weight": 400 },
  ///   "styles": {
  ///     "largeTitle": { "weight": "bold", "size": 32 },
  ///     "body": { "size": 15, "sizing": "relative", "tracking": -0.2,
  ///               "lineHeightMultiple": 1.4, "maximumPointSize": 28 },
  ///     "caption2": { "size": 11, "sizing": "fixed" },
  ///     "callout": { "size": 16, "sizing": "relative", "relativeTo": "body" },
  ///     "headline": { "sizing": "system" }
  ///   },
  ///   "tokens": {
  ///     "button": { "size": 15, "weight": "semibold", "relativeTo": "callout" },
  ///     "overline": { "size": 11, "sizing": "fixed", "kern": 0.8 }
  ///   }
  /// }
  /// ```
  ///
  /// - `styles` keys are text style names (UIKit, SwiftUI or CoreText spellings).
  /// - `family`: a family or PostScript name; `weight`: 1–1000 or an OpenType name as
  ///   `FontWeight(parsing:)` reads it (`semibold`, `extraBold`; `thin` is 100 and `heavy` 900,
  ///   not UIKit's 200 and 800); `italic`: a Boolean; `size`: points at Large (> 0).
  /// - `sizing`: `relative` (the default: scales like the style, or like `relativeTo`, with
  ///   `UIFontMetrics`' rules), `body` (scales with body, as `Font.custom(_:size:)`), `fixed`
  ///   (never scales), or `system` (the system text style's own sizes, as
  ///   `UIFont.preferredFont(forTextStyle:)`: `FontSizing.system(_:)` of the style, or of
  ///   `relativeTo`).
  /// - `tracking` (Apple's `.tracking`, points), `kern` (Apple's `.kern`, points),
  ///   `lineHeightMultiple` (> 0), `maximumPointSize` (> 0) are optional.
  /// - `defaults` gives any style key for every style it lists; styles the file does not list
  ///   use Apple's iOS sizes and weights with the defaults' `family` and `sizing`.
  /// - `tokens` are the app's own names beyond Apple's text styles (``setToken(_:_:)``), with
  ///   the same keys; `size` is required, `weight` defaults to regular, and a token scales like
  ///   body (`Font.custom(_:size:)`) unless `relativeTo` or `sizing` says otherwise. The
  ///   `defaults` apply to tokens too.
  ///
  /// - Parameters:
  ///   - data: The JSON.
  ///   - name: The file name, for messages.
  /// - Returns: The typography.
  /// - Throws: ``TypeScaleError/Code/invalidTypography`` whose ``TypeScaleError/problems`` list
  ///   every problem as `$.styles.body.weight: 1200 is out of range; use 1…1000`.
  public static func load(json data: Data, name: String = "typography") throws(TypeScaleError)
    -> Typography
  {
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw TypeScaleError(
        .invalidTypography, "\(name): not valid JSON: \(error.localizedDescription)",
        problems: ["$: not valid JSON"], cause: error)
    }
    guard let root = object as? [String: Any] else {
      throw TypeScaleError(
        .invalidTypography, "\(name): the top level must be an object",
        problems: ["$: the top level must be an object"])
    }
    var problems: [String] = []
    for key in root.keys.sorted() where !["name", "defaults", "styles", "tokens"].contains(key) {
      problems.append("$.\(key): unknown key; valid keys: name, defaults, styles, tokens")
    }
    let defaults = root["defaults"] as? [String: Any] ?? [:]
    if root["defaults"] != nil, root["defaults"] as? [String: Any] == nil {
      problems.append("$.defaults: must be an object")
    }
    var typography = Typography(name: root["name"] as? String ?? name)
    guard let styles = root["styles"] as? [String: Any] else {
      problems.append("$.styles: give an object of text styles")
      throw _problems(problems, name: name)
    }
    let defaultFamily = defaults["family"] as? String
    for (key, value) in styles.sorted(by: { $0.key < $1.key }) {
      let path = "$.styles.\(key)"
      let style: TextStyle
      do throws(MetricsError) {
        style = try TextStyle(parsing: key)
      } catch {
        problems.append("\(path): \(error.message)")
        continue
      }
      guard let fields = value as? [String: Any] else {
        problems.append("\(path): must be an object")
        continue
      }
      let merged = defaults.merging(fields) { _, own in own }
      if let parsed = _style(
        merged, base: Typography.appleStyle(style), scalesLike: style, path: path,
        fallbackFamily: defaultFamily, problems: &problems)
      {
        typography[style] = parsed
      }
    }
    if let tokens = root["tokens"] {
      readTokens(
        tokens, defaults: defaults, fallbackFamily: defaultFamily, into: &typography,
        problems: &problems)
    }
    let defaultSizing = defaults["sizing"] as? String
    if defaultFamily != nil || defaultSizing != nil {
      for style in TextStyle.allCases where !typography.definedStyles.contains(style) {
        var value = typography[style]
        if let family = defaultFamily { value.family = family }
        if let name = defaultSizing, let sizing = _sizing(named: name, relativeTo: style) {
          value.sizing = sizing
        }
        typography[style] = value
      }
    }
    guard problems.isEmpty else { throw _problems(problems, name: name) }
    return typography
  }

  /// The largest typography file ``load(_:)`` reads: 1 MiB, checked before reading (a type
  /// scale of every style and a thousand tokens is under 200 KB).
  public static let maximumFileSize = 1 << 20

  /// Loads a typography file.
  ///
  /// The file must be a regular file of at most ``maximumFileSize`` bytes: a FIFO, a device or
  /// a folder is named as such, and a larger file is refused before it is read.
  ///
  /// - Parameter url: The JSON file.
  /// - Returns: The typography.
  /// - Throws: ``TypeScaleError`` when it cannot be read or has problems.
  public static func load(_ url: URL) throws(TypeScaleError) -> Typography {
    let data: Data
    do throws(BoundedFile.Failure) {
      data = try BoundedFile.read(url, limit: maximumFileSize)
    } catch {
      throw TypeScaleError(
        .invalidTypography,
        BoundedFile.message(for: error, path: url.path, what: "typography file"), cause: error)
    }
    return try load(json: data, name: url.lastPathComponent)
  }

  private static let _keys: Set<String> = [
    "family", "weight", "italic", "size", "sizing", "relativeTo", "tracking", "kern",
    "lineHeightMultiple", "maximumPointSize",
  ]

  /// Reads `tokens`: each a custom token, with the keys of a style and a required `size`.
  private static func readTokens(
    _ value: Any, defaults: [String: Any], fallbackFamily: String?,
    into typography: inout Typography, problems: inout [String]
  ) {
    guard let tokens = value as? [String: Any] else {
      problems.append("$.tokens: must be an object of token names")
      return
    }
    for (name, value) in tokens.sorted(by: { $0.key < $1.key }) {
      let path = "$.tokens.\(name)"
      do throws(TypeScaleError) {
        try validateTokenName(name)
      } catch {
        problems.append("\(path): \(error.message)")
        continue
      }
      guard let fields = value as? [String: Any] else {
        problems.append("\(path): must be an object")
        continue
      }
      let merged = defaults.merging(fields) { _, own in own }
      guard merged["size"] != nil else {
        problems.append("\(path).size: give the token's size at Large, in points")
        continue
      }
      let base = Style(family: appleStyle(.body).family, size: 17)
      if var parsed = _style(
        merged, base: base, scalesLike: .body, path: path, fallbackFamily: fallbackFamily,
        problems: &problems)
      {
        // A token with neither key scales like body, as Font.custom(_:size:) does.
        if merged["sizing"] == nil, merged["relativeTo"] == nil { parsed.sizing = .scalesWithBody }
        typography._tokens[name] = parsed
      }
    }
  }

  private static func _style(
    _ fields: [String: Any], base apple: Style, scalesLike style: TextStyle, path: String,
    fallbackFamily: String?, problems: inout [String]
  ) -> Style? {
    let before = problems.count
    for key in fields.keys.sorted() where !_keys.contains(key) {
      problems.append(
        "\(path).\(key): unknown key; valid keys: \(_keys.sorted().joined(separator: ", "))")
    }
    let family = fields["family"] as? String ?? fallbackFamily ?? apple.family
    if fields["family"] != nil, (fields["family"] as? String)?.isEmpty != false {
      problems.append("\(path).family: give a family or PostScript name")
    }
    var weight = apple.weight
    if let value = fields["weight"] {
      do throws(MetricsError) {
        if let number = value as? NSNumber, !(value is Bool) {
          weight = try FontWeight(number.intValue)
          if Double(number.intValue) != number.doubleValue {
            problems.append("\(path).weight: \(number) is not a whole number; use 1…1000")
          }
        } else if let text = value as? String {
          weight = try FontWeight(parsing: text)
        } else {
          problems.append("\(path).weight: use a number 1…1000 or a name such as semibold")
        }
      } catch {
        problems.append("\(path).weight: \(error.message)")
      }
    }
    let italic = fields["italic"] as? Bool ?? false
    if fields["italic"] != nil, fields["italic"] as? Bool == nil {
      problems.append("\(path).italic: use true or false")
    }
    var size = apple.size
    if let value = fields["size"] {
      if let number = (value as? NSNumber)?.doubleValue, number.isFinite, number > 0 {
        size = (try? DesignSize(number)) ?? size
      } else {
        problems.append("\(path).size: \(value) is not a size; use points > 0")
      }
    }
    var sizing: FontSizing? = nil
    var relativeTo = style
    if let name = fields["relativeTo"] {
      do throws(MetricsError) {
        relativeTo = try TextStyle(parsing: name as? String ?? "")
        if !SizeTable.iOS.isScalable(relativeTo) {
          problems.append("\(path).relativeTo: \(relativeTo) has no per-category sizes to follow")
        }
      } catch {
        problems.append("\(path).relativeTo: \(error.message)")
      }
    }
    let sizingName = fields["sizing"] as? String ?? "relative"
    if let parsed = _sizing(named: sizingName, relativeTo: relativeTo) {
      sizing = parsed
    } else {
      problems.append(
        "\(path).sizing: unknown sizing mode \"\(sizingName)\"; use relative, body, fixed or "
          + "system")
    }
    func positive(_ key: String, allowNegative: Bool = false) -> Double? {
      guard let value = fields[key] else { return nil }
      guard let number = (value as? NSNumber)?.doubleValue, number.isFinite,
        allowNegative || number > 0
      else {
        problems.append(
          "\(path).\(key): \(value) is not valid; use "
            + (allowNegative ? "a number of points" : "a number > 0"))
        return nil
      }
      return number
    }
    let tracking = positive("tracking", allowNegative: true)
    let kern = positive("kern", allowNegative: true)
    let multiple = positive("lineHeightMultiple")
    let maximum = positive("maximumPointSize")
    guard problems.count == before else { return nil }
    return Style(
      family: family, weight: weight, italic: italic, size: size, sizing: sizing,
      tracking: tracking, kern: kern, lineHeightMultiple: multiple, maximumPointSize: maximum)
  }

  /// The sizing a JSON `sizing` value names, for a style (or its `relativeTo`); `nil` for an
  /// unknown name.
  ///
  /// A style Apple publishes no per-category sizes for (`extraLargeTitle`) keeps a sizing that
  /// cannot scale; ``DynamicType`` then holds its size at Large and says so in a diagnostic.
  private static func _sizing(named name: String, relativeTo style: TextStyle) -> FontSizing? {
    switch name {
    case "relative": .relative(to: style)
    case "body": .scalesWithBody
    case "fixed": .fixed
    case "system": .system(style)
    default: nil
    }
  }

  private static func _problems(_ problems: [String], name: String) -> TypeScaleError {
    TypeScaleError(
      .invalidTypography,
      "\(name): \(problems.count) problem\(problems.count == 1 ? "" : "s"):\n"
        + problems.map { "  \($0)" }.joined(separator: "\n"),
      problems: problems)
  }
}
