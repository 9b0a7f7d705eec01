// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Reads an XLIFF 1.2 file (`.xliff`), or the `.xcloc` folder Xcode exports, into
/// ``LocalizedEntry`` values: one per key, language and variant, each with the line of its
/// `<trans-unit>`.
///
/// The format is OASIS [XLIFF 1.2](https://docs.oasis-open.org/xliff/v1.2/os/xliff-core.html) as
/// Xcode's "Export Localizations" writes it (Apple's
/// [Exporting localizations](https://developer.apple.com/documentation/xcode/exporting-localizations)):
/// a `<file>` per localized source file, with `source-language` and `target-language`, holding
/// `<trans-unit id=…>`s with a `<source>`, an optional `<target state=…>` and `<note>`s. The
/// reader, using FoundationXML's `XMLParser`:
///
/// - Takes the trans-unit's `id` as the key: Xcode exports a string's key as its id.
/// - Gives each trans-unit an entry in the source language (the `<source>` text) and one in
///   the target language: the `<target>` text with its `state` (`new`, `translated`,
///   `needs-review-translation`, … as written), or, without a `<target>`, the source text with
///   ``LocalizedEntry/isFallback`` set, as iOS shows the development-language text. When the
///   two languages are the same, one entry (the target's, else the source's) is made.
/// - Skips trans-units with `translate="no"`.
/// - Takes the text content of inline elements (`<g>`, `<ph>`, `<bpt>`, `<mrk>`; `<x/>` has
///   none), so a `<ph>` holding `%@` keeps the placeholder. `<note>`s and `<alt-trans>` are
///   ignored.
/// - Reassembles the trans-units Xcode exports a `.stringsdict` as
///   (`/key:dict/NSStringLocalizedFormatKey:dict/:string` and
///   `/key:dict/files:dict/one:dict/:string`) into that key's plural variants, expanded and
///   named exactly as ``StringsDictReader`` does. Their entries take the format trans-unit's line
///   and state, and are fallbacks when any part lacks a `<target>`. Without a format trans-unit,
///   a key with one variable has the format `%#@name@` and the line and state of its first
///   trans-unit; with several variables that is an error. Other stringsdict rule
///   types keep their trans-unit ids as keys.
///
/// An `.xcloc` folder (`de.xcloc`) is read through its `Localized Contents/de.xliff`; the
/// entries name that file. Files over ``maximumFileSize`` bytes are refused before they are
/// read, and malformed XML is reported with the line and column `XMLParser` gives.
public struct XLIFFReader: StringsReader {
  /// The largest XLIFF file read, in bytes (64 MiB: an export repeats each string as source
  /// and target, with notes, so it is larger than the catalog it comes from).
  public static let maximumFileSize = 64 << 20
  /// Its files in messages: `XLIFF file`.
  public static let fileKind = "XLIFF file"

  /// The most variants one reassembled stringsdict key may expand to; the same as
  /// ``StringsDictReader/maximumVariantsPerKey``.
  public static let maximumVariantsPerKey = StringsDictReader.maximumVariantsPerKey

  /// The most entries one XLIFF file may make, the same as
  /// ``StringCatalogReader/maximumEntriesPerFile``, counted before they are made.
  public static let maximumEntriesPerFile = StringCatalogReader.maximumEntriesPerFile

  /// Creates a reader.
  public init() {}

  /// Reads the `.xliff` file, or the `.xcloc` folder, at `url`.
  ///
  /// - Parameter url: An `.xliff` file or an `.xcloc` folder.
  /// - Returns: The entries, by `<file>`, then by trans-unit in file order, then by language
  ///   (source first), then by variant.
  /// - Throws: ``StringsError`` with ``StringsError/Code/unreadable`` (also for an `.xcloc`
  ///   without its XLIFF), ``StringsError/Code/tooLarge`` (checked before reading),
  ///   ``StringsError/Code/malformed`` with line and column, ``StringsError/Code/invalid`` or
  ///   ``StringsError/Code/tooManyVariants``.
  public func read(contentsOf url: URL) throws(StringsError) -> [LocalizedEntry] {
    let file = url.pathExtension == "xcloc" ? try Self.xliff(inXcloc: url) : url
    let data = try Self.data(at: file)
    return try read(data: data, file: file)
  }

  /// The XLIFF inside an `.xcloc` folder: `Localized Contents/<lang>.xliff`, or the folder's
  /// only `.xliff`.
  static func xliff(inXcloc url: URL) throws(StringsError) -> URL {
    let contents = url.appendingPathComponent("Localized Contents", isDirectory: true)
    let language = url.deletingPathExtension().lastPathComponent
    let expected = contents.appendingPathComponent("\(language).xliff")
    if FileManager.default.fileExists(atPath: expected.path) { return expected }
    let found =
      ((try? FileManager.default.contentsOfDirectory(atPath: contents.path)) ?? [])
      .filter { $0.hasSuffix(".xliff") }
    if found.count == 1 { return contents.appendingPathComponent(found[0]) }
    throw StringsError(
      .unreadable, file: url,
      "expected the .xcloc folder to hold \"Localized Contents/\(language).xliff\", found "
        + (found.isEmpty ? "no .xliff file" : found.sorted().joined(separator: ", ")))
  }

  /// Reads an XLIFF file's bytes; `file` is recorded on the entries and named in errors.
  ///
  /// - Parameters:
  ///   - data: The XLIFF document.
  ///   - file: Where the bytes came from.
  /// - Returns: The entries, ordered as ``read(contentsOf:)`` orders them.
  /// - Throws: ``StringsError``, as ``read(contentsOf:)`` does.
  public func read(data: Data, file: URL) throws(StringsError) -> [LocalizedEntry] {
    try Self.checkSize(of: data, file: file)
    let document = XLIFFDocument()
    if let failure = document.parse(data) {
      throw StringsXML.error(failure, file: file, data: data)
    }
    if let line = document.strayUnitLine {
      throw StringsError(
        .invalid, file: file, line: line, "expected this <trans-unit> inside a <file> element")
    }
    var entries: [LocalizedEntry] = []
    for element in document.files {
      entries += try XLIFFFileReading(element: element, file: file)
        .entries(alreadyMade: entries.count)
    }
    return entries
  }
}
