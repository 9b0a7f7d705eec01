// SPDX-License-Identifier: Apache-2.0

internal import CUnicode
import TypeScaleInternals

/// Numbers that CLDR's plural rules put in a given category, per language, from ICU.
///
/// A plural variant is laid out with a number the language really uses for it: Russian `few`
/// gets 2, `many` gets 0 (the first of 0, 5–20, 25–30, …), Arabic `two` gets 2, French `many`
/// gets 1000000. The search is `CUnicode_pluralSample` (ICU's `uplrules_select` over 0…1000,
/// then powers of ten, then decimals), so the number is the smallest one in the category.
/// Results are cached per (language, category) for the life of the process.
public enum PluralSamples {
  private static let cache = Locked<[String: String?]>([:])

  /// A number whose CLDR cardinal plural category in `language` is `category`, such as `"2"`
  /// for Russian `few`, or `nil` when the language has no such category (Japanese `one`).
  ///
  /// - Parameters:
  ///   - category: `zero`, `one`, `two`, `few`, `many` or `other`.
  ///   - language: A BCP 47 code as catalogs write it (`ru`, `pt-BR`, `zh-Hans`); an unknown
  ///     language gets CLDR's root rules, where every number is `other`.
  /// - Returns: The number as ASCII digits, or `nil`.
  public static func number(for category: String, language: String) -> String? {
    let cacheKey = language + "\u{0}" + category
    if let cached = cache.withLock({ $0[cacheKey] }) { return cached }
    let locale = language.replacingOccurrences(of: "-", with: "_")
    var status: Int32 = 0
    var buffer = [CChar](repeating: 0, count: Int(CUnicode_pluralSampleCapacity))
    let found = buffer.withUnsafeMutableBufferPointer { out -> Bool in
      guard let base = out.baseAddress else { return false }
      return CUnicode_pluralSample(locale, category, base, &status)
    }
    let result: String? =
      found && !CUnicode_isFailure(status)
      ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : nil
    cache.withLock { $0[cacheKey] = .some(result) }
    return result
  }

  /// Whether CLDR's cardinal rules for `language` put `number` in `category`.
  ///
  /// - Parameters:
  ///   - number: A number as ASCII digits, with an optional fraction (`88888`, `1.5`).
  ///   - category: `zero`, `one`, `two`, `few`, `many` or `other`.
  ///   - language: A BCP 47 code as catalogs write it.
  /// - Returns: `true` when ICU selects `category` for the number; `false` for text that is not
  ///   a number.
  public static func number(_ number: String, isIn category: String, language: String) -> Bool {
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      let value = Double(number)
    else { return false }
    let cacheKey = language + "\u{0}" + number
    if let cached = categories.withLock({ $0[cacheKey] }) { return cached == category }
    let found = Self.category(of: value, language: language)
    categories.withLock { if $0.count < 4096 { $0[cacheKey] = found } }
    return found == category
  }

  private static let categories = Locked<[String: String]>([:])

  /// The category ICU gives `value` in `language`, or "" when the rules cannot be opened.
  private static func category(of value: Double, language: String) -> String {
    let locale = language.replacingOccurrences(of: "-", with: "_")
    var status: Int32 = 0
    var buffer = [CChar](repeating: 0, count: 16)
    let found = buffer.withUnsafeMutableBufferPointer { out -> Bool in
      guard let base = out.baseAddress else { return false }
      return CUnicode_pluralCategory(locale, value, base, &status)
    }
    guard found, !CUnicode_isFailure(status) else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
