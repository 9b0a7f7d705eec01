// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleFonts

/// Fontconfig prints nothing on standard error, even where it can write no cache.
///
/// Fontconfig writes its complaints (`Fontconfig error: No writable cache directories`) straight
/// to the process's standard error, so the check runs in a child: this test binary again,
/// filtered to this suite, with `TYPESCALE_FONTCONFIG_CHILD` naming the case to run, `HOME`
/// under a regular file (nothing can be written there, not even as root), and a fontconfig
/// configuration whose only cache folder is unwritable too. The parent reads the child's
/// standard error and exit status.
@Suite struct FontconfigQuietTests {
  static let childVariable = "TYPESCALE_FONTCONFIG_CHILD"

  @Test(arguments: ["directories", "system"])
  func fontconfig_printsNothingWithoutAWritableCache(_ mode: String) throws {
    let environment = ProcessInfo.processInfo.environment
    if let child = environment[Self.childVariable] {
      guard child == mode else { return }
      try Self.runChild(mode)
      return
    }
    let folder = try Fixtures.temporaryDirectory("fontconfig-quiet")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fonts = folder.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Fixtures.font("Fixture-Hangul.otf"), to: fonts.appendingPathComponent("kr.otf"))
    // A regular file: no folder can be made under it.
    let blocked = folder.appendingPathComponent("blocked")
    try Data("not a folder".utf8).write(to: blocked)
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let configuration = folder.appendingPathComponent("fonts.conf")
    try Data(
      """
      <?xml version="1.0"?>
      <fontconfig>
        <dir>\(fonts.path)</dir>
        <cachedir>\(blocked.path)/cache</cachedir>
      </fontconfig>
      """.utf8
    ).write(to: configuration)

    var childEnvironment = environment
    childEnvironment[Self.childVariable] = mode
    childEnvironment["HOME"] = blocked.appendingPathComponent("home").path
    childEnvironment["XDG_CACHE_HOME"] = nil
    childEnvironment["FONTCONFIG_FILE"] = configuration.path
    childEnvironment["FONTCONFIG_PATH"] = nil
    childEnvironment["FONTS"] = fonts.path
    childEnvironment["TMPDIR"] = temporary.path
    let (status, error) = try Self.runTestBinary(environment: childEnvironment)

    #expect(status == 0, "the child failed:\n\(error)")
    let complaints = error.split(separator: "\n").filter { $0.hasPrefix("Fontconfig") }
    #expect(complaints == [], "fontconfig printed:\n\(error)")
    // The system configuration's temporary cache folder is gone with its configuration.
    let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
    #expect(left.filter { $0.hasPrefix("typescale-fontconfig-") } == [])
  }

  /// The child's half: build the configuration and find a face through it.
  private static func runChild(_ mode: String) throws {
    let registry = try FontRegistry()
    let fonts = URL(fileURLWithPath: ProcessInfo.processInfo.environment["FONTS"] ?? "/")
    let system =
      mode == "system"
      ? try SystemFontFallback() : try SystemFontFallback(directories: [fonts])
    let face = system.face(for: "녕", registry: registry)
    #expect(face?.postScriptName == "TypeScaleFixtureKR-Regular")
  }

  /// Runs this test binary filtered to this suite; returns its exit status and standard error.
  private static func runTestBinary(environment: [String: String]) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [
      "--testing-library", "swift-testing", "--filter", "FontconfigQuietTests",
    ]
    process.environment = environment
    let errorPipe = Pipe()
    process.standardError = errorPipe
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// A folder that does not exist is refused by name, not added silently.
  @Test func systemFallback_refusesAMissingFolder() throws {
    let missing = URL(fileURLWithPath: "/nonexistent-typescale-fonts")
    #expect {
      _ = try SystemFontFallback(directories: [missing])
    } throws: { error in
      (error as? FontError)?.code == .fileNotFound
        && "\(error)".contains("/nonexistent-typescale-fonts")
    }
  }
}
