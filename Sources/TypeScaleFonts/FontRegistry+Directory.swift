// SPDX-License-Identifier: Apache-2.0

import Dispatch
import Foundation
import Synchronization

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
  public func registerFonts(in directory: URL, recursive: Bool = true) throws(FontError)
    -> DirectoryRegistration
  {
    let urls = try Self.fontFiles(in: directory, recursive: recursive)
    let results = Mutex<[Int: Result<[FontFace], FontError>]>([:])
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, urls.count))
    let next = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < urls.count else { return }
        let result: Result<[FontFace], FontError>
        do throws(FontError) {
          result = .success(try register(fileAt: urls[index]))
        } catch {
          result = .failure(error)
        }
        results.withLock { $0[index] = result }
      }
    }
    var faces: [FontFace] = []
    var failures: [DirectoryRegistration.Failure] = []
    let collected = results.withLock { $0 }
    for (index, url) in urls.enumerated() {
      switch collected[index] {
      case .success(let registered): faces += registered
      case .failure(let error): failures.append(.init(url: url, error: error))
      case nil: preconditionFailure("every file is registered or fails")
      }
    }
    return DirectoryRegistration(faces: faces, failures: failures, fileCount: urls.count)
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
        throw FontError(.unreadableFile, "\(directory.path) cannot be listed: \(error)")
      }
    }
    return urls.filter { fontFileExtensions.contains($0.pathExtension.lowercased()) }
      .sorted { $0.path < $1.path }
  }
}
