// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#endif

/// `typescale check` and `check merge` never write over an input or another output, write
/// devices and links through, and change none of their outputs when one cannot be written.
@Suite struct CheckOutputsTests {
  /// A fresh folder with the end-to-end catalog and constraints.
  private func project() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-check-outputs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(CheckEndToEndTests.catalog.utf8).write(
      to: folder.appendingPathComponent("Localizable.xcstrings"))
    try Data(CheckEndToEndTests.constraints.utf8).write(
      to: folder.appendingPathComponent("constraints.json"))
    return folder
  }

  private static let hint = " (see 'typescale check --help')\n"

  /// `--html`, `--junit`, `--sarif` naming the catalog (given, or listed in the constraints
  /// file) or the constraints file: exit 2 before any work, naming both, every input unchanged.
  @Test(arguments: [
    ("--html", "catalog", true), ("--junit", "catalog", false), ("--sarif", "constraints", true),
  ])
  func check_outputNamingAnInput_isAUsageErrorAndTheInputIsIntact(
    option: String, input: String, givesCatalog: Bool
  ) async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let catalog = folder.appendingPathComponent("Localizable.xcstrings").path
    let constraints = folder.appendingPathComponent("constraints.json").path
    let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
    let constraintsBefore = try Data(contentsOf: URL(fileURLWithPath: constraints))
    let target = input == "catalog" ? catalog : constraints
    let run = await typescale(
      ["check", constraints] + (givesCatalog ? [catalog] : []) + [option, target])
    #expect(run.status == 2)
    let role = input == "catalog" ? "the catalog" : "the constraints file"
    #expect(
      run.error
        == "error: \(option) \(target) names an input of this run (\(role) \(target)); choose "
        + "another output path" + Self.hint)
    #expect(run.output.isEmpty)
    #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)
    #expect(try Data(contentsOf: URL(fileURLWithPath: constraints)) == constraintsBefore)
  }

  /// A catalog folder: an output the loader would read inside it is refused; a report is not.
  @Test func check_outputInsideTheCatalogFolder_isRefusedWhenTheLoaderWouldReadIt() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let constraints = folder.appendingPathComponent("constraints.json").path
    let inside = folder.appendingPathComponent("Other.xcstrings").path
    let run = await typescale("check", constraints, folder.path, "--sarif", inside)
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: --sarif \(inside) names a file this run reads in the catalog folder "
        + "\(folder.path); choose another output path" + Self.hint)
    #expect(!FileManager.default.fileExists(atPath: inside))
    let report = folder.appendingPathComponent("check.sarif").path
    let allowed = await typescale("check", constraints, folder.path, "--sarif", report)
    #expect(allowed.status == 1, "\(allowed.error)")
    #expect(FileManager.default.fileExists(atPath: report))
  }

  /// The baseline is an input unless `--update-baseline` writes it; as an output it must not
  /// be another output.
  @Test func check_baselineAsInputOrAsOutput_isNeverWrittenOver() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let constraints = folder.appendingPathComponent("constraints.json").path
    let baseline = folder.appendingPathComponent("baseline.json").path
    let recorded = await typescale(
      "check", constraints, "--baseline", baseline, "--update-baseline")
    #expect(recorded.status == 0, "\(recorded.error)")
    let before = try Data(contentsOf: URL(fileURLWithPath: baseline))

    let overInput = await typescale(
      "check", constraints, "--baseline", baseline, "--junit", baseline)
    #expect(overInput.status == 2)
    #expect(
      overInput.error
        == "error: --junit \(baseline) names an input of this run (the baseline \(baseline)); "
        + "choose another output path" + Self.hint)

    let twice = await typescale(
      "check", constraints, "--baseline", baseline, "--update-baseline", "--html", baseline)
    #expect(twice.status == 2)
    #expect(
      twice.error
        == "error: --html \(baseline) and --baseline \(baseline) name the same file; choose "
        + "another path for one of them" + Self.hint)
    #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == before)
  }

  /// `--junit /dev/null` is written through: the run completes and /dev/null stays a device.
  @Test func check_junitDevNull_isWrittenThrough() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--junit", "/dev/null",
      "--sarif", "/dev/null")
    #expect(run.status == 1, "\(run.error)")
    var info = stat()
    #expect(lstat("/dev/null", &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFCHR)
  }

  /// A symbolic link as the output: its target gets the report and the link stays a link.
  @Test func check_symbolicLinkOutput_staysALink() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let real = folder.appendingPathComponent("real.xml").path
    try Data("old".utf8).write(to: URL(fileURLWithPath: real))
    let link = folder.appendingPathComponent("check.xml").path
    #expect(symlink("real.xml", link) == 0)
    let run = await typescale(
      "check", folder.appendingPathComponent("constraints.json").path, "--junit", link)
    #expect(run.status == 1, "\(run.error)")
    var info = stat()
    #expect(lstat(link, &info) == 0)
    #expect(info.st_mode & S_IFMT == S_IFLNK)
    #expect(try String(contentsOfFile: real, encoding: .utf8).contains("<testsuites"))
  }

  /// The third report failing to be written (an injected ENOSPC) leaves the first two as they
  /// were, and no temporary file.
  @Test func check_thirdOutputFailing_changesNoOutput() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let paths = ["a.xml", "b.sarif", "c.html"].map { folder.appendingPathComponent($0).path }
    for path in paths { try Data("old".utf8).write(to: URL(fileURLWithPath: path)) }
    let run = await OutputFile.$injectedFailure.withValue({ $0 == paths[2] ? ENOSPC : nil }) {
      await typescale(
        "check", folder.appendingPathComponent("constraints.json").path, "--junit", paths[0],
        "--sarif", paths[1], "--html", paths[2])
    }
    #expect(run.status == 2)
    // A loaded machine may draw a progress line first.
    #expect(
      run.error.hasSuffix(
        "error: cannot write \(paths[2]): write failed: No space left on device\n"),
      "\(run.error)")
    for path in paths { #expect(try String(contentsOfFile: path, encoding: .utf8) == "old") }
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.contains(OutputFile.temporaryMarker) }
    #expect(left == [])
  }

  /// `check merge --junit` naming one of its shard reports is refused and the shard is intact.
  @Test func merge_outputNamingAShard_isRefused() async throws {
    let folder = try project()
    defer { try? FileManager.default.removeItem(at: folder) }
    let constraints = folder.appendingPathComponent("constraints.json").path
    var shards: [String] = []
    for index in 1...2 {
      let run = await typescale("check", constraints, "--shard", "\(index)/2", "--json")
      let path = folder.appendingPathComponent("\(index).json").path
      try Data(run.output.utf8).write(to: URL(fileURLWithPath: path))
      shards.append(path)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: shards[0]))
    let run = await typescale("check", "merge", shards[0], shards[1], "--junit", shards[0])
    #expect(run.status == 2)
    #expect(
      run.error
        == "error: --junit \(shards[0]) names an input of this run (the report \(shards[0])); "
        + "choose another output path (see 'typescale check merge --help')\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: shards[0])) == before)
  }
}
