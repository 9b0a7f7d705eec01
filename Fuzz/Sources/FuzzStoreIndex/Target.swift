// SPDX-License-Identifier: Apache-2.0
//
// Opens a font store whose index.json is arbitrary bytes: first read-only without the store's
// marker (the check that adopts a store an earlier TypeScale made), then read-write with it.
// Every outcome must be a store or a typed FontStoreError, never a crash; and whatever the
// index says, the store must not delete a file it does not own (a stray notes.txt) or a
// stored font (a valid blob stays in blobs/ or, at worst, in quarantine/).

import Foundation
import TypeScale
import TypeScaleFontStore

/// One scratch folder per process; the store folder inside it is made afresh for each input.
let scratch = FileManager.default.temporaryDirectory
  .appendingPathComponent("typescale-fuzz-store-\(ProcessInfo.processInfo.processIdentifier)")

/// One registry for every input; each input's faces are unregistered at its end.
let registry: FontRegistry = {
  do {
    return try FontRegistry()
  } catch {
    fatalError("the embedded face must load: \(error)")
  }
}()

/// A real font and the file name the store gives it, so that an index can name a valid blob
/// (the seeds do): Tests/Fixtures/Fonts/Fixture-Regular.ttf.
///
/// Byte arrays, not `Data`: `Data` keeps its storage pointer with tag bits that LeakSanitizer
/// does not recognise, so a global `Data` is reported as leaked.
let blob: (name: String, bytes: [UInt8]) = {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../Tests/Fixtures/Fonts/Fixture-Regular.ttf").standardized
  guard let bytes = try? Data(contentsOf: url) else { fatalError("missing \(url.path)") }
  return (SHA256Digest.hash(bytes).hex + ".ttf", [UInt8](bytes))
}()

let notes = Array("not the store's\n".utf8)

func fuzzOneInput(_ bytes: UnsafeBufferPointer<UInt8>) {
  let folder = scratch.appendingPathComponent("store")
  let blobs = folder.appendingPathComponent("blobs")
  try? FileManager.default.removeItem(at: scratch)
  do {
    try FileManager.default.createDirectory(at: blobs, withIntermediateDirectories: true)
    try Data(blob.bytes).write(to: blobs.appendingPathComponent(blob.name))
    try Data(notes).write(to: blobs.appendingPathComponent("notes.txt"))
    try Data(buffer: bytes).write(to: folder.appendingPathComponent("index.json"))
  } catch {
    fatalError("could not set up \(folder.path): \(error)")
  }
  for access in [FontStore.AccessMode.readOnly, .readWrite] {
    if access == .readWrite {
      // The marker, so that the read-write store reads the index whatever it holds.
      FileManager.default.createFile(
        atPath: folder.appendingPathComponent(".typescale-store").path, contents: Data())
    }
    do throws(FontStoreError) {
      let store = try FontStore(directory: folder, registry: registry, access: access)
      _ = store.issues.map(\.message)
      try store.synchronize()
      for entry in store.entries {
        _ = entry.description
        try? registry.unregister(fileAt: entry.fileURL)
      }
    } catch {
      _ = error.message
    }
  }
  precondition(
    FileManager.default.contents(atPath: blobs.appendingPathComponent("notes.txt").path)
      == Data(notes),
    "the store removed or changed a file it does not own")
  let quarantined =
    (try? FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("quarantine").path)) ?? []
  precondition(
    FileManager.default.fileExists(atPath: blobs.appendingPathComponent(blob.name).path)
      || quarantined.contains { $0.hasPrefix(blob.name) },
    "the store deleted a stored font")
}

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzOneInput(UnsafeBufferPointer(start: data, count: size))
  return 0
}
