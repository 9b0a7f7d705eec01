// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

extension CheckReport {
  /// The most shards a message about missing shards names; the rest are counted.
  static let maximumNamedShards = 10

  /// Combines the reports of shards (`typescale check merge`) into one, numbering them
  /// "report 1", "report 2"… in messages.
  ///
  /// - Parameters:
  ///   - reports: The reports, at least one.
  ///   - allowsPartial: Whether missing shards are accepted (the report is then partial).
  /// - Returns: The merged report.
  /// - Throws: ``CheckError`` as ``merged(_:names:allowsPartial:)`` does.
  public static func merged(_ reports: [CheckReport], allowsPartial: Bool = false)
    throws(CheckError) -> CheckReport
  {
    try merged(
      reports, names: reports.indices.map { "report \($0 + 1)" }, allowsPartial: allowsPartial)
  }

  /// Combines the reports of one run's shards (`typescale check merge`) into one.
  ///
  /// The reports must be the whole of one run: every shard `K/N` of the first report's `N`
  /// once, each with the first report's ``constraintsDigest`` (the same constraints file,
  /// inputs and catalog keys). A report without a shard is a whole run (`1/1`). A missing
  /// shard is refused unless `allowsPartial`; the merged report is then ``isPartial``, lists
  /// ``missingShards``, and every key the missing shards hold is an unlaid requirement, which
  /// fails it.
  ///
  /// Results, skipped entries and entry warnings are concatenated in the order of `reports`, then results are
  /// ordered by catalog (in the order the files first appear) and line, as one whole run lists
  /// them. Input errors and warnings are kept once each: every shard reads, and so reports,
  /// every catalog. The merged report has no ``shard``; its ``layouts`` are the shards' sum.
  ///
  /// - Parameters:
  ///   - reports: The reports, at least one.
  ///   - names: What messages call each report (its file); as many as `reports`.
  ///   - allowsPartial: Whether missing shards are accepted (the report is then partial).
  /// - Returns: The merged report.
  /// - Throws: ``CheckError`` with ``CheckError/Code/incompleteMerge`` naming the missing,
  ///   repeated or foreign shard (another digest or shard count), or naming a result two
  ///   reports hold; ``CheckError/Code/invalidInput`` for no reports, another version, or a
  ///   shard that is not `K/N`.
  public static func merged(
    _ reports: [CheckReport], names: [String], allowsPartial: Bool = false
  ) throws(CheckError) -> CheckReport {
    guard let first = reports.first else {
      throw CheckError("nothing to merge; pass the JSON reports of each shard")
    }
    let names = reports.indices.map { $0 < names.count ? DisplayText.quoted(names[$0]) : "?" }
    var shards: [Shard] = []
    for (index, report) in reports.enumerated() {
      guard CheckReport.readableVersions.contains(report.version) else {
        throw CheckError(
          "\(names[index]) has report version \(report.version); this typescale merges version "
            + "\(CheckReport.currentVersion) (run the shards again with this typescale)")
      }
      guard let text = report.shard else {
        shards.append(Shard.whole)
        continue
      }
      do throws(TypeScaleError) {
        shards.append(try Shard(parsing: text))
      } catch {
        throw CheckError("\(names[index]): \(error.message)")
      }
    }
    let count = shards[0].count
    func digest(_ report: CheckReport) -> String {
      report.constraintsDigest.map { String($0.prefix(12)) } ?? "none"
    }
    var owners: [Int: Int] = [:]
    for (index, shard) in shards.enumerated() {
      let report = reports[index]
      guard shard.count == count, report.constraintsDigest == first.constraintsDigest else {
        throw CheckError(
          "\(names[index]) is shard \(shard) of another run (constraints digest "
            + "\(digest(report))); \(names[0]) is shard \(shards[0]) (constraints digest "
            + "\(digest(first))); merge the reports of one run's shards, made with the same "
            + "constraints file, catalogs and --shard K/N count",
          code: .incompleteMerge)
      }
      if let owner = owners[shard.index] {
        throw CheckError(
          "\(names[owner]) and \(names[index]) are both shard \(shard); merge each shard's "
            + "report once",
          code: .incompleteMerge)
      }
      owners[shard.index] = index
    }
    let missing = (1...count).filter { owners[$0] == nil }.map { "\($0)/\(count)" }
    if !missing.isEmpty && !allowsPartial {
      throw CheckError(
        "\(missingText(missing)); pass every shard's report, or --allow-partial to merge "
          + "these into a partial report (which fails for the keys the missing shards hold)",
        code: .incompleteMerge)
    }

    var merged = CheckReport(constraintsDigest: first.constraintsDigest)
    // A partial report merged again stays partial.
    merged.isPartial = !missing.isEmpty || reports.contains(where: \.isPartial)
    merged.missingShards = reports.flatMap(\.missingShards) + missing
    var resultOwners: [String: Int] = [:]
    var seenSkipped: Set<CheckSkipped> = []
    var seenWarnings: Set<CheckEntryWarning> = []
    var seenErrors: Set<CheckInputError> = []
    var requirements: [String: CheckRequirement] = [:]
    var requirementOrder: [String] = []
    for (index, report) in reports.enumerated() {
      for result in report.results {
        let identity = result.file + "\u{0}" + result.id
        if let owner = resultOwners[identity] {
          throw CheckError(
            "\(DisplayText.quoted(result.id)) of \(DisplayText.quoted(result.file)) is in "
              + "\(names[owner]) (shard \(shards[owner])) and \(names[index]) (shard "
              + "\(shards[index])); merge reports of distinct shards of one run (the same N in "
              + "every --shard K/N)",
            code: .incompleteMerge)
        }
        resultOwners[identity] = index
      }
      merged.results += report.results
      merged.skipped += report.skipped.filter { seenSkipped.insert($0).inserted }
      merged.entryWarnings += report.entryWarnings.filter { seenWarnings.insert($0).inserted }
      merged.errors += report.errors.filter { seenErrors.insert($0).inserted }
      merged.layouts += report.layouts
      for warning in report.warnings where !merged.warnings.contains(warning) {
        merged.warnings.append(warning)
      }
      for requirement in report.requirements where requirements[requirement.key] == nil {
        requirements[requirement.key] = requirement
        requirementOrder.append(requirement.key)
      }
    }
    merged.requirements = requirementOrder.compactMap { requirements[$0] }
    if !missing.isEmpty {
      merged.warnings.append(
        "partial report: \(missingText(missing)); the keys those shards hold were not laid out")
    }
    let order = Dictionary(
      merged.results.enumerated().map { ($0.element.file, $0.offset) }, uniquingKeysWith: min)
    merged.results = merged.results.enumerated().sorted { left, right in
      let (a, b) = (left.element, right.element)
      if a.file != b.file { return order[a.file, default: 0] < order[b.file, default: 0] }
      if a.line != b.line { return a.line < b.line }
      return left.offset < right.offset
    }.map(\.element)
    return merged
  }

  /// `shard 4/4 is missing`, `shards 2/4, 4/4 are missing`, at most ``maximumNamedShards``
  /// named and the rest counted.
  static func missingText(_ missing: [String]) -> String {
    guard missing.count > 1 else { return "shard \(missing.first ?? "") is missing" }
    var named = missing.prefix(maximumNamedShards).joined(separator: ", ")
    if missing.count > maximumNamedShards {
      named += " and \(missing.count - maximumNamedShards) more"
    }
    return "shards \(named) are missing"
  }
}
