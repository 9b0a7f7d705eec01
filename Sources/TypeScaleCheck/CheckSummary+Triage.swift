// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

extension CheckSummary {
  /// One language's failures: how many of its translations fail, and at each category.
  public struct LanguageFailures: Hashable, Sendable {
    /// The language.
    public var language: String
    /// Its translations.
    public var translations: Int
    /// Its failing translations.
    public var failing: Int
    /// Its failing translations new against the baseline.
    public var new: Int
    /// Failing translations at each of ``CheckSummary/categories``, in that order.
    public var byCategory: [Int]
  }

  /// One rule's failures.
  public struct RuleFailures: Hashable, Sendable {
    /// The rule.
    public var rule: Rule
    /// The translations it covers.
    public var translations: Int
    /// Those that fail.
    public var failing: Int
    /// The keys with a failing translation.
    public var failingKeys: Int
  }

  /// One key's failures across languages.
  public struct KeyFailures: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The indices in ``CheckSummary/rows`` of its translations, in catalog order.
    public var rows: [Int]
    /// The languages it has.
    public var languages: Int
    /// The languages in which a translation fails.
    public var failingLanguages: Int
    /// Failing categories summed over its translations (baselined ones included).
    public var failureCount: Int
    /// Its translations that fail and no baseline accepts.
    public var newFailures: Int
    /// The smallest category at which any translation fails.
    public var firstFailure: SizeStep?
  }

  /// Failures by language, most failing first (then by language code); languages with none
  /// are included, last.
  public var languagesByFailures: [LanguageFailures] {
    let columns = Dictionary(uniqueKeysWithValues: categories.enumerated().map { ($1, $0) })
    var table = languages.map {
      LanguageFailures(
        language: $0, translations: 0, failing: 0, new: 0,
        byCategory: Array(repeating: 0, count: categories.count))
    }
    for row in rows {
      let index = Int(row.language)
      table[index].translations += 1
      guard row.fails else { continue }
      table[index].failing += 1
      if !row.isBaselined { table[index].new += 1 }
      for category in row.failures {
        if let column = columns[category] { table[index].byCategory[column] += 1 }
      }
    }
    return table.sorted {
      $0.failing != $1.failing
        ? $0.failing > $1.failing
        : $0.language.unicodeScalars.lexicographicallyPrecedes($1.language.unicodeScalars)
    }
  }

  /// Failures by rule, most failing first, then in the constraints' order.
  public var rulesByFailures: [RuleFailures] {
    var table = rules.map { RuleFailures(rule: $0, translations: 0, failing: 0, failingKeys: 0) }
    var keys = Array(repeating: Set<Int32>(), count: rules.count)
    for row in rows {
      let index = Int(row.rule)
      table[index].translations += 1
      guard row.fails else { continue }
      table[index].failing += 1
      keys[index].insert(row.key)
    }
    for index in table.indices { table[index].failingKeys = keys[index].count }
    return table.enumerated().sorted {
      $0.element.failing != $1.element.failing
        ? $0.element.failing > $1.element.failing : $0.offset < $1.offset
    }.map(\.element)
  }

  /// For each category of ``categories``, how many failing translations start failing there
  /// (their smallest failing category).
  public var firstFailingCategories: [Int] {
    let columns = Dictionary(uniqueKeysWithValues: categories.enumerated().map { ($1, $0) })
    var counts = Array(repeating: 0, count: categories.count)
    for row in rows {
      if let first = row.firstFailure, let column = columns[first] { counts[column] += 1 }
    }
    return counts
  }

  /// Every key with its translations, in the order keys first appear.
  public var keyFailures: [KeyFailures] {
    var table = keys.map {
      KeyFailures(
        key: $0, rows: [], languages: 0, failingLanguages: 0, failureCount: 0, newFailures: 0,
        firstFailure: nil)
    }
    var seen = Array(repeating: Set<Int32>(), count: keys.count)
    var failingSeen = Array(repeating: Set<Int32>(), count: keys.count)
    for (offset, row) in rows.enumerated() {
      let index = Int(row.key)
      table[index].rows.append(offset)
      seen[index].insert(row.language)
      guard row.fails else { continue }
      failingSeen[index].insert(row.language)
      table[index].failureCount += row.failures.count
      if !row.isBaselined { table[index].newFailures += 1 }
      if let first = row.firstFailure, table[index].firstFailure.map({ first < $0 }) ?? true {
        table[index].firstFailure = first
      }
    }
    for index in table.indices {
      table[index].languages = seen[index].count
      table[index].failingLanguages = failingSeen[index].count
    }
    return table
  }

  /// The keys that fail in the most languages, then with the most failing categories, then by
  /// key (Unicode scalars); keys that do not fail are left out.
  ///
  /// - Parameter limit: The most keys returned; `nil` for all.
  /// - Returns: The keys.
  public func keysByFailingLanguages(limit: Int? = nil) -> [KeyFailures] {
    let sorted = keyFailures.filter { $0.failureCount > 0 }.sorted {
      $0.failingLanguages != $1.failingLanguages
        ? $0.failingLanguages > $1.failingLanguages
        : $0.failureCount != $1.failureCount
          ? $0.failureCount > $1.failureCount
          : $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
    }
    return limit.map { Array(sorted.prefix($0)) } ?? sorted
  }

  /// The keys worst first, as the reports list them: most failing categories summed over the
  /// key's translations, then by key (Unicode scalars); keys that do not fail are left out.
  ///
  /// - Parameter limit: The most keys returned; `nil` for all.
  /// - Returns: The keys.
  public func worstKeys(limit: Int? = nil) -> [KeyFailures] {
    let sorted = keyFailures.filter { $0.failureCount > 0 }.sorted {
      $0.failureCount != $1.failureCount
        ? $0.failureCount > $1.failureCount
        : $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
    }
    return limit.map { Array(sorted.prefix($0)) } ?? sorted
  }

  /// The keys with failures no baseline accepts, most such translations first, then by key.
  public var keysWithNewFailures: [KeyFailures] {
    keyFailures.filter { $0.newFailures > 0 }.sorted {
      $0.newFailures != $1.newFailures
        ? $0.newFailures > $1.newFailures
        : $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
    }
  }
}
