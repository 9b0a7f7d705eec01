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
public struct StringsFileReader: LanguageFolderStringsReader {
  /// The largest file read, in bytes (32 MiB, as for ``StringCatalogReader/maximumFileSize``).
  public static let maximumFileSize = 32 << 20
  /// Its files in messages: `strings file`.
  public static let fileKind = "strings file"

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

  /// Reads a strings file's bytes; `file` is recorded on the entries and named in errors.
  ///
  /// - Parameters:
  ///   - data: The file's bytes, UTF-8 or UTF-16 with a byte order mark.
  ///   - file: Where the bytes came from.
  ///   - language: The language code the texts are in.
  /// - Returns: The entries in file order.
  /// - Throws: ``StringsError``, as ``read(contentsOf:language:)`` does: reading a file
  ///   (``LanguageFolderStringsReader``) takes its language from its `<lang>.lproj` folder, or is
  ///   given one.
  public func read(data: Data, file: URL, language: String) throws(StringsError)
    -> [LocalizedEntry]
  {
    try Self.checkSize(of: data, file: file)
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
