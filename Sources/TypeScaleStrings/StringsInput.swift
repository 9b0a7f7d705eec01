// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Reading an Apple strings file from disk: the size limit checked before the bytes are read, and
/// the language taken from the `<lang>.lproj` folder the file is in.
enum StringsInput {
  /// The file's bytes, refusing files over `limit` bytes before reading them.
  static func data(at url: URL, limit: Int, what: String) throws(StringsError) -> Data {
    let size: Int
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch {
      throw StringsError(
        .unreadable, file: url, "cannot read the file: \(error.localizedDescription)")
    }
    guard size <= limit else {
      throw StringsError(
        .tooLarge, file: url, "the \(what) is \(size) bytes; expected at most \(limit) bytes")
    }
    do {
      return try Data(contentsOf: url)
    } catch {
      throw StringsError(
        .unreadable, file: url, "cannot read the file: \(error.localizedDescription)")
    }
  }

  /// The language of a file in a `<lang>.lproj` folder; `Base.lproj` is the development language.
  static func language(of url: URL, developmentLanguage: String) throws(StringsError) -> String {
    let folder = url.deletingLastPathComponent().lastPathComponent
    guard folder.hasSuffix(".lproj"), folder.count > ".lproj".count else {
      throw StringsError(
        .invalid, file: url,
        "the folder \"\(folder)\" is not a language folder; expected the file in a "
          + "<language>.lproj folder such as en.lproj or de.lproj, or an explicit language")
    }
    let language = String(folder.dropLast(".lproj".count))
    return language == "Base" ? developmentLanguage : language
  }
}
