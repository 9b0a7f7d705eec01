// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals
import TypeScaleStrings

/// A check's constraints file: typography, fonts, rules by key pattern, defaults.
///
/// The file is JSON; every field is optional except that a run with neither `rules` nor
/// `defaults` checks nothing:
///
/// ```json
/// { "typography": "typography.json",
///   "fontDirectories": ["fonts"],
///   "fonts": { "ko": "Pretendard", "Arab": "Noto Sans Arabic" },
///   "systemFallback": false,
///   "catalogs": ["Localizable.xcstrings", "android/res"],
///   "placeholders": { "integer": "88888" },
///   "defaults": { "style": "body", "width": 320, "lineLimit": 0, "truncation": false,
///                 "categories": "xS...AX5", "device": "iphone" },
///   "rules": [ { "keys": "button.*", "style": "headline", "width": 120, "lineLimit": 1,
///                "categories": "xS...AX3" } ] }
/// ```
///
/// - `typography`, `fontDirectories`, `catalogs`: paths, absolute or relative to the constraints file's
///   folder. Without `typography`, Apple's system text styles (`Typography.system`) are used.
/// - `fonts`: a language code (`ko`, `pt-BR`; an entry's language matches a key exactly, then by
///   its primary subtag, `pt-BR` → `pt`) or an ISO 15924 script code (`Hang`, `Arab`, `Deva`;
///   four letters, capitalised) → a family registered from `fontDirectories`.
/// - `systemFallback`: `true` adds the machine's fonts (fontconfig) as the last resort for
///   characters no registered face has; `false` by default, so runs are hermetic.
/// - `placeholders`: `PlaceholderSamples`' own JSON form.
/// - `defaults` and each rule: `style` (a text style or a typography token), `width` (points),
///   `lineLimit` (0 for none), `truncation` (whether a truncated label is acceptable),
///   `categories` (`"A...B"`, one name, or a list of names), `device`. A rule also has `keys`,
///   a glob (`KeyGlob`); the first rule whose `keys` match wins, and its unset fields come from
///   `defaults`. Keys no rule matches use `defaults`, or are skipped when there are none.
///
/// Unknown fields are errors (a misspelt `lineLimt` would otherwise be ignored). Limits: the file
/// at most ``maximumFileSize`` bytes, at most ``maximumRules`` rules.
public struct CheckConstraints: Sendable {
  /// Catalogs listed in the file, resolved against its folder.
  public var catalogs: [URL] = []
  /// Placeholder samples.
  public var placeholders = PlaceholderSamples()
  /// The constraints file, when read from one.
  public var file: URL?
  /// The SHA-256 of the constraints file's bytes (hexadecimal), when read from one: part of a
  /// run's digest (``CheckPlan/digest``).
  public var fileDigest: String?
  /// The typography styles and tokens are read from; `Typography.system` by default.
  public var typography: Typography = .system
  /// The typography file, resolved against the constraints file's folder, when it names one.
  public var typographyFile: URL?
  /// Folders whose fonts were registered, resolved against the file's folder.
  public var fontDirectories: [URL] = []
  /// Families by language code (lowercased, `_` as `-`: `pt-br`).
  public var languageFonts: [String: String] = [:]
  /// Families by ISO 15924 script code (`Hang`).
  public var scriptFonts: [String: String] = [:]
  /// Whether fontconfig's fonts are the cascade's last resort.
  public var systemFallback = false
  /// Settings for keys no rule matches, and for fields a rule leaves unset.
  public var defaults: CheckSettings?
  /// The rules, first match wins.
  public var rules: [CheckRule] = []
  /// The file's top-level `"platform"`, or `nil` when each entry's catalog decides.
  public var platform: CheckPlatform?
  /// The registry holding `fontDirectories`' fonts, or `nil` for one with the embedded faces only
  /// (the runner creates it).
  public var registry: FontRegistry?

  /// The largest constraints file read: 4 MiB.
  public static let maximumFileSize = 4 << 20
  /// The most rules a file may have: 10,000.
  public static let maximumRules = 10_000
  /// The widest label: 100,000 points.
  public static let maximumWidth = 100_000.0
  /// The largest line limit: 10,000.
  public static let maximumLineLimit = 10_000

  /// Creates constraints in code: no rules, no defaults, the system typography.
  public init() {}

  /// The rule an entry's key is checked against: the first rule whose pattern matches, filled
  /// from `defaults`; `defaults` alone when none matches; `nil` when there are no defaults
  /// either.
  ///
  /// - Parameter key: The key.
  /// - Returns: The resolved rule, or `nil`.
  public func rule(for key: String) -> CheckRule.Resolved? {
    rule(at: ruleIndex(for: key))
  }

  /// The rule an entry is checked against, its platform decided: the rule's, `defaults`', the
  /// file's, else Android for an entry of an Android `strings.xml` and iOS otherwise.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - isAndroidEntry: Whether the entry comes from an Android catalog.
  /// - Returns: The resolved rule, or `nil`.
  public func rule(for key: String, isAndroidEntry: Bool) -> CheckRule.Resolved? {
    rule(at: ruleIndex(for: key, isAndroidEntry: isAndroidEntry), isAndroidEntry: isAndroidEntry)
  }

  /// The platform an entry is checked for before its rule is chosen: Android for an entry of
  /// an Android `strings.xml`, otherwise the file's `"platform"`, else iOS.
  ///
  /// - Parameter isAndroidEntry: Whether the entry comes from an Android catalog.
  /// - Returns: The platform.
  public func entryPlatform(isAndroidEntry: Bool) -> CheckPlatform {
    isAndroidEntry ? .android : (platform ?? .iOS)
  }

  /// The index in ``rules`` of the first rule for an entry: its pattern matches the key, and
  /// the rule names no `"platform"` or the entry's (``entryPlatform(isAndroidEntry:)``).
  ///
  /// So one constraints file serves an app's iOS and Android strings: a rule with
  /// `"platform": "android"` (a catch-all `"*"` among them) never takes an iOS entry, and an
  /// iOS rule never takes an Android one.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - isAndroidEntry: Whether the entry comes from an Android catalog.
  /// - Returns: The index, or `nil` when no rule is for the entry.
  public func ruleIndex(for key: String, isAndroidEntry: Bool) -> Int? {
    let entry = entryPlatform(isAndroidEntry: isAndroidEntry)
    return rules.firstIndex { rule in
      (rule.settings.platform == nil || rule.settings.platform == entry) && rule.keys.matches(key)
    }
  }

  /// The rule at an index of ``rules`` (or `defaults` for `nil`), its platform decided as
  /// ``rule(for:isAndroidEntry:)`` decides it.
  public func rule(at index: Int?, isAndroidEntry: Bool) -> CheckRule.Resolved? {
    let name: String
    let settings: CheckSettings
    if let index {
      name = rules[index].keys.pattern
      settings = rules[index].settings.filled(from: defaults)
    } else if let defaults {
      name = "defaults"
      settings = defaults
    } else {
      return nil
    }
    return CheckRule.Resolved(
      name: name,
      settings: settings.deciding(filePlatform: platform, isAndroidEntry: isAndroidEntry))
  }

  /// The index in ``rules`` of the first rule whose pattern matches the key.
  ///
  /// - Parameter key: The key.
  /// - Returns: The index, or `nil` when no rule matches.
  public func ruleIndex(for key: String) -> Int? {
    rules.firstIndex { $0.keys.matches(key) }
  }

  /// The rule at an index of ``rules`` filled from `defaults`, or `defaults` alone for `nil`.
  ///
  /// - Parameter index: An index of ``rules`` (``ruleIndex(for:)``'s), or `nil`.
  /// - Returns: The resolved rule, or `nil` for no index and no defaults.
  public func rule(at index: Int?) -> CheckRule.Resolved? {
    rule(at: index, isAndroidEntry: false)
  }

  /// The family `fonts` names for a language, or for the text's dominant script.
  ///
  /// The language matches a key exactly (ignoring case, `_` as `-`), then by its primary subtag
  /// (`pt-BR` → `pt`); failing both, the script most of the text's letters are in (UAX #24
  /// Script property, from ICU) picks a family by its ISO 15924 code.
  ///
  /// - Parameters:
  ///   - language: The entry's language code.
  ///   - text: The text to lay out.
  /// - Returns: The family, or `nil` for the typography's own.
  public func fontFamily(language: String, text: String) -> String? {
    let tag = Self.normalizedLanguage(language)
    if let family = languageFonts[tag] { return family }
    if let primary = tag.split(separator: "-").first, let family = languageFonts[String(primary)] {
      return family
    }
    guard !scriptFonts.isEmpty, let script = ScriptTags.dominantScript(of: text) else {
      return nil
    }
    return scriptFonts[script]
  }

  static func normalizedLanguage(_ code: String) -> String {
    // Most codes are already lowercase with hyphens; Foundation's replacing costs as much as a
    // short layout, so it runs only when there is something to change.
    guard code.utf8.contains(where: { $0 == UInt8(ascii: "_") || (65...90).contains($0) })
    else { return code }
    return code.lowercased().replacingOccurrences(of: "_", with: "-")
  }

  /// Reads a constraints file: decodes it, loads the typography, registers the font folders and
  /// checks every `style` and `fonts` family against them.
  ///
  /// - Parameter url: The JSON file.
  /// - Returns: The constraints.
  /// - Throws: ``CheckError`` naming the file and the JSON path (`rules[2].categories`) or the
  ///   line and column of a syntax error, the bad value and what is valid.
  public static func load(contentsOf url: URL) throws(CheckError) -> CheckConstraints {
    let data = try readLimited(url, limit: maximumFileSize, what: "constraints file")
    let raw: _File
    do {
      raw = try JSONDecoder().decode(_File.self, from: data)
    } catch let error as DecodingError {
      throw CheckError(message(for: error, data: data, path: url.path))
    } catch {
      throw CheckError("\(url.path): \(error.localizedDescription)")
    }
    var constraints = try resolve(raw, file: url)
    constraints.fileDigest = SHA256Digest.hash(data).hex
    return constraints
  }

  // MARK: - Resolving

  /// A path from the file: absolute as written, else relative to the file's folder.
  static func path(_ folder: URL, _ path: String) -> URL {
    path.hasPrefix("/")
      ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
  }

  private static func resolve(_ raw: _File, file url: URL) throws(CheckError) -> CheckConstraints {
    let folder = url.deletingLastPathComponent()
    func place(_ path: String) -> String { "\(url.path): \(path)" }
    var constraints = CheckConstraints()
    constraints.file = url
    constraints.systemFallback = raw.systemFallback ?? false
    constraints.placeholders = raw.placeholders ?? PlaceholderSamples()
    constraints.catalogs = (raw.catalogs ?? []).map { path(folder, $0) }
    constraints.defaults = raw.defaults
    guard (raw.rules ?? []).count <= maximumRules else {
      throw CheckError(
        place("rules") + ": \(raw.rules?.count ?? 0) rules; at most \(maximumRules) are read")
    }
    constraints.rules = raw.rules ?? []
    constraints.platform = raw.platform
    try constraints.validatePlatforms(filePlatform: raw.platform, place: place)

    if let path = raw.typography {
      let typographyURL = Self.path(folder, path)
      constraints.typographyFile = typographyURL
      do throws(TypeScaleError) {
        constraints.typography = try Typography.load(typographyURL)
      } catch {
        throw CheckError(place("typography") + ": \(error.message)")
      }
    }
    // Every style named anywhere must be a text style or a token of the typography.
    let named =
      [("defaults.style", raw.defaults?.style)]
      + (raw.rules ?? []).enumerated().map {
        ("rules[\($0.offset)].style", $0.element.settings.style)
      }
    for case (let path, let style?) in named where !path.isEmpty {
      do throws(TypeScaleError) {
        _ = try constraints.typography.entry(for: Typography.TokenName(style))
      } catch {
        throw CheckError(place(path) + ": \(error.message)")
      }
    }

    let needsRegistry = !(raw.fontDirectories ?? []).isEmpty || !(raw.fonts ?? [:]).isEmpty
    if needsRegistry {
      let registry: FontRegistry
      do throws(FontError) {
        registry = try FontRegistry()
      } catch {
        throw CheckError(place("fontDirectories") + ": \(error.message)")
      }
      for (index, path) in (raw.fontDirectories ?? []).enumerated() {
        let directory = Self.path(folder, path)
        constraints.fontDirectories.append(directory)
        let registration: DirectoryRegistration
        do throws(FontError) {
          registration = try registry.registerFonts(in: directory)
        } catch {
          throw CheckError(place("fontDirectories[\(index)]") + ": \(error.message)")
        }
        if let failure = registration.failures.first {
          throw CheckError(
            place("fontDirectories[\(index)]") + ": \(failure.description); remove the file or "
              + "fix it")
        }
      }
      constraints.registry = registry
      try resolveFonts(raw.fonts ?? [:], registry: registry, into: &constraints, place: place)
    }
    return constraints
  }

  private static func resolveFonts(
    _ fonts: [String: String], registry: FontRegistry, into constraints: inout CheckConstraints,
    place: (String) -> String
  ) throws(CheckError) {
    for (key, family) in fonts.sorted(by: { $0.key < $1.key }) {
      let path = "fonts.\(key)"
      if key.count == 4, key.first?.isUppercase == true,
        key.dropFirst().allSatisfy({ $0.isLowercase && $0.isASCII })
      {
        guard ScriptTags.isKnown(key) else {
          throw CheckError(
            place(path) + ": \"\(key)\" is not an ISO 15924 script code ICU knows; use one "
              + "such as Hang, Arab, Deva, Thai, Hebr, Cyrl, Jpan")
        }
        constraints.scriptFonts[key] = family
      } else {
        guard isLanguageTag(key) else {
          throw CheckError(
            place(path) + ": \"\(key)\" is neither a language code (ko, pt-BR, zh-Hant) nor an "
              + "ISO 15924 script code (Hang, Arab, Deva)")
        }
        constraints.languageFonts[normalizedLanguage(key)] = family
      }
      guard !registry.faces(family: family).isEmpty else {
        let families = registry.families
        throw CheckError(
          place(path) + ": no family \"\(family)\" is registered; "
            + (families.isEmpty
              ? "no fonts are registered (list folders of font files in fontDirectories)"
              : "registered families: \(families.joined(separator: ", "))"))
      }
    }
  }

  /// A BCP 47-shaped tag: 2–3 letters, then subtags of 1–8 letters or digits.
  static func isLanguageTag(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    guard let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy {
      (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }

  // MARK: - Reading

  /// Reads a file of at most `limit` bytes through `BoundedFile`: a FIFO, a device or a folder
  /// is named as such before any byte is read, and the size is checked first.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - limit: The most bytes read.
  ///   - what: What the file should be, for the message: "constraints file", "report".
  /// - Returns: The bytes.
  /// - Throws: ``CheckError`` naming the file, what it is or its size and the limit.
  package static func readLimited(_ url: URL, limit: Int, what: String) throws(CheckError)
    -> Data
  {
    do throws(BoundedFile.Failure) {
      return try BoundedFile.read(url, limit: limit)
    } catch {
      throw CheckError(BoundedFile.message(for: error, path: url.path, what: what))
    }
  }
}
