// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleCheck

/// A whole check through ``CheckSession``: constraints, catalogs, baseline, progress as a
/// sequence, and the reports written together.
@Suite struct CheckSessionTests {
  /// The button rule of ``CheckRunnerTests/buttonConstraints()`` as a constraints file, reading
  /// the `Resources` folder.
  static let constraints = """
    { "catalogs": ["Resources"],
      "rules": [ { "keys": "button.*", "style": "headline", "width": 120, "lineLimit": 1,
                   "truncation": false, "categories": "xS...AX5" } ] }
    """

  /// A folder with the constraints file and a catalog in English and German: the German
  /// button fails from AX1 (``GermanButton``), the English one fits.
  static func project() throws -> CheckFolder {
    let folder = try CheckFolder()
    try folder.write("constraints.json", constraints)
    try folder.write("Resources/en.lproj/Localizable.strings", "\"button.save\" = \"OK\";\n")
    try folder.write(
      "Resources/de.lproj/Localizable.strings", "\"button.save\" = \"\(GermanButton.text)\";\n")
    return folder
  }

  /// Reads a printout into strings.
  static func printed(_ printout: CheckPrintout) throws -> (output: String, errors: String) {
    var output = ""
    var errors = ""
    try printout.print(to: &output, errorOutput: &errors)
    return (output, errors)
  }

  @Test func progress_isASequenceThatEndsWithEveryEntryDone() async throws {
    let folder = try Self.project()
    defer { withExtendedLifetime(folder) {} }
    let session = try CheckSession(
      constraintsPath: folder.url.appendingPathComponent("constraints.json").path)
    async let printout = session.run(writing: CheckOutputs())
    var states: [CheckProgress] = []
    for await state in session.progress { states.append(state) }
    let result = try await printout
    let last = try #require(states.last)
    #expect(last.done == last.total)
    #expect(last.total == 2)
    #expect(last.translations == 2)
    #expect(last.layouts == 24)
    #expect(states.allSatisfy { $0.done <= $0.total })
    #expect(result.exitStatus == 1)
    #expect(result.summary.failingCount == 1)
    let (output, errors) = try Self.printed(result)
    #expect(output.hasPrefix("checked 2 translations of 1 key in 2 languages (24 layouts)"))
    #expect(errors.isEmpty)
    // A session runs once.
    await #expect {
      _ = try await session.run(writing: CheckOutputs())
    } throws: { error in
      (error as? CheckError)?.message.contains("already run") == true
    }
  }

  @Test func run_writesTheJSONReportAndJUnitTogether() async throws {
    let folder = try Self.project()
    defer { withExtendedLifetime(folder) {} }
    let junit = folder.url.appendingPathComponent("check.xml")
    let sarif = folder.url.appendingPathComponent("check.sarif")
    let session = try CheckSession(
      constraints: CheckRunnerTests.buttonConstraints(),
      catalogPaths: [folder.url.appendingPathComponent("Resources").path])
    let outputs = CheckOutputs(printed: .json, junit: junit.path, sarif: sarif.path)
    let result = try await session.run(writing: outputs)
    let (output, errors) = try Self.printed(result)
    let report = try CheckJSONReport.read(Data(output.utf8), file: "check.json")
    #expect(report.results.map(\.id).sorted() == ["button.save|de", "button.save|en"])
    #expect(report.results.filter(\.fails).map(\.language) == ["de"])
    #expect(errors.isEmpty)
    let xml = try String(contentsOf: junit, encoding: .utf8)
    #expect(xml.contains("<testsuites"))
    #expect(xml.contains("failures=\"1\""))
    let sarifText = try String(contentsOf: sarif, encoding: .utf8)
    #expect(sarifText.contains("2.1.0"))
  }

  @Test func run_refusesAReportOverAnInput() async throws {
    let folder = try Self.project()
    defer { withExtendedLifetime(folder) {} }
    let constraints = folder.url.appendingPathComponent("constraints.json").path
    let session = try CheckSession(constraintsPath: constraints)
    await #expect {
      _ = try await session.run(writing: CheckOutputs(html: constraints))
    } throws: { error in
      let error = error as? CheckError
      return error?.code == .outputConflict
        && error?.message.contains("names an input of this run (the constraints file") == true
    }
    // The progress ends even though nothing was laid out.
    for await _ in session.progress {}
  }

  @Test func baseline_recordedThenReused() async throws {
    let folder = try Self.project()
    defer { withExtendedLifetime(folder) {} }
    let constraints = folder.url.appendingPathComponent("constraints.json").path
    let baseline = folder.url.appendingPathComponent("baseline.json").path
    let options = CheckSession.Options(baselinePath: baseline)

    let missing = try CheckSession(constraintsPath: constraints, options: options)
    await #expect {
      _ = try await missing.run(writing: CheckOutputs())
    } throws: { error in
      (error as? CheckError)?.message
        == "\(baseline): no such baseline file; record one with '--baseline \(baseline) "
        + "--update-baseline'"
    }

    let recorder = try CheckSession(constraintsPath: constraints, options: options)
    let recorded = try await recorder.recordBaseline()
    #expect(recorded.exitStatus == 0)
    #expect(try Self.printed(recorded).output == "recorded 1 failing translation in \(baseline)\n")
    let file = try CheckBaseline(atPath: baseline)
    #expect(file.accepted.keys.sorted() == ["button.save|de"])

    let again = try CheckSession(constraintsPath: constraints, options: options)
    let result = try await again.run(writing: CheckOutputs())
    #expect(result.exitStatus == 0)
    #expect(result.summary.failingCount == 1)
    #expect(result.summary.newFailureCount == 0)
  }
}
