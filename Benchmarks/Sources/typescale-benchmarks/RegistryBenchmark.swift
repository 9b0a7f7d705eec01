// SPDX-License-Identifier: Apache-2.0

import CFreeTypeBenchmark
import Foundation
import TypeScale

/// "Registry: register a folder of fonts": `FontRegistry.registerFonts(in:)` into a fresh
/// registry, against the floor — FreeType opening every face of every file and closing it
/// (`FT_New_Face`/`FT_Done_Face`, one thread), which reads no names, metrics or coverage.
///
/// Memory: resident bytes added by one registration of the folder, after returning freed heap
/// memory to the system, divided by the faces registered.
func registryBenchmark(folder: URL) throws -> BenchmarkResult {
  // Memory first, in a process that has registered nothing yet.
  trimHeap()
  let base = residentBytes()
  var registry: FontRegistry? = try FontRegistry()
  trimHeap()
  let withDefault = residentBytes()
  let first = try registry?.registerFonts(in: folder)
  trimHeap()
  let registered = residentBytes()
  let faceCount = first?.faces.count ?? 0
  let failures = first?.failures ?? []
  let bytesPerFace = Double(registered - withDefault) / Double(max(1, faceCount))
  registry = nil
  _ = base

  let files = first.map { _ in try? FontRegistry.fontFiles(atPath: folder) } ?? []
  let floor = fastest(rounds: 5) {
    var library: FT_Library?
    FT_Init_FreeType(&library)
    defer { FT_Done_FreeType(library) }
    var faces = 0.0
    for path in files ?? [] {
      var face: FT_Face?
      guard FT_New_Face(library, path, 0, &face) == 0, let first = face else { continue }
      let count = first.pointee.num_faces
      FT_Done_Face(first)
      faces += 1
      for index in 1..<max(1, count) {
        if FT_New_Face(library, path, index, &face) == 0, let other = face {
          FT_Done_Face(other)
          faces += 1
        }
      }
    }
    return faces
  }
  let engine = fastest(rounds: 5) {
    guard let fresh = try? FontRegistry(),
      let result = try? fresh.registerFonts(in: folder)
    else { return .nan }
    return Double(result.faces.count)
  }
  return BenchmarkResult(
    name: "Registry: register \(files?.count ?? 0) files from \(folder.lastPathComponent)",
    scenario: "registry", operation: "face",
    seconds: engine.seconds / Double(max(1, faceCount)),
    floorSeconds: floor.seconds / Double(max(1, faceCount)), pangoSeconds: nil, hitRate: nil,
    extra: [
      ("faces", String(faceCount)),
      ("resident bytes/face", String(Int(bytesPerFace.rounded()))),
      ("failed files", String(failures.count)),
    ])
}

extension FontRegistry {
  /// The font files of a folder, as paths, for the floor.
  static func fontFiles(atPath folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { fontFileExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
      .sorted()
      .map { folder.appendingPathComponent($0).path }
  }
}
