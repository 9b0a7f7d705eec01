// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleInternals

@Suite struct PackageRootTests {
  /// The walk starts in the given folder and stops at the nearest `Package.swift` above it.
  @Test(arguments: ["", "Goldens", "Goldens/cli", "Sources/A/B"])
  func nearest_findsTheFolderHoldingPackageSwift(below relative: String) throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-package-root-\(UInt64.random(in: 0...UInt64.max))")
    defer { try? FileManager.default.removeItem(at: root) }
    let start = relative.isEmpty ? root : root.appendingPathComponent(relative)
    try FileManager.default.createDirectory(at: start, withIntermediateDirectories: true)
    #expect(PackageRoot.nearest(from: start)?.path != root.path)
    try Data("// swift-tools-version: 6.0\n".utf8).write(
      to: root.appendingPathComponent("Package.swift"))
    #expect(PackageRoot.nearest(from: start)?.path == root.path)
  }

  /// This test file's own package is found from its folder.
  @Test func nearest_findsThisPackage() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = try #require(PackageRoot.nearest(from: here))
    #expect(
      FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path))
    #expect(here.path.hasPrefix(root.path + "/Tests/"))
  }
}
