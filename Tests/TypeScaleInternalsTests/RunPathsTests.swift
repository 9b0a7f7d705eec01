// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#endif

/// Outputs that would destroy an input or another output are refused before a run, however the
/// path is spelt.
@Suite struct RunPathsTests {
  private static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-runpaths-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private static func conflict(
    inputs: [RunPaths.Input], outputs: [RunPaths.Output]
  ) -> String? {
    do throws(RunPaths.Conflict) {
      try RunPaths.check(inputs: inputs, outputs: outputs)
      return nil
    } catch {
      return error.message
    }
  }

  /// The catalog named directly, through `..`, through a symbolic link (to it or to its
  /// folder), and through a hard link.
  @Test(arguments: ["direct", "dotdot", "link", "linkedFolder", "hardLink"])
  func check_outputThatIsTheCatalog_isRefusedNamingBoth(_ spelling: String) throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let catalog = root.appendingPathComponent("Localizable.xcstrings").path
    try Data("{}".utf8).write(to: URL(fileURLWithPath: catalog))
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let output: String
    switch spelling {
    case "dotdot": output = root.path + "/sub/../Localizable.xcstrings"
    case "link":
      output = root.appendingPathComponent("report.html").path
      #expect(symlink("Localizable.xcstrings", output) == 0)
    case "linkedFolder":
      #expect(symlink(root.path, root.appendingPathComponent("alias").path) == 0)
      output = root.path + "/alias/Localizable.xcstrings"
    case "hardLink":
      output = root.appendingPathComponent("hard.html").path
      #expect(link(catalog, output) == 0)
    default: output = catalog
    }
    let message = Self.conflict(
      inputs: [.file(catalog, role: "the catalog")],
      outputs: [RunPaths.Output(output, role: "--html")])
    #expect(
      message
        == "--html \(output) names an input of this run (the catalog \(catalog)); choose "
        + "another output path")
  }

  /// A file yet to be made, under a folder reached through `..` and a link, resolves to the
  /// same path as the input's.
  @Test func resolve_missingFileThroughLinkAndDotDot_isTheFolderPlusName() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("real/deep"), withIntermediateDirectories: true)
    #expect(symlink("real/deep", root.appendingPathComponent("alias").path) == 0)
    let real = ResolvedPath.resolve(root.path)
    #expect(
      ResolvedPath.resolve(root.path + "/alias/../x/../new.json") == real + "/real/new.json")
    #expect(ResolvedPath.resolve(root.path + "/alias/new.json") == real + "/real/deep/new.json")
    #expect(ResolvedPath.resolve("/") == "/")
    // Through a folder that does not exist and back, to a link: the link is followed.
    #expect(
      ResolvedPath.resolve(root.path + "/missing/../alias/new.json")
        == real + "/real/deep/new.json")
  }

  @Test func check_outputInsideACatalogFolder_isRefusedOnlyForNamesTheLoaderReads() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = RunPaths.Input.folder(root.path, role: "the catalog folder") {
      $0.hasSuffix(".xcstrings")
    }
    let read = root.appendingPathComponent("de.lproj/New.xcstrings").path
    #expect(
      Self.conflict(inputs: [folder], outputs: [RunPaths.Output(read, role: "--sarif")])
        == "--sarif \(read) names a file this run reads in the catalog folder \(root.path); "
        + "choose another output path")
    let html = root.appendingPathComponent("report.html").path
    #expect(
      Self.conflict(inputs: [folder], outputs: [RunPaths.Output(html, role: "--html")]) == nil)
  }

  @Test func check_twoOutputsThatAreOneFile_areRefused_butTwiceDevNullIsAllowed() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let a = root.appendingPathComponent("out.xml").path
    let b = root.path + "/./out.xml"
    #expect(
      Self.conflict(
        inputs: [],
        outputs: [RunPaths.Output(a, role: "--junit"), RunPaths.Output(b, role: "--sarif")])
        == "--junit \(a) and --sarif \(b) name the same file; choose another path for one of them")
    #expect(
      Self.conflict(
        inputs: [],
        outputs: [
          RunPaths.Output("/dev/null", role: "--junit"),
          RunPaths.Output("/dev/null", role: "--html"),
        ]) == nil)
  }

  /// A dangling link whose target is an input (yet to exist) still conflicts: writing through
  /// it would create that file.
  @Test func check_danglingLinkToAnInput_isRefused() throws {
    let root = try Self.folder()
    defer { try? FileManager.default.removeItem(at: root) }
    let baseline = root.appendingPathComponent("baseline.json").path
    let link = root.appendingPathComponent("out.json").path
    #expect(symlink("baseline.json", link) == 0)
    #expect(
      Self.conflict(
        inputs: [.file(baseline, role: "the baseline")],
        outputs: [RunPaths.Output(link, role: "--junit")])
        == "--junit \(link) names an input of this run (the baseline \(baseline)); choose "
        + "another output path")
  }
}
