// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What ``StringsLoader/load(_:)`` read: the entries of every file that could be read, and an
/// error for each file that could not.
public struct StringsLoadResult: Sendable {
  /// The entries, file by file in the order the files were found.
  public var entries: [LocalizedEntry]
  /// One error per file that could not be read; the other files' entries are still read.
  public var errors: [StringsError]
  /// The files read, in order.
  public var files: [URL]
  /// The `.strings` and `.stringsdict` files a folder walk found outside `.lproj` folders.
  ///
  /// They were not read: no app keeps a localization there (Xcode keeps those in
  /// `<language>.lproj` folders), so they are a repository's templates or a converter's input.
  /// Name one explicitly, with its language, to check it.
  public var skipped: [URL]
  /// What looked wrong in files that were read, and is measured as the platform shows it:
  /// for Android, plural quantities the language lacks or misses
  /// (``AndroidStringsReader/readFile(contentsOf:defaultLanguage:)``).
  public var warnings: [StringsWarning] = []

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - entries: The entries.
  ///   - errors: One error per file that could not be read.
  ///   - files: The files read, in order.
  ///   - skipped: The files a walk found outside `.lproj` folders and did not read.
  public init(
    entries: [LocalizedEntry] = [], errors: [StringsError] = [], files: [URL] = [],
    skipped: [URL] = []
  ) {
    self.entries = entries
    self.errors = errors
    self.files = files
    self.skipped = skipped
  }
}

/// Reads an app's localized strings from files and folders of any supported format.
///
/// A file is read by the reader its name calls for:
///
/// | File | Reader |
/// |---|---|
/// | `*.xcstrings` | ``StringCatalogReader`` |
/// | `*.strings` | ``StringsFileReader`` |
/// | `*.stringsdict` | ``StringsDictReader`` |
/// | `*.xliff` | ``XLIFFReader`` |
/// | `*.xcloc` (a folder Xcode exports) | ``XLIFFReader``, for each `.xliff` inside it |
/// | `strings.xml` in a `values` or `values-<language>` folder | ``AndroidStringsReader`` |
///
/// A folder is walked recursively, its children in sorted order (by name, compared as Unicode
/// scalars, so the order is the same on every machine), skipping hidden files and folders
/// (names starting with `.`, which covers `.build` and `.git`) and not following symbolic links
/// to folders. While walking, files of other kinds are ignored (an Android project also holds
/// `colors.xml` and layouts), and so are `strings.xml` files in Android folders whose
/// qualifiers are not a language (`values-night`, `values-v21`, `values-land`,
/// `values-sw600dp`): they override configuration, not text. A `.strings` or `.stringsdict`
/// file outside a `<language>.lproj` folder is not read either but listed in
/// ``StringsLoadResult/skipped``: it is no app's localization (a repository's templates or a
/// converter's input); named explicitly, it is an error that asks for its language.
///
/// The walk is bounded so that pointing it at the wrong folder fails quickly instead of
/// reading a whole disk: at most ``maximumFiles`` files are read over one call, and folders
/// deeper than ``maximumDepth`` below a given folder are not entered. Each limit, when hit,
/// adds a ``StringsError/Code/tooLarge`` error naming the folder, and what was read so far is
/// kept.
///
/// Nothing here throws: a file that cannot be read (missing, malformed, an explicit file of an
/// unsupported kind) adds one error to ``StringsLoadResult/errors`` and the other files are
/// still read. A file reached twice (listed, and inside a listed folder) is read once.
public struct StringsLoader: Sendable {
  /// The most files one ``load(_:)`` reads, 10,000; an app's catalogs are a few hundred files
  /// at most.
  public static let maximumFiles = 10_000
  /// The deepest folder level entered below a listed folder, 32.
  public static let maximumDepth = 32

  /// The default of ``maximumEntries``, 1,000,000: about 29 times the 34,504 translations of
  /// the largest real app checked, and about 150 MB of entries.
  public static let defaultMaximumEntries = 1_000_000

  /// The language of Android's default `values/` folder.
  public var androidDefaultLanguage: String

  /// The most entries one ``load(_:)`` keeps over all its files.
  ///
  /// ``defaultMaximumEntries`` unless set. Each file is bounded first by ``StringCatalogReader/maximumEntriesPerFile``;
  /// the file that would pass this limit adds a ``StringsError/Code/tooLarge`` error naming it
  /// and the counts, and it and the files after it are not read.
  public var maximumEntries: Int

  /// Creates a loader.
  ///
  /// - Parameters:
  ///   - androidDefaultLanguage: The language of Android's default `values/` folder, `"en"`
  ///     unless given (see ``AndroidStringsReader``).
  ///   - maximumEntries: The most entries one load keeps, ``defaultMaximumEntries`` unless
  ///     given.
  public init(
    androidDefaultLanguage: String = "en", maximumEntries: Int = StringsLoader.defaultMaximumEntries
  ) {
    self.androidDefaultLanguage = androidDefaultLanguage
    self.maximumEntries = maximumEntries
  }

  /// The file kinds an explicit file may have, for error messages.
  static let supported =
    ".xcstrings, .strings, .stringsdict, .xliff, .xcloc (a folder), or strings.xml in a "
    + "values[-<language>] folder"

  /// Reads every localized-strings file at the URLs: files by their extension, folders walked.
  ///
  /// - Parameter urls: Files or folders, read in the order given.
  /// - Returns: The entries and one error per unreadable file; never throws.
  public func load(_ urls: [URL]) -> StringsLoadResult {
    var walk = Walk()
    for url in urls {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        walk.result.errors.append(
          StringsError(
            .unreadable, file: url, "no such file or folder; expected a catalog or a folder"))
        continue
      }
      if isDirectory.boolValue, url.pathExtension != "xcloc" {
        walkFolder(url, depth: 0, root: url, into: &walk)
      } else if !isDirectory.boolValue, let kind = Self.specialKind(url) {
        walk.result.errors.append(
          StringsError(
            .unreadable, file: url,
            "the path is \(kind), not a localized-strings file; expected a regular file: "
              + Self.supported))
      } else if let kind = Kind(url, explicit: true) {
        read(url, kind, into: &walk)
      } else {
        walk.result.errors.append(
          StringsError(
            .invalid, file: url,
            "\"\(url.lastPathComponent)\" is not a localized-strings file; expected "
              + Self.supported))
      }
      if walk.stopped { break }
    }
    return walk.result
  }

  /// What a path that is not a regular file or folder is ("a character device", "a FIFO
  /// (named pipe)"), or `nil`.
  static func specialKind(_ url: URL) -> String? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    return BoundedFile.kindName(mode: info.st_mode)
  }

  /// The state of one ``load(_:)``.
  struct Walk {
    var result = StringsLoadResult()
    var seen: Set<String> = []
    var stopped = false
  }

  /// Whether a walk of a folder reads the file at `path` (a String Catalog, `.strings`,
  /// `.stringsdict`, XLIFF, or `strings.xml` in a `values…` folder): what an output inside a
  /// catalog folder must not be.
  ///
  /// - Parameter path: A file's path.
  /// - Returns: Whether some reader takes it.
  package static func reads(_ path: String) -> Bool {
    Kind(URL(fileURLWithPath: path), explicit: true) != nil
  }

  /// The reader of each kind of file; an `.xcloc` folder is read as the XLIFF files in it.
  private var readers: [Kind: any StringsReader] {
    [
      .catalog: StringCatalogReader(), .strings: StringsFileReader(),
      .stringsdict: StringsDictReader(), .xliff: XLIFFReader(),
      .android: AndroidStringsReader(defaultLanguage: androidDefaultLanguage),
    ]
  }

  /// Which reader a file goes to.
  enum Kind {
    case catalog, strings, stringsdict, xliff, xcloc, android

    /// The kind of `url`, or `nil` when no reader takes it.
    ///
    /// While walking (`explicit` false),
    /// an Android `strings.xml` in a folder that is not a language folder is skipped.
    init?(_ url: URL, explicit: Bool) {
      switch url.pathExtension {
      case "xcstrings": self = .catalog
      case "strings": self = .strings
      case "stringsdict": self = .stringsdict
      case "xliff": self = .xliff
      case "xcloc": self = .xcloc
      default:
        let folder = url.deletingLastPathComponent().lastPathComponent
        guard url.lastPathComponent == "strings.xml", folder.hasPrefix("values") else {
          return nil
        }
        if !explicit, AndroidStringsReader.language(ofFolder: folder) == nil { return nil }
        self = .android
      }
    }
  }

  private func walkFolder(_ folder: URL, depth: Int, root: URL, into walk: inout Walk) {
    guard depth <= Self.maximumDepth else {
      walk.result.errors.append(
        StringsError(
          .tooLarge, file: folder,
          "the folder is more than \(Self.maximumDepth) levels below \(root.path); expected "
            + "catalogs within \(Self.maximumDepth) levels (its contents were not read)"))
      return
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      walk.result.errors.append(
        StringsError(
          .unreadable, file: folder, "cannot list the folder: \(error.localizedDescription)"))
      return
    }
    for name in names.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) })
    where !name.hasPrefix(".") {
      if walk.stopped { return }
      let url = folder.appendingPathComponent(name)
      let values = try? url.resourceValues(forKeys: [.isDirectoryKey, .isSymbolicLinkKey])
      let isDirectory = values?.isDirectory ?? false
      if isDirectory, url.pathExtension != "xcloc" {
        if values?.isSymbolicLink == true { continue }
        walkFolder(url, depth: depth + 1, root: root, into: &walk)
      } else if let kind = Kind(url, explicit: false) {
        if kind == .strings || kind == .stringsdict, folder.pathExtension != "lproj" {
          walk.result.skipped.append(url)
          continue
        }
        read(url, kind, into: &walk)
      }
    }
  }

  private func read(_ url: URL, _ kind: Kind, into walk: inout Walk) {
    if kind == .xcloc {
      // Xcode's export keeps one XLIFF per language in `Localized Contents/`; the source files
      // beside it are copies of the project's and are not read.
      let contents = url.appendingPathComponent("Localized Contents")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: contents.path)) ?? []
      let xliffs = names.filter { $0.hasSuffix(".xliff") && !$0.hasPrefix(".") }
        .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
      guard !xliffs.isEmpty else {
        walk.result.errors.append(
          StringsError(
            .invalid, file: url,
            "the .xcloc folder has no .xliff file in \"Localized Contents\"; expected the "
              + "folder Xcode's Export Localizations writes"))
        return
      }
      for name in xliffs { read(contents.appendingPathComponent(name), .xliff, into: &walk) }
      return
    }
    let path = url.standardizedFileURL.resolvingSymlinksInPath().path
    guard !walk.seen.contains(path) else { return }
    guard walk.result.files.count < Self.maximumFiles else {
      walk.stopped = true
      walk.result.errors.append(
        StringsError(
          .tooLarge, file: url,
          "more than \(Self.maximumFiles) files to read; expected at most \(Self.maximumFiles) "
            + "(this file and the rest were not read)"))
      return
    }
    walk.seen.insert(path)
    walk.result.files.append(url)
    let entries: [LocalizedEntry]
    var warnings: [StringsWarning] = []
    do {
      if kind == .android {
        let file = try AndroidStringsReader(defaultLanguage: androidDefaultLanguage)
          .readFile(contentsOf: url)
        entries = file.entries
        warnings = file.warnings
      } else {
        entries = try readers[kind]?.read(contentsOf: url) ?? []
      }
    } catch {
      walk.result.errors.append(error)
      return
    }
    let total = walk.result.entries.count + entries.count
    guard total <= maximumEntries else {
      walk.stopped = true
      walk.result.errors.append(
        StringsError(
          .tooLarge, file: url,
          "this file's \(entries.count) entries bring the load to \(total) entries, over the "
            + "limit of \(maximumEntries) (StringsLoader.maximumEntries); expected fewer files "
            + "or languages, or a higher limit (this file and the rest were not read)"))
      return
    }
    walk.result.entries += entries
    walk.result.warnings += warnings
  }
}
