// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Synchronization
import TypeScaleInternals

extension FontRegistry {
  /// The file extensions ``registerFonts(in:recursive:)`` picks up, compared case-insensitively.
  public static let fontFileExtensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2"]

  /// Registers every font file in a folder: files whose extension is a font extension
  /// (case-insensitive), in path order.
  ///
  /// One bad file never stops the rest: each failure is returned with its reason. Files are
  /// scanned on every core.
  ///
  /// - Parameters:
  ///   - directory: The folder.
  ///   - recursive: Whether to descend into subfolders (hidden ones are skipped); `true` by
  ///     default.
  /// - Returns: The faces registered and the files that failed.
  /// - Throws: ``FontError/Code/fileNotFound`` or ``FontError/Code/unreadableFile`` when the
  ///   folder itself cannot be listed.
  @discardableResult
  public func registerFonts(in directory: URL, recursive: Bool = true) throws(FontError)
    -> DirectoryRegistration
  {
    let urls = try Self.fontFiles(in: directory, recursive: recursive)
    // Scan on every core, then commit in path order, so that when two files claim one
    // PostScript name the first path always wins, whatever the timing.
    let scans = Locked<[Int: Result<(String, FontSource, [FontFace]), FontError>]>([:])
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, urls.count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < urls.count else { return }
        let path = urls[index].standardizedFileURL.resolvingSymlinksInPath().path
        let result: Result<(String, FontSource, [FontFace]), FontError>
        do throws(FontError) {
          if let faces = _registered(path: path) {
            result = .success((path, faces[0].source, faces))
          } else {
            let (source, faces) = try Self._scan(
              path: path, kind: .file, options: options, libraries: libraries)
            result = .success((path, source, faces))
          }
        } catch {
          result = .failure(error)
        }
        scans.withLock { $0[index] = result }
      }
    }
    libraries.trim(keeping: 1)  // the extra workers' libraries are not needed any more
    var faces: [FontFace] = []
    var failures: [DirectoryRegistration.Failure] = []
    let collected = scans.withLock { $0 }
    for (index, url) in urls.enumerated() {
      guard let scanned = collected[index] else {
        preconditionFailure("every file is scanned or fails")
      }
      do throws(FontError) {
        let (path, source, scannedFaces) = try scanned.get()
        faces += try commitScanned(path: path, source: source, faces: scannedFaces)
      } catch {
        failures.append(.init(url: url, error: error))
      }
    }
    return DirectoryRegistration(faces: faces, failures: failures, fileCount: urls.count)
  }

  /// Registers every font file among a bundle's resources: the fonts a SwiftPM module ships,
  /// in one call, as `CTFontManagerRegisterFontURLs` does for an app's fonts.
  ///
  /// ```swift
  /// // Package.swift: .target(name: "MyApp", resources: [.process("Fonts")])
  /// try registry.registerFonts(in: Bundle.module)
  /// ```
  ///
  /// The bundle's resource folder (`resourceURL`; the bundle's own folder on Linux) is searched
  /// recursively, hidden folders skipped, for files with a ``fontFileExtensions`` extension:
  /// `.process` flattens a resource folder and `.copy` keeps it, and both are found. Pass
  /// `subdirectory` to register one folder only. Files are read from their paths, not through
  /// `Bundle.urls(forResourcesWithExtension:subdirectory:)`, which is not recursive and returns
  /// `NSURL`s on Linux; the result is the same on every platform. Each file registers as
  /// ``register(fileAt:)`` registers it, and one bad file never stops the rest.
  ///
  /// - Parameters:
  ///   - bundle: The bundle, such as `Bundle.module` or `Bundle.main`.
  ///   - subdirectory: A folder inside the resources to search instead of all of them, such as
  ///     `Fonts` for a `.copy("Fonts")` resource; `nil` by default.
  /// - Returns: The faces registered and the files that failed; ``DirectoryRegistration/fileCount``
  ///   is 0 when the bundle holds no font files.
  /// - Throws: ``FontError/Code/fileNotFound`` when the bundle's resource folder does not exist
  ///   or `subdirectory` is not in it, ``FontError/Code/unreadableFile`` when it cannot be
  ///   listed.
  @discardableResult
  public func registerFonts(in bundle: Bundle, subdirectory: String? = nil) throws(FontError)
    -> DirectoryRegistration
  {
    let resources = bundle.resourceURL ?? bundle.bundleURL
    var folder = resources
    if let subdirectory {
      folder = resources.appendingPathComponent(subdirectory, isDirectory: true)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        throw FontError(
          .fileNotFound,
          "the bundle at \(bundle.bundlePath) has no resource folder \"\(subdirectory)\"; pass "
            + "a folder under \(resources.path), or nil for all of its resources")
      }
    }
    return try registerFonts(in: folder, recursive: true)
  }

  /// The font-named files in a folder, sorted by path.
  static func fontFiles(in directory: URL, recursive: Bool) throws(FontError) -> [URL] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
      throw FontError(.fileNotFound, "no folder at \(directory.path)")
    }
    guard isDirectory.boolValue else {
      throw FontError(
        .unreadableFile, "\(directory.path) is a file, not a folder; use register(fileAt:)")
    }
    let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
    var urls: [URL] = []
    if recursive {
      guard
        let enumerator = FileManager.default.enumerator(
          at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
      else {
        throw FontError(.unreadableFile, "\(directory.path) cannot be listed")
      }
      for case let url as URL in enumerator { urls.append(url) }
    } else {
      do {
        urls = try FileManager.default.contentsOfDirectory(
          at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
      } catch {
        throw FontError(
          .unreadableFile, "\(directory.path) cannot be listed: \(error)", cause: error)
      }
    }
    return urls.filter { fontFileExtensions.contains($0.pathExtension.lowercased()) }
      .sorted { $0.path < $1.path }
  }
}
