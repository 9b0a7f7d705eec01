// SPDX-License-Identifier: Apache-2.0

import Foundation

// CONTRACT STUB (issue 20): H-B replaces this file. Keep the names and signatures.

/// What ``StringsLoader/load(_:)`` read: the entries of every file that could be read, and an
/// error for each file that could not.
public struct StringsLoadResult: Sendable {
  /// The entries, file by file in the order the files were found.
  public var entries: [LocalizedEntry]
  /// One error per file that could not be read; the other files' entries are still read.
  public var errors: [StringsError]
  /// The files read, in order.
  public var files: [URL]

  /// Creates a result.
  public init(entries: [LocalizedEntry] = [], errors: [StringsError] = [], files: [URL] = []) {
    self.entries = entries
    self.errors = errors
    self.files = files
  }
}

/// Reads an app's localized strings from files and folders of any supported format.
public struct StringsLoader: Sendable {
  /// Creates a loader.
  public init() {}

  /// Reads every localized-strings file at the URLs: files by their extension, folders walked.
  ///
  /// - Parameter urls: Files or folders.
  /// - Returns: The entries and one error per unreadable file; never throws.
  public func load(_ urls: [URL]) -> StringsLoadResult {
    var result = StringsLoadResult()
    for url in urls where url.pathExtension == "xcstrings" {
      result.files.append(url)
      do {
        result.entries += try StringCatalogReader().read(contentsOf: url)
      } catch {
        result.errors.append(error)
      }
    }
    return result
  }
}
