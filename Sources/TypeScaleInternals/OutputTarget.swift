// SPDX-License-Identifier: Apache-2.0

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where an output's bytes go, decided from what is at its path before anything is written.
///
/// - A regular file, or nothing: the bytes go to a temporary file beside it, which is renamed
///   over it (``file(path:existing:)``).
/// - A symbolic link: followed to its final target, as `cp` and compilers do, so the temporary
///   file goes beside that target and the link stays a link. A dangling link is followed to the
///   file it names, which is created.
/// - Anything else that exists but is not a folder (a device such as `/dev/null`, a terminal, a
///   FIFO): written through, never renamed over (``special(path:kind:)``).
package enum OutputTarget: Hashable, Sendable {
  /// A regular file at `path` (links followed): `existing` holds its permission bits and
  /// owner, or is `nil` when it is yet to be made.
  case file(path: String, existing: Existing?)
  /// Not a regular file: opened for writing and written through. `kind` names it
  /// ("a character device").
  case special(path: String, kind: String)

  /// What a replaced file keeps.
  package struct Existing: Hashable, Sendable {
    /// The permission bits (`st_mode & 0o777`).
    package let permissions: mode_t
    /// The owner.
    package let owner: uid_t
    /// The group.
    package let group: gid_t
  }

  /// Decides where the bytes for `path` go.
  ///
  /// - Parameter path: The output path as the user gave it.
  /// - Returns: The target.
  /// - Throws: ``OutputFileError`` when the path is a folder or cannot be examined.
  package static func resolve(_ path: String) throws(OutputFileError) -> OutputTarget {
    var info = stat()
    if stat(path, &info) == 0 {
      let type = info.st_mode & S_IFMT
      if type == S_IFDIR {
        throw OutputFileError(
          path: path,
          message: "cannot write \(DisplayText.quoted(path)): it is a folder; expected a file path")
      }
      guard type == S_IFREG else {
        return .special(path: path, kind: BoundedFile.kindName(mode: info.st_mode) ?? "special")
      }
      let existing = Existing(
        permissions: info.st_mode & 0o777, owner: info.st_uid, group: info.st_gid)
      var link = stat()
      let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
      return .file(path: isLink ? ResolvedPath.resolve(path) : path, existing: existing)
    }
    let code = errno
    guard code == ENOENT else { throw .system(path: path, call: "stat", code: code) }
    var link = stat()
    if lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
      return .file(path: ResolvedPath.resolve(path), existing: nil)
    }
    return .file(path: path, existing: nil)
  }
}
