// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file a path names once symbolic links and `..` are followed, whether it exists yet or not.
///
/// An existing path is what `realpath(3)` gives. A path that does not exist yet resolves as its
/// folder's real path plus its name, so `out/../Localizable.xcstrings` and a link to the
/// catalog both resolve to the catalog; a dangling symbolic link resolves to the file it points
/// at (the file a write through it would create).
package enum ResolvedPath {
  /// The most symbolic links followed for one path: 40, Linux's `MAXSYMLINKS`; past it the path
  /// resolves lexically.
  package static let maximumLinks = 40

  /// The absolute path with links and `..` followed.
  ///
  /// - Parameter path: A path as the user gave it, relative to the current folder or absolute.
  /// - Returns: The absolute, resolved path.
  package static func resolve(_ path: String) -> String {
    var links = 0
    return resolve(absolute(path), links: &links)
  }

  /// The identity of an existing file (device and inode, symbolic links followed), which tells
  /// two hard links to one file apart from two files.
  ///
  /// - Parameter path: A path.
  /// - Returns: The identity, or `nil` when nothing is at the path.
  package static func identity(_ path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), mode: UInt32(info.st_mode))
  }

  /// `path`, made absolute against the current folder.
  ///
  /// - Parameter path: A path.
  /// - Returns: The path when it starts with `/`, else the current folder, `/` and the path.
  package static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    let folder = FileManager.default.currentDirectoryPath
    return folder.hasSuffix("/") ? folder + path : folder + "/" + path
  }

  private static func resolve(_ path: String, links: inout Int) -> String {
    if let real = realPath(path) { return real }
    var info = stat()
    if links < maximumLinks, lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
      let target = linkTarget(path)
    {
      links += 1
      let parent = folder(of: path)
      return resolve(target.hasPrefix("/") ? target : join(parent, target), links: &links)
    }
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/"), trimmed != "/" else { return String(trimmed) }
    let name = String(trimmed[trimmed.index(after: slash)...])
    let parentPath = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    let parent = resolve(parentPath, links: &links)
    let joined: String
    switch name {
    case "", ".": joined = parent
    case "..": joined = folder(of: parent)
    default: joined = join(parent, name)
    }
    // `missing/../link` resolves lexically to `link`, which may itself be a link to follow.
    return joined == path ? joined : resolve(joined, links: &links)
  }

  private static func realPath(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  private static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  private static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }
}
