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

/// Every path under a folder, hidden files, links and folders included, with the bytes of each
/// regular file (a link shows as `-> target`): two equal listings mean nothing changed at all.
func everything(in folder: URL) -> [String: Data] {
  var found: [String: Data] = [:]
  let base = folder.standardizedFileURL.path
  let enumerator = FileManager.default.enumerator(atPath: base)
  while let relative = enumerator?.nextObject() as? String {
    let path = base + "/" + relative
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
      found[relative] = Data("-> \(target)".utf8)
    } else {
      found[relative] = FileManager.default.contents(atPath: path) ?? Data("(folder)".utf8)
    }
  }
  return found
}

/// The file the store keeps a font's bytes in.
func storedFile(_ store: FontStore, key: String) throws -> URL {
  try #require(store.entry(forKey: key)).fileURL
}

/// How a test makes a stored file unreadable.
///
/// The tests run as root, which `chmod 000` does not stop, so a ``FaultyFileSystem`` fails the
/// read with the `errno` a permission or I/O error gives; where the tests do not run as root, a
/// real `chmod 000` is tried too.
enum Unreadable: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case permissionDenied, ioError, chmod000

  var testDescription: String { rawValue }

  /// Makes `url` unreadable; returns `false` when this way cannot work here.
  func apply(to url: URL, in files: FaultyFileSystem) -> Bool {
    switch self {
    case .permissionDenied:
      files.faults.withLock { $0.readFailures[url.path] = EACCES }
    case .ioError:
      files.faults.withLock { $0.readFailures[url.path] = EIO }
    case .chmod000:
      guard geteuid() != 0 else { return false }
      chmod(url.path, 0)
    }
    return true
  }

  func undo(on url: URL, in files: FaultyFileSystem) {
    files.faults.withLock { $0.readFailures[url.path] = nil }
    chmod(url.path, 0o644)
  }
}

@Suite struct FontStoreOwnershipTests {
  // MARK: - Finding 1: only what the store owns

  @Test func open_strayFilesInBlobsSurviveOpeningAndReadOnlyOpening() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let blobs = folder.appendingPathComponent("blobs")
      try Data("n\n".utf8).write(to: blobs.appendingPathComponent("notes.txt"))
      let orphan = "\(String(repeating: "0", count: 64)).ttf"
      try fixtureData("Fixture-Bold.ttf").write(to: blobs.appendingPathComponent(orphan))
      try Data("mine".utf8).write(to: blobs.appendingPathComponent(".tmp-notes"))
      let before = everything(in: folder)

      _ = try FontStore(directory: folder, registry: try FontRegistry(), access: .readOnly)
      #expect(everything(in: folder) == before)
      let reopened = try FontStore(directory: folder, registry: try FontRegistry())
      #expect(reopened.entries.map(\.key) == ["regular"])
      #expect(everything(in: folder) == before)
      #expect(try Data(contentsOf: blobs.appendingPathComponent("notes.txt")) == Data("n\n".utf8))
    }
  }

  @Test func open_foreignFolderIsRefusedAndLeftUntouched() async throws {
    try await withTemporaryFolder { folder in
      // mkdir -p S/blobs; echo n > S/blobs/notes.txt
      let blobs = folder.appendingPathComponent("blobs")
      try FileManager.default.createDirectory(at: blobs, withIntermediateDirectories: true)
      try Data("n\n".utf8).write(to: blobs.appendingPathComponent("notes.txt"))
      let before = everything(in: folder)
      for access in [FontStore.AccessMode.readWrite, .readOnly] {
        let error = await storeError {
          _ = try FontStore(directory: folder, registry: try FontRegistry(), access: access)
        }
        #expect(error?.code == .notAStore)
        #expect(
          error?.message
            == "\(folder.path) is not a font store: it is not empty and has no "
            + ".typescale-store marker, so TypeScale did not create it and changes nothing in "
            + "it; give a new or empty folder, or the folder of an existing store")
        #expect(everything(in: folder) == before)  // not even a lock file
      }
    }
  }

  @Test func open_symlinkedBlobsIsRefusedAndItsTargetUntouched() async throws {
    try await withTemporaryFolder { folder in
      let store = folder.appendingPathComponent("store")
      _ = try FontStore(directory: store, registry: try FontRegistry())
      let elsewhere = folder.appendingPathComponent("elsewhere")
      try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
      try Data("keep".utf8).write(to: elsewhere.appendingPathComponent("photo.jpg"))
      try Data("keep".utf8).write(to: elsewhere.appendingPathComponent(".tmp-\(UUID())"))
      let blobs = store.appendingPathComponent("blobs")
      try FileManager.default.removeItem(at: blobs)
      try FileManager.default.createSymbolicLink(at: blobs, withDestinationURL: elsewhere)
      let before = everything(in: elsewhere)

      for access in [FontStore.AccessMode.readWrite, .readOnly] {
        let error = await storeError {
          _ = try FontStore(directory: store, registry: try FontRegistry(), access: access)
        }
        #expect(error?.code == .notAStore)
        #expect(error?.message.hasPrefix("\(blobs.path) is a symbolic link, not a folder") == true)
      }
      #expect(everything(in: elsewhere) == before)
    }
  }

  @Test func open_symlinkedStoreFolderIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let real = folder.appendingPathComponent("real")
      _ = try FontStore(directory: real, registry: try FontRegistry())
      let link = folder.appendingPathComponent("link")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
      let error = await storeError {
        _ = try FontStore(directory: link, registry: try FontRegistry())
      }
      #expect(error?.code == .notAStore)
      #expect(error?.message.contains("\(link.path) is a symbolic link") == true)
    }
  }

  @Test func open_newAndEmptyFoldersGetTheMarker() async throws {
    try await withTemporaryFolder { folder in
      let new = folder.appendingPathComponent("a/b/store")
      _ = try FontStore(directory: new, registry: try FontRegistry())
      #expect(StoreFiles.kind(of: new.appendingPathComponent(".typescale-store")) != .missing)

      let empty = folder.appendingPathComponent("empty")
      try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
      _ = try FontStore(directory: empty, registry: try FontRegistry(), access: .readOnly)
      #expect(StoreFiles.fileNames(in: empty).isEmpty)  // read-only writes no marker
      _ = try FontStore(directory: empty, registry: try FontRegistry())
      #expect(StoreFiles.fileNames(in: empty).sorted() == [".lock", ".typescale-store", "blobs"])

      let absent = folder.appendingPathComponent("absent")
      let readOnly = try FontStore(
        directory: absent, registry: try FontRegistry(), access: .readOnly)
      #expect(readOnly.entries.isEmpty)
      #expect(StoreFiles.kind(of: absent) == .missing)
    }
  }

  /// A store an earlier TypeScale made has `index.json`, `.lock` and `blobs/` but no marker: it
  /// is adopted when its index reads as a TypeScale index (or it has none and `blobs/` is
  /// empty), and refused otherwise.
  @Test func open_earlierTypeScaleStoreIsAdopted() async throws {
    try await withTemporaryFolder { folder in
      let earlier = folder.appendingPathComponent("earlier")
      let store = try FontStore(directory: earlier, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      // What an earlier TypeScale wrote: no marker, no sizes in the index.
      try FileManager.default.removeItem(at: earlier.appendingPathComponent(".typescale-store"))
      let indexURL = earlier.appendingPathComponent("index.json")
      let index = try String(contentsOf: indexURL, encoding: .utf8)
      let unsized = index.replacingOccurrences(
        of: #",\s*"size" : \d+"#, with: "", options: .regularExpression)
      #expect(unsized != index)
      try Data(unsized.utf8).write(to: indexURL)

      let registry = try FontRegistry()
      let adopted = try FontStore(directory: earlier, registry: registry)
      #expect(adopted.entries.map(\.key) == ["regular"])
      #expect(registeredNames(registry) == ["TypeScaleFixture-Regular"])
      #expect(StoreFiles.kind(of: earlier.appendingPathComponent(".typescale-store")) != .missing)
      #expect(try String(contentsOf: indexURL, encoding: .utf8) == index)  // size recorded

      // Opened once, never installed into: a lock and an empty blobs folder.
      let unused = folder.appendingPathComponent("unused")
      try FileManager.default.createDirectory(
        at: unused.appendingPathComponent("blobs"), withIntermediateDirectories: true)
      try Data().write(to: unused.appendingPathComponent(".lock"))
      _ = try FontStore(directory: unused, registry: try FontRegistry())

      // An index.json that is not a TypeScale index is someone else's folder.
      let other = folder.appendingPathComponent("other")
      try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
      try Data("{\"name\": \"my-app\"}".utf8).write(to: other.appendingPathComponent("index.json"))
      let error = await storeError {
        _ = try FontStore(directory: other, registry: try FontRegistry())
      }
      #expect(error?.code == .notAStore)
      #expect(StoreFiles.fileNames(in: other) == ["index.json"])
    }
  }

  @Test func open_onlyTheStoresOwnTemporaryFilesAreRemoved() async throws {
    try await withTemporaryFolder { folder in
      _ = try FontStore(directory: folder, registry: try FontRegistry())
      let blobs = folder.appendingPathComponent("blobs")
      let leftover = ".tmp-\(UUID().uuidString)"
      try Data("crash".utf8).write(to: blobs.appendingPathComponent(leftover))
      try Data("crash".utf8).write(to: folder.appendingPathComponent(leftover))
      try Data("user".utf8).write(to: blobs.appendingPathComponent(".tmp-notes"))
      let outside = folder.appendingPathComponent("outside.txt")
      try Data("keep".utf8).write(to: outside)
      let linked = ".tmp-\(UUID().uuidString)"
      try FileManager.default.createSymbolicLink(
        at: blobs.appendingPathComponent(linked), withDestinationURL: outside)
      // A write in flight in another store: its creator holds it.
      let inFlight = try StoreFiles.TemporaryFile(in: blobs)

      _ = try FontStore(directory: folder, registry: try FontRegistry())
      #expect(
        StoreFiles.fileNames(in: blobs).sorted()
          == [".tmp-notes", inFlight.url.lastPathComponent, linked].sorted())
      #expect(!StoreFiles.fileNames(in: folder).contains(leftover))
      #expect(try Data(contentsOf: outside) == Data("keep".utf8))
    }
  }

  // MARK: - Finding 2: a read error drops nothing

  @Test(arguments: Unreadable.allCases)
  func open_unreadableFileStaysAndIsReported(_ way: Unreadable) async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let file = try storedFile(store, key: "regular")
      let files = FaultyFileSystem()
      guard way.apply(to: file, in: files) else { return }
      defer { way.undo(on: file, in: files) }
      let before = everything(in: folder)

      let readOnly = try FontStore(
        directory: folder, registry: try FontRegistry(), access: .readOnly, fileSystem: files)
      #expect(readOnly.entries.isEmpty)
      #expect(everything(in: folder) == before)

      let registry = try FontRegistry()
      let reopened = try FontStore(directory: folder, registry: registry, fileSystem: files)
      #expect(reopened.entries.isEmpty)
      #expect(registeredNames(registry).isEmpty)
      #expect(reopened.issues.map(\.code) == [.storage])
      #expect(
        reopened.issues.first?.message.hasPrefix(
          "regular is not registered: could not read \(file.path): ") == true)
      #expect(reopened.issues.first?.message.contains("the entry and the file stay") == true)
      #expect(everything(in: folder) == before)  // entry and file in place

      way.undo(on: file, in: files)
      try reopened.synchronize()  // tried again once readable
      #expect(reopened.entries.map(\.key) == ["regular"])
      #expect(registeredNames(registry) == ["TypeScaleFixture-Regular"])
    }
  }

  @Test func open_folderInPlaceOfAStoredFileIsLeftAlone() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let file = try storedFile(store, key: "regular")
      try FileManager.default.removeItem(at: file)
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
      try Data("inside".utf8).write(to: file.appendingPathComponent("inside.txt"))
      let before = everything(in: folder)

      let reopened = try FontStore(directory: folder, registry: try FontRegistry())
      #expect(reopened.entries.isEmpty)
      #expect(reopened.issues.first?.message.contains("\(file.path) is a folder") == true)
      #expect(everything(in: folder) == before)
    }
  }

  // MARK: - Finding 3: stored files are verified

  @Test(arguments: ["another font", "one byte changed"])
  func open_replacedFileIsQuarantinedNotRegistered(_ change: String) async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      let regular = try fixtureData("Fixture-Regular.ttf")
      try store.install(regular, key: "regular")
      try store.install(regular, key: "same-file")
      let file = try storedFile(store, key: "regular")
      var replacement = try fixtureData("Fixture-Bold.ttf")
      if change == "one byte changed" {
        replacement = regular
        replacement[replacement.count - 1] ^= 0xFF  // same size, same inode
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: replacement)
        try handle.close()
      } else {
        try replacement.write(to: file)
      }
      let before = everything(in: folder)

      let readOnly = try FontStore(
        directory: folder, registry: try FontRegistry(), access: .readOnly)
      #expect(readOnly.entries.isEmpty)
      #expect(readOnly.issues.map(\.code) == [.corrupt, .corrupt])
      #expect(everything(in: folder) == before)

      let registry = try FontRegistry()
      let reopened = try FontStore(directory: folder, registry: registry)
      #expect(reopened.entries.isEmpty)
      #expect(registeredNames(registry).isEmpty)
      #expect(reopened.issues.map(\.code) == [.corrupt])
      let message = try #require(reopened.issues.first?.message)
      #expect(
        message.hasPrefix("regular, same-file dropped from the store: \(file.path) is corrupt"))
      #expect(message.contains("its SHA-256 is \(SHA256Digest.hash(replacement).hex)"))
      #expect(StoreFiles.kind(of: file) == .missing)
      let quarantined = StoreFiles.fileNames(in: folder.appendingPathComponent("quarantine"))
      #expect(quarantined.count == 1)
      #expect(quarantined.first?.hasPrefix(file.lastPathComponent + ".") == true)
      let moved = folder.appendingPathComponent("quarantine/" + (quarantined.first ?? ""))
      #expect(try Data(contentsOf: moved) == replacement)  // moved aside, never deleted
      let index = try String(
        contentsOf: folder.appendingPathComponent("index.json"), encoding: .utf8)
      #expect(!index.contains("\"regular\""))

      // Installing again stores the right bytes.
      try reopened.install(regular, key: "regular")
      #expect(try Data(contentsOf: file) == regular)
    }
  }

  /// Bytes that match their name but are no font at all are proven corrupt (quarantined); a
  /// font FreeType finds damaged although it matches its name stays, since those are the bytes
  /// that were validated when stored: FreeType or its limits changed, not the file.
  @Test(arguments: [("broken-html.ttf", true), ("broken-truncated.ttf", false)])
  func open_matchingBytesFreeTypeRefuses(_ fixture: String, quarantined: Bool) async throws {
    try await withTemporaryFolder { folder in
      _ = try FontStore(directory: folder, registry: try FontRegistry())
      let bytes = try fixtureData(fixture)
      let digest = SHA256Digest.hash(bytes).hex
      let file = "blobs/\(digest).ttf"
      try bytes.write(to: folder.appendingPathComponent(file))
      var index = FontStoreIndex()
      index.entries["k"] = FontStoreIndex.Entry(
        file: file, sha256: digest, size: bytes.count, postScriptNames: ["X"], origin: nil,
        version: nil, installed: Date(timeIntervalSince1970: 0))
      try index.encoded().write(to: folder.appendingPathComponent("index.json"))

      let store = try FontStore(directory: folder, registry: try FontRegistry())
      #expect(store.entries.isEmpty)
      let issue = try #require(store.issues.first)
      let moved = StoreFiles.fileNames(in: folder.appendingPathComponent("quarantine"))
      if quarantined {
        #expect(issue.code == .corrupt)
        #expect(issue.message.contains("it is not a font"))
        #expect(moved.count == 1)
        #expect(StoreFiles.kind(of: folder.appendingPathComponent(file)) == .missing)
      } else {
        #expect(issue.code == .storage)
        #expect(issue.message.contains("the entry and the file stay"))
        #expect(moved.isEmpty)
        #expect(try Data(contentsOf: folder.appendingPathComponent(file)) == bytes)
        let reread = try FontStoreIndex.decoded(
          from: Data(contentsOf: folder.appendingPathComponent("index.json")))
        #expect(reread.entries.keys.sorted() == ["k"])
      }
    }
  }

  @Test func open_storedFileSwappedForASymlinkIsRefused() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(
        directory: folder.appendingPathComponent("store"), registry: try FontRegistry())
      let regular = try fixtureData("Fixture-Regular.ttf")
      try store.install(regular, key: "regular")
      let file = try storedFile(store, key: "regular")
      // The same bytes, elsewhere: even a link to the right bytes is not the store's file.
      let outside = folder.appendingPathComponent("outside.ttf")
      try FileManager.default.moveItem(at: file, to: outside)
      try FileManager.default.createSymbolicLink(at: file, withDestinationURL: outside)
      let before = everything(in: folder)

      let registry = try FontRegistry()
      let reopened = try FontStore(directory: store.directory, registry: registry)
      #expect(reopened.entries.isEmpty)
      #expect(registeredNames(registry).isEmpty)
      #expect(
        reopened.issues.first?.message
          == "regular is not registered: \(file.path) is a symbolic link, not a file the store "
          + "wrote; the store leaves it alone: remove it and install the font again")
      #expect(everything(in: folder) == before)

      // Installing the font again moves the link aside and stores a real file.
      let faces = try reopened.install(regular, key: "regular")
      #expect(faces.first?.source.path == file.path)
      guard case .regular = StoreFiles.kind(of: file) else {
        Issue.record("\(file.path) is not a regular file")
        return
      }
      #expect(try Data(contentsOf: outside) == regular)
      let quarantined = StoreFiles.fileNames(
        in: store.directory.appendingPathComponent("quarantine"))
      #expect(quarantined.count == 1)
    }
  }

  @Test func remove_fileReplacedSinceInstallIsQuarantinedNotDeleted() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let file = try storedFile(store, key: "regular")
      let replacement = Data("someone's notes".utf8)
      try replacement.write(to: file)
      try store.remove(key: "regular")
      #expect(StoreFiles.kind(of: file) == .missing)
      let quarantined = StoreFiles.fileNames(in: folder.appendingPathComponent("quarantine"))
      let moved = folder.appendingPathComponent("quarantine/" + (quarantined.first ?? ""))
      #expect(try Data(contentsOf: moved) == replacement)
      #expect(store.issues.first?.message.hasPrefix("\(file.path) was not removed: ") == true)
    }
  }

  @Test func verification_hashesOncePerProcessUntilTheFileChanges() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(directory: folder, registry: try FontRegistry())
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let entry = try #require(store.entry(forKey: "regular"))
      let file = "blobs/" + entry.fileURL.lastPathComponent
      let path = entry.fileURL.path
      func hashes() -> Int? { FontStore._verified.withLock { $0[path]?.hashes } }
      #expect(hashes() == 0)  // written by this process: known without reading it back

      _ = try FontStore(directory: folder, registry: try FontRegistry())
      _ = try FontStore(directory: folder, registry: try FontRegistry(), access: .readOnly)
      #expect(hashes() == 0)

      // Touching the file changes its fingerprint: the next check reads and hashes it.
      var times = [
        timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0),
      ]
      try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
      guard case .valid = store._check(file, sha256: entry.sha256.hex, size: nil) else {
        Issue.record("the unchanged bytes did not verify")
        return
      }
      #expect(hashes() == 1)
      _ = store._check(file, sha256: entry.sha256.hex, size: nil)
      #expect(hashes() == 1)
    }
  }

  // MARK: - Finding 14: temporary files, FIFOs, devices, the lock

  @Test func install_failedWritesRemoveTheirTemporaryFileAtOnce() async throws {
    try await withTemporaryFolder { folder in
      let files = FaultyFileSystem()
      let store = try FontStore(directory: folder, registry: try FontRegistry(), fileSystem: files)
      try store.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      let before = snapshot(of: folder)
      let bold = try fixtureData("Fixture-Bold.ttf")

      files.faults.withLock { $0.blobWrite = .diskFull }
      let blobError = await storeError { try store.install(bold, key: "bold") }
      #expect(blobError?.systemCode == Int(ENOSPC))
      #expect(temporaryFiles(in: folder).isEmpty)
      #expect(snapshot(of: folder) == before)

      files.faults.withLock {
        $0.blobWrite = nil
        $0.indexWrite = .diskFull
      }
      let indexError = await storeError { try store.install(bold, key: "bold") }
      #expect(indexError?.systemCode == Int(ENOSPC))
      #expect(temporaryFiles(in: folder).isEmpty)
      #expect(snapshot(of: folder) == before)
      #expect(store.entries.map(\.key) == ["regular"])
    }
  }

  @Test func install_fifoDeviceAndFolderSayWhatTheyAreWithoutBlocking() async throws {
    try await withTemporaryFolder { folder in
      let store = try FontStore(
        directory: folder.appendingPathComponent("store"), registry: try FontRegistry())
      let fifo = folder.appendingPathComponent("font.ttf")
      try #require(mkfifo(fifo.path, 0o644) == 0)
      let cases: [(URL, String)] = [
        (fifo, "a FIFO (named pipe)"), (URL(fileURLWithPath: "/dev/zero"), "a character device"),
        (folder, "a folder"),
      ]
      for (url, phrase) in cases {
        // On a thread of its own, so that a blocking open fails the test instead of hanging it.
        let result = Locked<FontStoreError?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          do throws(FontStoreError) {
            try store.install(contentsOf: url)
          } catch {
            result.withLock { $0 = error }
          }
          done.signal()
        }
        try #require(done.wait(timeout: .now() + 30) == .success, "installing \(url.path) blocked")
        let error = result.withLock { $0 }
        #expect(error?.code == .invalidArgument)
        #expect(
          error?.message
            == "\(url.path) is \(phrase), not a font file; give the path of a .ttf, .otf, .ttc, "
            + ".woff or .woff2 file")
      }
    }
  }

  @Test func install_validatesBeforeTakingTheLock() async throws {
    try await withTemporaryFolder { folder in
      // The decoded sfnt's temporary file exists only after FreeType validated the WOFF and
      // decoded it: with the lock held elsewhere, that work still happens.
      let decodedWritten = AwaitableEvent()
      let files = FaultyFileSystem { bytes in
        if bytes.prefix(4) == [0, 1, 0, 0] { decodedWritten.fire() }
      }
      let store = try FontStore(directory: folder, registry: try FontRegistry(), fileSystem: files)
      let woff = try fixtureData("Fixture-Regular.woff")
      let holder = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
      try #require(holder >= 0)
      defer { close(holder) }
      try #require(flock(holder, LOCK_EX) == 0)

      let installed = AwaitableEvent()
      DispatchQueue.global().async {
        _ = try? store.install(woff, key: "woff")
        installed.fire()
      }
      let blobs = folder.appendingPathComponent("blobs")
      func decodedIsWaiting() -> Bool {
        StoreFiles.fileNames(in: blobs).contains { name in
          let bytes = FileManager.default.contents(atPath: blobs.appendingPathComponent(name).path)
          return bytes.map { Array($0.prefix(4)) == [0, 1, 0, 0] } ?? false
        }
      }
      let start = Date()
      #expect(await decodedWritten.wait(seconds: eventDeadline))
      #expect(decodedIsWaiting())
      #expect(Date().timeIntervalSince(start) < promptBound)
      #expect(store.entries.isEmpty)
      flock(holder, LOCK_UN)
      #expect(await installed.wait(seconds: eventDeadline))
      #expect(store.entries.map(\.key) == ["woff"])
      #expect(temporaryFiles(in: folder).isEmpty)
    }
  }

  @Test func open_registersStoredFilesBeforeTakingTheLock() async throws {
    try await withTemporaryFolder { folder in
      let writer = try FontStore(directory: folder, registry: try FontRegistry())
      try writer.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      try writer.install(try fixtureData("Fixture-Bold.ttf"), key: "bold")
      let holder = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CLOEXEC)
      try #require(holder >= 0)
      defer { close(holder) }
      try #require(flock(holder, LOCK_EX) == 0)

      let registry = try FontRegistry()
      let opened = Locked<FontStore?>(nil)
      let finished = AwaitableEvent()
      DispatchQueue.global().async {
        let store = try? FontStore(directory: folder, registry: registry)
        opened.withLock { $0 = store }
        finished.fire()
      }
      // Both files are hashed and scanned by FreeType while another process holds the lock.
      let start = Date()
      try await waitUntil(seconds: eventDeadline) { registeredNames(registry).count == 2 }
      #expect(registeredNames(registry) == ["TypeScaleFixture-Bold", "TypeScaleFixture-Regular"])
      #expect(Date().timeIntervalSince(start) < promptBound)
      #expect(opened.withLock { $0 } == nil)  // still waiting for the lock
      flock(holder, LOCK_UN)
      #expect(await finished.wait(seconds: eventDeadline))
      #expect(opened.withLock { $0?.entries.map(\.key) } == ["bold", "regular"])
    }
  }

  // MARK: - Read-only

  @Test func readOnly_refusesChangesAndChangesNothing() async throws {
    try await withTemporaryFolder { folder in
      let writer = try FontStore(directory: folder, registry: try FontRegistry())
      try writer.install(try fixtureData("Fixture-Regular.ttf"), key: "regular")
      try Data("{\"format\": 1, \"entr".utf8).write(to: folder.appendingPathComponent("index.json"))
      let before = everything(in: folder)

      let store = try FontStore(directory: folder, registry: try FontRegistry(), access: .readOnly)
      #expect(store.access == .readOnly)
      #expect(store.issues.first?.message.contains("damaged") == true)
      let install = await storeError {
        try store.install(try fixtureData("Fixture-Bold.ttf"), key: "b")
      }
      #expect(install?.code == .readOnly)
      let remove = await storeError { try store.remove(key: "regular") }
      #expect(remove?.code == .readOnly)
      try store.synchronize()
      #expect(everything(in: folder) == before)
    }
  }
}
