// SPDX-License-Identifier: Apache-2.0

import Foundation

/// A reader of one kind of localized-strings file: String Catalogs (``StringCatalogReader``),
/// `.strings` (``StringsFileReader``), `.stringsdict` (``StringsDictReader``), XLIFF and
/// `.xcloc` (``XLIFFReader``) and Android `strings.xml` (``AndroidStringsReader``).
///
/// Every reader reads a file at most ``maximumFileSize`` bytes long, checked before reading,
/// and refuses bytes it is given that are longer with the same ``StringsError/Code/tooLarge``
/// message (`the <kind> is N bytes; expected at most M bytes`, ``fileKind`` naming the file);
/// it gives its entries in file order, each with its file and line, and throws a
/// ``StringsError`` naming the file, line and column. ``StringsLoader`` dispatches each file to
/// its reader through this protocol.
///
/// ```swift
/// let readers: [any StringsReader] = [StringCatalogReader(), XLIFFReader()]
/// for reader in readers { entries += try reader.read(contentsOf: url) }
/// ```
public protocol StringsReader: Sendable {
  /// What the reader's files are called in messages, such as `catalog` or `XLIFF file`.
  static var fileKind: String { get }
  /// The longest file the reader reads, in bytes.
  static var maximumFileSize: Int { get }

  /// Reads the file at `url`.
  ///
  /// - Parameter url: A file of the reader's kind.
  /// - Returns: The entries.
  /// - Throws: ``StringsError`` naming the file and, where it has one, the line and column.
  func read(contentsOf url: URL) throws(StringsError) -> [LocalizedEntry]
}

extension StringsReader {
  /// The bytes of the file at `url`, read through the bounded reader with
  /// ``maximumFileSize``.
  ///
  /// - Parameter url: The file.
  /// - Returns: Its bytes.
  /// - Throws: ``StringsError`` for a file that is missing, unreadable, not a regular file or
  ///   larger than the limit.
  package static func data(at url: URL) throws(StringsError) -> Data {
    try StringsInput.data(at: url, limit: maximumFileSize, what: fileKind)
  }

  /// Refuses bytes longer than ``maximumFileSize``, as reading a file would.
  ///
  /// - Parameters:
  ///   - data: The bytes given.
  ///   - file: Where they came from.
  /// - Throws: ``StringsError`` with ``StringsError/Code/tooLarge``.
  package static func checkSize(of data: Data, file: URL) throws(StringsError) {
    guard data.count <= maximumFileSize else {
      throw StringsError(
        .tooLarge, file: file,
        "the \(fileKind) is \(data.count) bytes; expected at most \(maximumFileSize) bytes")
    }
  }
}

/// A reader of files whose language is their `<lang>.lproj` folder's: `.strings`
/// (``StringsFileReader``) and `.stringsdict` (``StringsDictReader``).
///
/// It reads bytes in a language (``read(data:file:language:)``); reading a file takes the
/// language from its folder (`Base.lproj` is ``developmentLanguage``), or is given one.
public protocol LanguageFolderStringsReader: StringsReader {
  /// The language that files in `Base.lproj` are in: the app's development language.
  var developmentLanguage: String { get }

  /// Reads a file's bytes; `file` is recorded on the entries and named in errors.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - file: Where the bytes came from.
  ///   - language: The language code the texts are in.
  /// - Returns: The entries, ordered as the file has them.
  /// - Throws: ``StringsError``, as ``read(contentsOf:language:)`` does.
  func read(data: Data, file: URL, language: String) throws(StringsError) -> [LocalizedEntry]
}

extension LanguageFolderStringsReader {
  /// Reads the file at `url`, in the language of the `<lang>.lproj` folder it is in.
  ///
  /// - Parameter url: A file in a `<lang>.lproj` folder.
  /// - Returns: The entries, ordered as ``read(data:file:language:)`` orders them.
  /// - Throws: ``StringsError`` with ``StringsError/Code/invalid`` naming the folder when it is
  ///   not a `.lproj` folder, or as ``read(contentsOf:language:)`` throws.
  public func read(contentsOf url: URL) throws(StringsError) -> [LocalizedEntry] {
    let language = try StringsInput.language(of: url, developmentLanguage: developmentLanguage)
    return try read(contentsOf: url, language: language)
  }

  /// Reads the file at `url` as text in `language`, wherever the file is.
  ///
  /// - Parameters:
  ///   - url: A file of the reader's kind.
  ///   - language: The language code its texts are in.
  /// - Returns: The entries, ordered as ``read(data:file:language:)`` orders them.
  /// - Throws: ``StringsError`` with ``StringsError/Code/unreadable``,
  ///   ``StringsError/Code/tooLarge`` (checked before reading), ``StringsError/Code/malformed``
  ///   with line and column, ``StringsError/Code/invalid`` or (for a stringsdict)
  ///   ``StringsError/Code/tooManyVariants``.
  public func read(contentsOf url: URL, language: String) throws(StringsError) -> [LocalizedEntry] {
    try read(data: Self.data(at: url), file: url, language: language)
  }
}
