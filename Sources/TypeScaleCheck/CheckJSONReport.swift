// SPDX-License-Identifier: Apache-2.0

import Foundation

/// The report as JSON: `check --json`'s output and what `check merge` reads back.
///
/// The JSON is the compact form ``Writer`` streams (version 3): the run's record, one result
/// per line with its rule and file as indices into tables written at the end, and each cell as
/// a six-element array, so nothing derivable is repeated and a run's report is about a third of
/// version 2's size. The same report always gives the same bytes (a CI artifact diffs cleanly);
/// numbers are written in full (Swift's shortest round-trip form), so ``read(_:file:)`` gives
/// back an equal report.
///
/// ```swift
/// let text = CheckJSONReport().write(report)
/// let back = try CheckJSONReport.read(Data(text.utf8), file: "1.json")  // == report
/// ```
public struct CheckJSONReport: Sendable {
  /// The largest report `check merge` reads, in bytes (256 MiB; a run of 100,000 translations
  /// at twelve categories gives a report of about 45 MiB), checked before the file is read.
  public static let maximumFileSize = 256 << 20

  /// Creates a JSON report writer.
  public init() {}

  /// The report as JSON, ending with a newline: what ``Writer`` streams for the same report.
  ///
  /// - Parameter report: A report.
  /// - Returns: The JSON text.
  public func write(_ report: CheckReport) -> String {
    let output = CheckStringOutput()
    let writer = Writer(to: output)
    // Writing to memory cannot fail.
    try? writer.begin(report.runInfo)
    for result in report.results { try? writer.consume(result: result) }
    for skipped in report.skipped { try? writer.consume(skipped: skipped) }
    for warning in report.entryWarnings { try? writer.consume(warning: warning) }
    try? writer.finish(CheckSummary(run: report.runInfo))
    return output.text
  }

  /// Reads a report that `check --json` wrote.
  ///
  /// - Parameters:
  ///   - data: The JSON.
  ///   - file: The file's name for messages.
  /// - Returns: The report.
  /// - Throws: ``CheckError`` with `file:line:column:` when the JSON is malformed, naming the
  ///   version when it is a report of another version than ``CheckReport/currentVersion``, or
  ///   naming the field when it is JSON but not a report.
  public static func read(_ data: Data, file: String) throws(CheckError) -> CheckReport {
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      let (line, column) = position(in: error as NSError, data: data)
      throw CheckError(
        "\(file):\(line):\(column): not valid JSON; expected a report written by "
          + "'typescale check --json'")
    }
    if let version = try? JSONDecoder().decode(_Version.self, from: data).version,
      !CheckReport.readableVersions.contains(version)
    {
      throw CheckError(
        "\(file): report version \(version) is not supported; this typescale reads version "
          + "\(CheckReport.currentVersion), the compact form (write "
          + "the report again with this typescale's 'check --json')")
    }
    do {
      return try JSONDecoder().decode(Compact.self, from: data).report()
    } catch let error as DecodingError {
      let detail: String
      switch error {
      case .keyNotFound(let key, let context):
        detail = "no \"\(key.stringValue)\" in \(path(context.codingPath))"
      case .typeMismatch(let type, let context):
        detail = "\(path(context.codingPath)) is not \(Self.kind(of: type))"
      case .valueNotFound(let type, let context):
        detail = "\(path(context.codingPath)) is null; expected \(Self.kind(of: type))"
      case .dataCorrupted(let context):
        detail = "\(path(context.codingPath)): \(context.debugDescription)"
      @unknown default:
        detail = "\(error)"
      }
      throw CheckError(
        "\(file): not a report of 'typescale check --json': \(detail)")
    } catch {
      throw CheckError("\(file): not a report of 'typescale check --json': \(error)")
    }
  }

  /// The report's `version`, read before the rest so that another version is named as such.
  private struct _Version: Decodable {
    var version: Int
  }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    guard !codingPath.isEmpty else { return "the top level" }
    var text = ""
    for key in codingPath {
      if let index = key.intValue { text += "[\(index)]" } else { text += ".\(key.stringValue)" }
    }
    return "\"\(text.hasPrefix(".") ? String(text.dropFirst()) : text)\""
  }

  private static func kind(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Int32.Type: "an integer"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default: "the expected type (\(type))"
    }
  }

  /// The 1-based line and column of a JSON syntax error: Foundation's message names them
  /// (`around line 3, column 7`); without it, the first byte that cannot start or continue JSON
  /// after the longest valid prefix is unknown, so the end of the data is named.
  private static func position(in error: NSError, data: Data) -> (Int, Int) {
    let texts = [error.userInfo[NSDebugDescriptionErrorKey] as? String, error.description]
    for text in texts.compactMap({ $0 }) {
      if let line = number(after: "line ", in: text),
        let column = number(after: "column ", in: text)
      {
        return (line, column)
      }
    }
    var line = 1
    var column = 1
    for byte in data {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return (line, column)
  }

  private static func number(after marker: String, in text: String) -> Int? {
    guard let range = text.range(of: marker) else { return nil }
    let digits = text[range.upperBound...].prefix(while: \.isNumber)
    return Int(digits)
  }
}
