// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals
import TypeScaleStrings

// MARK: - The file's JSON form

/// Any JSON object key, for finding keys a type does not know.
struct _AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// Throws for an object key outside `known`, naming the valid keys.
func _rejectUnknownKeys(_ decoder: any Decoder, known: [String]) throws {
  let container = try decoder.container(keyedBy: _AnyKey.self)
  for key in container.allKeys where !known.contains(key.stringValue) {
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath + [key],
        debugDescription: "unknown field \"\(key.stringValue)\"; valid fields: "
          + known.joined(separator: ", ")))
  }
}

extension CheckConstraints {
  struct _File: Decodable {
    var typography: String?
    var fontDirectories: [String]?
    var fonts: [String: String]?
    var systemFallback: Bool?
    var catalogs: [String]?
    var placeholders: PlaceholderSamples?
    var defaults: CheckSettings?
    var rules: [CheckRule]?
    var platform: CheckPlatform?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case typography, fontDirectories, fonts, systemFallback, catalogs, placeholders, defaults
      case rules, platform
    }

    init(from decoder: any Decoder) throws {
      try _rejectUnknownKeys(decoder, known: CodingKeys.allCases.map(\.rawValue))
      let container = try decoder.container(keyedBy: CodingKeys.self)
      typography = try container.decodeIfPresent(String.self, forKey: .typography)
      fontDirectories = try container.decodeIfPresent([String].self, forKey: .fontDirectories)
      fonts = try container.decodeIfPresent([String: String].self, forKey: .fonts)
      systemFallback = try container.decodeIfPresent(Bool.self, forKey: .systemFallback)
      catalogs = try container.decodeIfPresent([String].self, forKey: .catalogs)
      placeholders = try container.decodeIfPresent(PlaceholderSamples.self, forKey: .placeholders)
      defaults = try container.decodeIfPresent(CheckSettings.self, forKey: .defaults)
      rules = try container.decodeIfPresent([CheckRule].self, forKey: .rules)
      platform = try container.decodeIfPresent(CheckPlatform.self, forKey: .platform)
    }
  }

  /// A decoding error in the file at `path` as `path: json.path: what went wrong; what is valid`,
  /// or `path:line:column: what was expected` for a syntax error (Foundation's parser on Linux
  /// gives no position; TypeScaleStrings' positioned parser finds it in the same document).
  static func message(for error: DecodingError, data: Data, path: String) -> String {
    if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
      let placed = JSONSyntaxCheck.firstError(in: data, file: path)
    {
      return placed
    }
    return "\(path): \(describe(error, data: data))"
  }

  /// A decoding error as `path: what went wrong; what is valid`.
  static func describe(_ error: DecodingError, data: Data) -> String {
    switch error {
    case .typeMismatch(let type, let context):
      return "\(jsonPath(context.codingPath)): expected \(typeName(type))"
    case .valueNotFound(let type, let context):
      return "\(jsonPath(context.codingPath)): expected \(typeName(type)), found null"
    case .keyNotFound(let key, let context):
      return "\(jsonPath(context.codingPath + [key])): required field is missing"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        return "not valid JSON: \(syntaxDetail(context))"
      }
      return "\(jsonPath(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "\(error)"
    }
  }

  /// The JSON decoder's own account of a syntax error.
  ///
  /// Where Foundation gives a position (its
  /// debug description or underlying error), it is kept; on Linux it gives none, and the
  /// message says so.
  private static func syntaxDetail(_ context: DecodingError.Context) -> String {
    var detail = context.debugDescription
    if let underlying = context.underlyingError as NSError?,
      let described = underlying.userInfo[NSDebugDescriptionErrorKey] as? String
    {
      detail += " " + described
    }
    if !detail.contains("line") {
      detail +=
        " (Foundation's JSON parser reports no line or column; check brackets, commas "
        + "and quotes, or run the file through a JSON linter)"
    }
    return detail
  }

  /// `rules[2].categories`; `(top level)` for the root.
  static func jsonPath(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return text.isEmpty ? "(top level)" : text
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type: "a whole number"
    case is Double.Type: "a number"
    case is [String].Type: "a list of strings"
    case is [String: String].Type: "an object of strings"
    default:
      String(describing: type).hasPrefix("Array") ? "a list" : "an object"
    }
  }
}

// MARK: - Rules

extension CheckSettings: Decodable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case style, width, lineLimit, truncation, categories, device
    case platform, fontScales, androidVersion, textSize, textAppearance, density, target
    case maxLines, ellipsize, lineBreakWordStyle, includeFontPadding
  }

  /// Decodes the settings fields of `defaults` or a rule, checking each value's range.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` with the field's path.
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, extraKeys: [])
  }

  init(from decoder: any Decoder, extraKeys: [String]) throws {
    try _rejectUnknownKeys(decoder, known: extraKeys + CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    style = try container.decodeIfPresent(String.self, forKey: .style)
    if let style, style.isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: .style, in: container,
        debugDescription: "empty style; use a text style such as body or a typography token")
    }
    width = try container.decodeIfPresent(Double.self, forKey: .width)
    if let width, !(width.isFinite && width > 0 && width <= CheckConstraints.maximumWidth) {
      throw DecodingError.dataCorruptedError(
        forKey: .width, in: container,
        debugDescription:
          "width \(NumberText.shortest(width)) is not valid; use points > 0 and at most "
          + "\(Int(CheckConstraints.maximumWidth)), or leave it out for an unwrapped label")
    }
    // Read as a number and checked here: Foundation reports a fraction decoded as `Int` without
    // its path. `maxLines` (Android's name) is the same field.
    if container.contains(.lineLimit) && container.contains(.maxLines) {
      throw DecodingError.dataCorruptedError(
        forKey: .maxLines, in: container,
        debugDescription: "both lineLimit and maxLines are set; maxLines is Android's name for "
          + "lineLimit, keep one")
    }
    let limitKey: CodingKeys = container.contains(.maxLines) ? .maxLines : .lineLimit
    if let limit = try container.decodeIfPresent(Double.self, forKey: limitKey) {
      guard limit.rounded() == limit, limit >= 0, limit <= Double(CheckConstraints.maximumLineLimit)
      else {
        throw DecodingError.dataCorruptedError(
          forKey: limitKey, in: container,
          debugDescription:
            "line limit \(NumberText.shortest(limit)) is not valid; use a whole number from 0 (no "
            + "limit) to \(CheckConstraints.maximumLineLimit)")
      }
      lineLimit = Int(limit)
    } else {
      lineLimit = nil
    }
    truncation = try container.decodeIfPresent(Bool.self, forKey: .truncation)
    categories = try container.decodeIfPresent(CategorySelection.self, forKey: .categories)
    device = try container.decodeIfPresent(String.self, forKey: .device)
    if let device, device.isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: .device, in: container,
        debugDescription: "empty device; use a device variant such as iphone, ipad or mac")
    }
    try decodeAndroid(container)
  }

  /// Decodes the Android fields, checking each value's range.
  private mutating func decodeAndroid(_ container: KeyedDecodingContainer<CodingKeys>) throws {
    platform = try container.decodeIfPresent(CheckPlatform.self, forKey: .platform)
    fontScales = try container.decodeIfPresent(CheckFontScaleSelection.self, forKey: .fontScales)
    if let version = try container.decodeIfPresent(Double.self, forKey: .androidVersion) {
      let whole = version.rounded() == version && abs(version) < 1e6 ? Int(version) : -1
      do throws(MetricsError) {
        _ = try AndroidVersion(whole)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .androidVersion, in: container,
          debugDescription: "androidVersion \(NumberText.shortest(version)) is not valid; use a "
            + "whole number in \(AndroidVersion.releases) (13 and earlier scale linearly, 14 "
            + "and later use the non-linear curve)")
      }
      androidVersion = whole
    }
    textSize = try container.decodeIfPresent(Double.self, forKey: .textSize)
    if let size = textSize, !(size.isFinite && size > 0 && size <= CheckSettings.maximumTextSize) {
      throw DecodingError.dataCorruptedError(
        forKey: .textSize, in: container,
        debugDescription: "textSize \(NumberText.shortest(size)) is not valid; use sp > 0 and at "
          + "most \(NumberText.shortest(CheckSettings.maximumTextSize))")
    }
    textAppearance = try container.decodeIfPresent(String.self, forKey: .textAppearance)
    if let name = textAppearance {
      do throws(MetricsError) {
        _ = try MaterialTextAppearance(parsing: name)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .textAppearance, in: container, debugDescription: error.message)
      }
    }
    density = try container.decodeIfPresent(Double.self, forKey: .density)
    if let density {
      do throws(MetricsError) {
        _ = try AndroidDensity(density)
      } catch {
        throw DecodingError.dataCorruptedError(
          forKey: .density, in: container,
          debugDescription: "density \(NumberText.shortest(density)) is not valid; use px per dp "
            + "in \(AndroidDensity.range) (2.625 for 420 dpi, 3 for 480 dpi)")
      }
    }
    target = try container.decodeIfPresent(CheckAndroidTarget.self, forKey: .target)
    ellipsize = try container.decodeIfPresent(CheckEllipsize.self, forKey: .ellipsize)
    lineBreakWordStyle = try container.decodeIfPresent(
      CheckLineBreakWordStyle.self, forKey: .lineBreakWordStyle)
    includeFontPadding = try container.decodeIfPresent(Bool.self, forKey: .includeFontPadding)
  }
}

extension CheckSettings {
  /// The largest Android text size: 1,000 sp.
  public static let maximumTextSize = 1000.0
}

extension CheckRule: Decodable {
  private enum CodingKeys: String, CodingKey { case keys }

  /// Decodes a rule: `keys` (required) and the ``CheckSettings`` fields.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` with the field's path.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let pattern = try container.decode(String.self, forKey: .keys)
    do throws(StringsError) {
      keys = try KeyGlob(pattern)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .keys, in: container, debugDescription: error.message)
    }
    settings = try CheckSettings(from: decoder, extraKeys: ["keys"])
  }
}
