// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Reading an Apple strings file from disk: the size limit checked before the bytes are read, and
/// the language taken from the `<lang>.lproj` folder the file is in.
enum StringsInput {
  /// The file's bytes, read through `BoundedFile`: a FIFO, a device or a folder is refused by
  /// name and a file over `limit` bytes by its size, both before any byte is read.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - limit: The most bytes accepted.
  ///   - what: What the file should be, for messages ("catalog", "stringsdict file").
  /// - Returns: The bytes.
  /// - Throws: ``StringsError``: ``StringsError/Code/tooLarge`` over the limit,
  ///   ``StringsError/Code/unreadable`` otherwise, the message naming the file and the reason.
  static func data(at url: URL, limit: Int, what: String) throws(StringsError) -> Data {
    do {
      return try BoundedFile.read(url, limit: limit)
    } catch {
      throw failure(error, url: url, what: what)
    }
  }

  /// A `BoundedFile` failure as a ``StringsError`` naming the file (its path starts the
  /// message, as every ``StringsError``'s does).
  static func failure(_ failure: BoundedFile.Failure, url: URL, what: String) -> StringsError {
    switch failure {
    case .missing: StringsError(.unreadable, file: url, "no such file; expected a \(what)")
    case .notRegular(let kind):
      StringsError(
        .unreadable, file: url, "the path is \(kind), not a \(what); expected a regular file")
    case .tooLarge(let size, let limit):
      StringsError(
        .tooLarge, file: url, "the \(what) is \(size) bytes; expected at most \(limit) bytes")
    case .grew:
      StringsError(.unreadable, file: url, "the \(what) grew while it was read; read it again")
    case .system(let reason):
      StringsError(.unreadable, file: url, "cannot read the \(what): \(reason)")
    }
  }

  /// The language of a file in a `<lang>.lproj` folder; `Base.lproj` is the development language.
  static func language(of url: URL, developmentLanguage: String) throws(StringsError) -> String {
    let folder = url.deletingLastPathComponent().lastPathComponent
    guard folder.hasSuffix(".lproj"), folder.count > ".lproj".count else {
      throw StringsError(
        .invalid, file: url,
        "the folder \"\(DisplayText.quoted(folder))\" is not a language folder; expected the file in a "
          + "<language>.lproj folder such as en.lproj or de.lproj, or an explicit language")
    }
    let language = String(folder.dropLast(".lproj".count))
    return language == "Base" ? developmentLanguage : language
  }
}
