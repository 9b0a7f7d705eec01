// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Reads an Apple `.strings` file (`"key" = "value";`) into ``LocalizedEntry`` values: one per
/// key, with the line of its key.
///
/// The format is the old-style (OpenStep) property list dictionary that Apple's
/// [String Resources](https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/LoadingResources/Strings/Strings.html)
/// describes and `genstrings` writes. The reader accepts what Core Foundation's old-style plist
/// parser (`CFOldStylePList.c`) accepts for a strings file:
///
/// - UTF-8 (with or without a byte order mark) and UTF-16 with a byte order mark, little- or
///   big-endian. UTF-16 without a byte order mark is read as UTF-8 and so reported as malformed.
/// - `/* … */` and `//` comments and any whitespace between tokens.
/// - Quoted strings with the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`,
///   `\U` followed by four hexadecimal digits (a UTF-16 unit; `\UD83D\UDE00` pairs into
///   one character), and `\` followed by one to three octal digits (a byte in the NeXTSTEP
///   encoding, as Core Foundation reads it). Any other escaped character stands for itself.
/// - Unquoted keys and values made of the characters an old-style plist allows unquoted:
///   `A`–`Z`, `a`–`z`, `0`–`9`, `_`, `$`, `/`, `:`, `.` and `-`.
/// - `"key";` without a value, which stands for `"key" = "key";`.
/// - A key defined twice keeps its last value, as `PropertyListSerialization` does; the entry
///   stays at the first definition's place in the order and takes the last one's line.
///
/// Why a tokenizer of its own: swift-corelibs-foundation's `PropertyListSerialization` does
/// parse old-style plists on Linux (checked with Swift 6.3.1), but it returns an unordered
/// dictionary without positions, and its errors name a line but no column ("Missing ';' on line
/// 1"). Every entry needs its key's line and every error its line and column, so the file is
/// tokenized here; tests compare the values with `PropertyListSerialization`'s.
///
/// Deliberate differences from Core Foundation: `\U` with fewer than four hexadecimal digits
/// (Core Foundation reads as many as there are, a NUL for none: `\U00zz` is U+0000 then `zz`)
/// and an unpaired UTF-16 surrogate are errors, and a value that is an
/// array or dictionary is ``StringsError/Code/invalid`` (a strings file holds strings).
///
/// The language is the folder's: `de.lproj/Localizable.strings` is German, and `Base.lproj` is
/// the ``developmentLanguage``. Files over ``maximumFileSize`` bytes are refused before they are
/// read.
public struct StringsFileReader: Sendable {
  /// The largest file read, in bytes (32 MiB, as for ``StringCatalogReader/maximumFileSize``).
  public static let maximumFileSize = 32 << 20

  /// The most entries one file may hold, the same as
  /// ``StringCatalogReader/maximumEntriesPerFile``.
  public static let maximumEntriesPerFile = StringCatalogReader.maximumEntriesPerFile

  /// The language that files in `Base.lproj` are in: the app's development language.
  public var developmentLanguage: String

  /// Creates a reader.
  ///
  /// - Parameter developmentLanguage: The language files in `Base.lproj` are in; `en` by
  ///   default, as Xcode sets a new project's development region.
  public init(developmentLanguage: String = "en") {
    self.developmentLanguage = developmentLanguage
  }

  /// Reads the file at `url`, in the language of the `<lang>.lproj` folder it is in.
  ///
  /// - Parameter url: A `.strings` file in a `<lang>.lproj` folder.
  /// - Returns: The entries in file order.
  /// - Throws: ``StringsError`` with ``StringsError/Code/invalid`` naming the folder when it is
  ///   not a `.lproj` folder, or as ``read(contentsOf:language:)`` throws.
  public func read(contentsOf url: URL) throws(StringsError) -> [LocalizedEntry] {
    let language = try StringsInput.language(of: url, developmentLanguage: developmentLanguage)
    return try read(contentsOf: url, language: language)
  }

  /// Reads the file at `url` as text in `language`, wherever the file is.
  ///
  /// - Parameters:
  ///   - url: A `.strings` file.
  ///   - language: The language code its texts are in.
  /// - Returns: The entries in file order.
  /// - Throws: ``StringsError`` with ``StringsError/Code/unreadable``,
  ///   ``StringsError/Code/tooLarge`` (checked before reading), ``StringsError/Code/malformed``
  ///   with line and column, or ``StringsError/Code/invalid``.
  public func read(contentsOf url: URL, language: String) throws(StringsError) -> [LocalizedEntry] {
    let data = try StringsInput.data(
      at: url, limit: Self.maximumFileSize, what: "strings file")
    return try read(data: data, file: url, language: language)
  }

  /// Reads a strings file's bytes; `file` is recorded on the entries and named in errors.
  ///
  /// - Parameters:
  ///   - data: The file's bytes, UTF-8 or UTF-16 with a byte order mark.
  ///   - file: Where the bytes came from.
  ///   - language: The language code the texts are in.
  /// - Returns: The entries in file order.
  /// - Throws: ``StringsError``, as ``read(contentsOf:language:)`` does.
  public func read(data: Data, file: URL, language: String) throws(StringsError)
    -> [LocalizedEntry]
  {
    guard data.count <= Self.maximumFileSize else {
      throw StringsError(
        .tooLarge, file: file,
        "the strings file is \(data.count) bytes; expected at most \(Self.maximumFileSize) bytes")
    }
    let scalars = try StringsFileDecoding.scalars(of: [UInt8](data), file: file)
    var scanner = StringsFileScanner(scalars: scalars, file: file)
    var entries: [LocalizedEntry] = []
    var indexByKey: [String: Int] = [:]
    while let pair = try scanner.nextPair() {
      if let index = indexByKey[pair.key] {
        entries[index].text = pair.value
        entries[index].line = pair.line
      } else {
        guard entries.count < Self.maximumEntriesPerFile else {
          throw StringsError.tooManyEntries(
            file: file, line: pair.line, key: pair.key, atLeast: entries.count + 1,
            limit: Self.maximumEntriesPerFile)
        }
        indexByKey[pair.key] = entries.count
        entries.append(
          LocalizedEntry(
            key: pair.key, language: language, text: pair.value, file: file, line: pair.line))
      }
    }
    return entries
  }
}
