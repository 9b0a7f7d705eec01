// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// Known failures a run accepts: `--baseline FILE`, written by `--update-baseline`.
///
/// The file is JSON, sorted so that it diffs well and is byte-identical for the same failures:
///
/// ```json
/// {"version":1,"accepted":[{"id":"button.subscribe|de","categories":["AX1","AX2"]}]}
/// ```
///
/// `id` is ``CheckResult/id`` (key, language, variant). A result is accepted when every category
/// it fails at is among its id's accepted categories: a failure at a category the baseline does
/// not list is new, and fails the run, even when the same string failed elsewhere before.
public struct CheckBaseline: Hashable, Sendable {
  /// Accepted failing categories by result id.
  public var accepted: [String: Set<SizeStep>]

  /// The file format's version: 1.
  public static let version = 1
  /// The largest baseline file read: 64 MiB.
  public static let maximumFileSize = 64 << 20

  /// Creates a baseline of a report's failures.
  ///
  /// - Parameter report: A report.
  public init(failuresOf report: CheckReport) {
    var accepted: [String: Set<SizeStep>] = [:]
    for result in report.results where result.fails {
      accepted[result.id, default: []].formUnion(result.failures)
    }
    self.accepted = accepted
  }

  /// Creates a baseline that accepts the given failing categories by result id.
  ///
  /// - Parameter accepted: Accepted failing categories by ``CheckResult/id``.
  public init(accepted: [String: Set<SizeStep>]) {
    self.accepted = accepted
  }

  /// Creates a baseline that accepts the given failing categories by result id.
  ///
  /// - Parameter accepted: Accepted failing categories by ``CheckResult/id``.
  public init(accepted: [String: Set<ContentSizeCategory>]) {
    self.accepted = accepted.mapValues { Set($0.map(SizeStep.category)) }
  }

  /// Creates a baseline of a summary's failures: every failing row's failing categories.
  ///
  /// - Parameter summary: A run's summary.
  public init(failuresOf summary: CheckSummary) {
    var accepted: [String: Set<SizeStep>] = [:]
    for row in summary.rows where row.fails {
      accepted[summary.id(of: row), default: []].formUnion(row.failures)
    }
    self.accepted = accepted
  }

  /// Reads the baseline file a run was given, saying how to record one when there is none.
  ///
  /// - Parameter path: The file, as given; messages quote it.
  /// - Throws: ``CheckError`` for a missing file (naming `--update-baseline`, which records
  ///   one), or as ``init(contentsOf:)`` does.
  public init(atPath path: String) throws(CheckError) {
    guard FileManager.default.fileExists(atPath: path) else {
      throw CheckError(
        "\(path): no such baseline file; record one with '--baseline \(path) --update-baseline'")
    }
    try self.init(contentsOf: URL(fileURLWithPath: path))
  }

  /// Reads a baseline file.
  ///
  /// - Parameter url: The file.
  /// - Throws: ``CheckError`` naming the file and what is wrong in it.
  public init(contentsOf url: URL) throws(CheckError) {
    let data = try CheckConstraints.readLimited(
      url, limit: Self.maximumFileSize, what: "baseline")
    let file: _File
    do {
      file = try JSONDecoder().decode(_File.self, from: data)
    } catch let error as DecodingError {
      throw CheckError(CheckConstraints.message(for: error, data: data, path: url.path))
    } catch {
      throw CheckError("\(url.path): \(error.localizedDescription)")
    }
    guard file.version == Self.version else {
      throw CheckError(
        "\(url.path): version: baseline version \(file.version) is not supported; this "
          + "typescale reads version \(Self.version) (write it again with --update-baseline)")
    }
    var accepted: [String: Set<SizeStep>] = [:]
    for item in file.accepted { accepted[item.id, default: []].formUnion(item.categories) }
    self.accepted = accepted
  }

  /// The file's bytes: ids sorted, categories smallest first, one entry per line.
  public var data: Data {
    var text = "{\"version\":\(Self.version),\"accepted\":["
    let ids = accepted.keys.sorted()
    for (index, id) in ids.enumerated() {
      let categories = (accepted[id] ?? []).sorted().map(Self.stepJSON)
      text += index == 0 ? "\n" : ",\n"
      text +=
        "{\"id\":\(Self.jsonString(id)),\"categories\":[\(categories.joined(separator: ","))]}"
    }
    text += ids.isEmpty ? "]}\n" : "\n]}\n"
    return Data(text.utf8)
  }

  /// Writes the baseline atomically: a temporary file beside it, synced, then renamed over it
  /// (a symbolic link is followed and stays a link; a device such as `/dev/null` is written
  /// through, never replaced).
  ///
  /// - Parameter url: The file; its folder must exist.
  /// - Throws: ``CheckError`` naming the file and the failed call; the file is then unchanged.
  public func write(to url: URL) throws(CheckError) {
    do throws(OutputFileError) {
      try OutputFile.write(data, to: url.path)
    } catch {
      throw CheckError(error.message, cause: error)
    }
  }

  /// The report with every failure this baseline accepts marked ``CheckResult/isBaselined``.
  ///
  /// A result is baselined when it fails and its failures are a subset of the categories
  /// accepted for its ``CheckResult/id``; any other result is marked not baselined.
  ///
  /// - Parameter report: A report.
  /// - Returns: The marked report.
  public func apply(to report: CheckReport) -> CheckReport {
    var marked = report
    for index in marked.results.indices {
      marked.results[index].isBaselined = accepts(marked.results[index])
    }
    return marked
  }

  /// Whether the baseline accepts a result: it fails, and only at categories accepted for its
  /// ``CheckResult/id``.
  ///
  /// - Parameter result: A result.
  /// - Returns: Whether it is baselined.
  public func accepts(_ result: CheckResult) -> Bool {
    let failures = Set(result.failures)
    return !failures.isEmpty && failures.isSubset(of: accepted[result.id] ?? [])
  }

  /// A step as the file writes it: a category's quoted short name, a font scale's number.
  static func stepJSON(_ step: SizeStep) -> String {
    switch step {
    case .category(let category): "\"\(category.shortName)\""
    case .fontScale(let scale): SizeStep.scaleText(scale)
    }
  }

  private static func jsonString(_ text: String) -> String {
    let encoded = try? JSONEncoder().encode(text)
    return encoded.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
  }

  private struct _File: Decodable {
    struct Item: Decodable {
      var id: String
      var categories: [SizeStep]
    }
    var version: Int
    var accepted: [Item]
  }
}
