// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Testing
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleTestSupport

@testable import TypeScaleFontStore

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct FontStoreStorageTests {
  // MARK: - Installing and removing

  @Test func install_storesByContentAndWritesAVersionedIndex() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      let bytes = try fixtureData("Fixture-Regular.ttf")
      let faces = try store.install(bytes, key: "a", origin: "https://fonts.invalid/a.ttf")
      try store.install(bytes, key: "b")
      #expect(faces.map(\.postScriptName) == ["TypeScaleFixture-Regular"])

      let digest = SHA256Digest.hash(bytes).hex
      #expect(snapshot(of: folder).keys.sorted() == ["blobs/\(digest).ttf", "index.json"])
      let index = try #require(
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: folder.appendingPathComponent("index.json"))) as? [String: Any])
      #expect(index["format"] as? Int == 1)
      let entries = try #require(index["entries"] as? [String: [String: Any]])
      #expect(entries.keys.sorted() == ["a", "b"])
      #expect(entries["a"]?["file"] as? String == "blobs/\(digest).ttf")
      #expect(entries["a"]?["sha256"] as? String == digest)
      #expect(entries["a"]?["postScriptNames"] as? [String] == ["TypeScaleFixture-Regular"])
      #expect(entries["a"]?["origin"] as? String == "https://fonts.invalid/a.ttf")
      #expect(entries["a"]?["installed"] is String)
    }
  }

  @Test func install_woffIsStoredAsTheSFNTItDecodesTo() async throws {
    try await withTemporaryFolder { folder in
      let registry = try FontRegistry()
      let store = try FontStore(directory: folder, registry: registry)
      try store.install(try fixtureData("Fixture-Regular.woff"), key: "woff")
      let entry = try #require(store.entry(forKey: "woff"))
      #expect(["ttf", "otf"].contains(entry.fileURL.pathExtension))
      let stored = try Data(contentsOf: entry.fileURL)
      #expect(Array(stored.prefix(4)) == [0, 1, 0, 0])
      #expect(entry.faces.first?.source.path == entry.fileURL.path)
    }
  }

  @Test func remove_unregistersThenDeletesTheFile() async throws {
    try await withTemporaryFolder { folder in
      let registry = try FontRegistry()
      let store = try FontStore(directory: folder, registry: registry)
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let file = try #require(store.entry(forKey: "regular")).fileURL

      let removed = try store.remove(key: "regular")
      #expect(removed.postScriptNames == ["TypeScaleFixture-Regular"])
      #expect(registeredNames(registry).isEmpty)
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(store.entries.isEmpty)
      #expect(snapshot(of: folder).keys.sorted() == ["index.json"])

      let error = await storeError { try store.remove(key: "regular") }
      #expect(error?.code == .notFound)
    }
  }

  @Test func remove_failedUnregisterLeavesTheFileInPlace() async throws {
    try await withTemporaryFolder { folder in
      let registry = try FontRegistry()
      let files = FaultyFileSystem()
      let store = try FontStore(directory: folder, registry: registry, fileSystem: files)
      try store.install(try fixtureData("Fixture-Bold.ttf"), key: "bold")
      let before = snapshot(of: folder)

      files.faults.withLock { $0.failUnregister = true }
      let error = await storeError { try store.remove(postScriptName: "TypeScaleFixture-Bold") }
      #expect(error?.code == .registration)
      #expect(snapshot(of: folder) == before)
      #expect(registeredNames(registry) == ["TypeScaleFixture-Bold"])
      #expect(store.entries.map(\.key) == ["bold"])

      files.faults.withLock { $0.failUnregister = false }
      let removed = try store.remove(postScriptName: "TypeScaleFixture-Bold")
      #expect(removed.map(\.key) == ["bold"])
      #expect(registeredNames(registry).isEmpty)
    }
  }

  @Test func remove_fileSharedByAnotherKeyStays() async throws {
    try await withTemporaryFolder { folder in
      let registry = try FontRegistry()
      let store = try FontStore(directory: folder, registry: registry)
      let bytes = try fixtureData("Fixture-Light.ttf")
      try store.install(bytes, key: "one")
      try store.install(bytes, key: "two")
      let file = try #require(store.entry(forKey: "one")).fileURL
      try store.remove(key: "one")
      #expect(FileManager.default.fileExists(atPath: file.path))
      #expect(registeredNames(registry) == ["TypeScaleFixture-Light"])
      try store.remove(key: "two")
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(registeredNames(registry).isEmpty)
    }
  }

  // MARK: - Crashes

  @Test func crash_interruptedIndexWriteLeavesThePreviousIndex() async throws {
    try await withTemporaryFolder { folder in
      let files = FaultyFileSystem()
      let store = try FontStore(directory: folder, registry: try FontRegistry(), fileSystem: files)
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let index = try Data(contentsOf: folder.appendingPathComponent("index.json"))

      files.faults.withLock { $0.indexWrite = .halfway }
      let bold = try fixtureData("Fixture-Bold.ttf")
      let error = await storeError { try store.install(bold, key: "bold") }
      #expect(error?.code == .storage)
      #expect(try Data(contentsOf: folder.appendingPathComponent("index.json")) == index)
      #expect(temporaryFiles(in: folder).count == 1)  // the half-written index
      #expect(store.entries.map(\.key) == ["regular"])
      #expect(store.registry.face(postScriptName: "TypeScaleFixture-Bold") == nil)

      let registry = try FontRegistry()
      let reopened = try FontStore(directory: folder, registry: registry)
      #expect(reopened.entries.map(\.key) == ["regular"])
      #expect(registeredNames(registry) == ["TypeScaleFixture-Regular"])
      #expect(temporaryFiles(in: folder).isEmpty)
      #expect(try Data(contentsOf: folder.appendingPathComponent("index.json")) == index)
    }
  }

  /// A crash's temporary file is removed at the next open; a file the index does not name is
  /// not the store's to remove (issue 15, finding 1), so it stays.
  @Test func crash_interruptedFileWriteIsCleanedOnOpenAndStrayFilesStay() async throws {
    try await withTemporaryFolder { folder in
      let files = FaultyFileSystem()
      let store = try FontStore(directory: folder, registry: try FontRegistry(), fileSystem: files)
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let kept = try #require(store.entry(forKey: "regular")).fileURL.lastPathComponent

      files.faults.withLock { $0.blobWrite = .halfway }
      let bold = try fixtureData("Fixture-Bold.ttf")
      let error = await storeError { try store.install(bold, key: "bold") }
      #expect(error?.code == .storage)
      #expect(temporaryFiles(in: folder).count == 1)  // the half-written font
      let orphan = folder.appendingPathComponent("blobs/\(String(repeating: "0", count: 64)).ttf")
      try bold.write(to: orphan)

      _ = try FontStore(directory: folder, registry: try FontRegistry())
      #expect(temporaryFiles(in: folder).isEmpty)
      #expect(
        StoreFiles.fileNames(in: folder.appendingPathComponent("blobs")).sorted()
          == [orphan.lastPathComponent, kept].sorted())
      #expect(try Data(contentsOf: orphan) == bold)
    }
  }

  // MARK: - Opening

  @Test func open_missingFileIsDroppedAndReported() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      try store.install(try fixtureData("Fixture-Bold.ttf"), key: "bold")
      try FileManager.default.removeItem(at: try #require(store.entry(forKey: "bold")).fileURL)

      let registry = try FontRegistry()
      let reopened = try FontStore(directory: folder, registry: registry)
      #expect(reopened.entries.map(\.key) == ["regular"])
      #expect(reopened.issues.map(\.code) == [.storage])
      #expect(reopened.issues.first?.message.contains("bold was dropped") == true)
      let index = try String(
        contentsOf: folder.appendingPathComponent("index.json"), encoding: .utf8)
      #expect(!index.contains("\"bold\""))
    }
  }

  @Test func open_damagedIndexStartsEmptyAndNewerFormatIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let indexURL = folder.appendingPathComponent("index.json")

      try Data("{\"format\": 2, \"entries\": {}}".utf8).write(to: indexURL)
      let registry = try FontRegistry()
      let newer = await storeError { _ = try FontStore(directory: folder, registry: registry) }
      #expect(newer?.code == .storage)
      #expect(newer?.message.contains("format 2, newer") == true)
      #expect(try Data(contentsOf: indexURL) == Data("{\"format\": 2, \"entries\": {}}".utf8))

      try Data("{\"format\": 1, \"entr".utf8).write(to: indexURL)
      let reopened = try FontStore(directory: folder, registry: try FontRegistry())
      #expect(reopened.entries.isEmpty)
      #expect(reopened.issues.first?.message.contains("damaged") == true)
      // The damaged index is moved aside, and the stored file no entry names stays (issue 15:
      // the store deletes nothing it cannot prove is its own leftover).
      let files = snapshot(of: folder)
      #expect(files.count == 3)
      #expect(files["index.json"] != nil)
      #expect(files.keys.contains { $0.hasPrefix("blobs/") })
      let damaged = files.filter { $0.key.hasPrefix("quarantine/index.json.") }.values
      #expect(Array(damaged) == [Data("{\"format\": 1, \"entr".utf8)])
    }
  }

  @Test func defaultDirectory_followsXDGCacheHome() {
    #expect(
      FontStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": "/h"])
        .path == "/var/cache/me/typescale/fonts")
    #expect(
      FontStore.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]).path
        == "/h/.cache/typescale/fonts")
    #expect(
      FontStore.defaultDirectory(environment: ["HOME": "/home/me"]).path
        == "/home/me/.cache/typescale/fonts")
  }

  // MARK: - Sharing a folder

  @Test func lock_twoStoresSharingAFolderKeepEachOthersEntries() async throws {
    try await withTemporaryFolder { folder in
      let files = [
        "Fixture-Thin.ttf", "Fixture-Light.ttf", "Fixture-Regular.ttf", "Fixture-Medium.ttf",
        "Fixture-SemiBold.ttf", "Fixture-Bold.ttf", "Fixture-Black.ttf", "Fixture-Italic.ttf",
      ]
      let data = try files.map(fixtureData)
      let stores = [
        try FontStore(directory: folder, registry: try FontRegistry()),
        try FontStore(directory: folder, registry: try FontRegistry()),
      ]
      let failures = Locked<[String]>([])
      DispatchQueue.concurrentPerform(iterations: files.count) { item in
        do throws(FontStoreError) {
          try stores[item % 2].install(data[item], key: files[item])
        } catch {
          failures.withLock { $0.append(error.message) }
        }
      }
      #expect(failures.withLock { $0 }.isEmpty)

      let registry = try FontRegistry()
      let third = try FontStore(directory: folder, registry: registry)
      #expect(third.entries.map(\.key) == files.sorted())
      #expect(registeredNames(registry).count == files.count)
      for store in stores {
        try store.synchronize()
        #expect(store.entries.count == files.count)
        #expect(registeredNames(store.registry).count == files.count)
      }
    }
  }

  @Test func lock_aHeldLockMakesChangesWait() throws {
    let folder = try Fixtures.temporaryDirectory("typescale-store")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try FontStore(directory: folder, registry: try FontRegistry())
    let bytes = try fixtureData("Fixture-Regular.ttf")
    // Another holder of the lock: flock excludes open file descriptions, as across processes.
    let holder = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
    try #require(holder >= 0)
    defer { close(holder) }
    try #require(flock(holder, LOCK_EX) == 0)

    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = try? store.install(bytes, key: "regular")
      done.signal()
    }
    #expect(done.wait(timeout: .now() + 0.3) == .timedOut)
    let indexPath = folder.appendingPathComponent("index.json").path
    #expect(!FileManager.default.fileExists(atPath: indexPath))
    flock(holder, LOCK_UN)
    #expect(done.wait(timeout: .now() + eventDeadline) == .success)
    #expect(store.entries.map(\.key) == ["regular"])
  }
}
