// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleFontStore

/// Runs `body` with a fresh temporary folder, removed afterwards whatever happens.
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
  let folder = try Fixtures.temporaryDirectory("typescale-store")
  defer { try? FileManager.default.removeItem(at: folder) }
  return try await body(folder)
}

/// Every file under a folder (the lock file and the store's marker aside) with its bytes, by
/// relative path: two equal snapshots mean nothing in the store changed.
func snapshot(of folder: URL) -> [String: Data] {
  var files: [String: Data] = [:]
  let base = folder.standardizedFileURL.path
  let enumerator = FileManager.default.enumerator(atPath: base)
  while let relative = enumerator?.nextObject() as? String {
    guard relative != ".lock", relative != FontStore.markerName else { continue }
    let url = URL(fileURLWithPath: base).appendingPathComponent(relative)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
    {
      files[relative] = (try? Data(contentsOf: url)) ?? Data()
    }
  }
  return files
}

/// The names of a folder's files that a crash left behind.
func temporaryFiles(in folder: URL) -> [String] {
  snapshot(of: folder).keys.filter {
    ($0 as NSString).lastPathComponent.hasPrefix(StoreFiles.temporaryPrefix)
  }.sorted()
}

/// Waits until `condition` holds, polling every few milliseconds, for at most `seconds`.
///
/// Only for state that nothing announces (the store's counters, a registry's faces): a test
/// that can be told awaits the event instead (`AwaitableEvent`, `LoopbackServer.waitForRequests`).
///
/// The deadline is generous because it only matters when a test fails: with two cores, the
/// rest of the suite (slowed several times under ThreadSanitizer, as in CI) can keep the
/// cooperative pool busy for tens of seconds; 30 s once ran out in a loaded CI run.
func waitUntil(
  seconds: Double = TimeBudget.eventWait,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async throws {
  let deadline = Date().addingTimeInterval(seconds)
  while !condition() {
    guard Date() < deadline else {
      Issue.record("condition not met within \(seconds) s", sourceLocation: sourceLocation)
      return
    }
    try await Task.sleep(for: .milliseconds(5))
  }
}

/// The bytes of a fixture font.
func fixtureData(_ name: String) throws -> Data {
  try Data(contentsOf: Fixtures.font(name))
}

/// The store error `body` throws, or an issue when it throws nothing or something else.
func storeError(
  _ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) async -> FontStoreError? {
  do {
    try await body()
    Issue.record("expected a FontStoreError", sourceLocation: sourceLocation)
  } catch let error as FontStoreError {
    return error
  } catch {
    Issue.record("expected a FontStoreError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}

/// The PostScript names a registry has registered beyond its embedded faces.
func registeredNames(_ registry: FontRegistry) -> [String] {
  registry.allFaces.filter { $0.source.kind != .embedded }.map(\.postScriptName).sorted()
}

/// A request for a fixture face: family "TypeScale Fixture" (what the fixture files name
/// themselves, so the store's check of family and style passes), filed as
/// `Fixture-<Style>.<ext>` the way `Tests/Fixtures/Fonts/` names its files.
func fixtureRequest(_ style: FontRequest.Style = .regular) -> FontRequest {
  FontRequest(family: "TypeScale Fixture", style: style, fileStem: "Fixture-" + style.name)
}
