// SPDX-License-Identifier: Apache-2.0

import CBenchmarkPeers
import Foundation
import TypeScale

/// A NUL-terminated copy of a string for C, allocated once so that no baseline pays for the
/// conversion inside a timed loop.
final class CString: @unchecked Sendable {
  // Immutable after init: shared by every thread for reading.
  /// The bytes, NUL-terminated.
  let pointer: UnsafeMutablePointer<CChar>
  /// The length in bytes, without the NUL.
  let count: Int

  /// Copies a string's UTF-8 bytes.
  init(_ string: String) {
    let bytes = Array(string.utf8)
    count = bytes.count
    pointer = .allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
  }

  deinit { pointer.deallocate() }
}

/// One text of the corpus, `Benchmarks/Texts/<script>/<kind>.txt`, with its script's font.
final class CorpusText: @unchecked Sendable {
  // Immutable after init: shared by every thread for reading.
  /// The script folder's name, such as `latin` or `arabic`.
  let script: String
  /// `word`, `sentence` or `paragraph`.
  let kind: String
  /// The BCP 47 language every engine is given.
  let language: String
  /// The text (the file without its final newline).
  let text: String
  /// The font file in the corpus fonts folder, for the floor.
  let fontPath: String
  /// The index of `fontPath` in the corpus's ``Corpus/fontPaths``.
  let fontIndex: Int
  /// The family fontconfig reads from that file, for Pango.
  let family: String
  /// The face TypeScale lays the text out with.
  let face: FontFace
  /// C copies of the text, language and family.
  let cText: CString
  let cLanguage: CString
  let cFamily: CString

  /// Creates a corpus text.
  init(
    script: String, kind: String, language: String, text: String, fontPath: String,
    fontIndex: Int, family: String, face: FontFace
  ) {
    self.script = script
    self.kind = kind
    self.language = language
    self.text = text
    self.fontPath = fontPath
    self.fontIndex = fontIndex
    self.family = family
    self.face = face
    cText = CString(text)
    cLanguage = CString(language)
    cFamily = CString(family)
  }

  /// `arabic paragraph`.
  var name: String { "\(script) \(kind)" }

  /// TypeScale's options: the given width and line limit, the text's language, and the
  /// attributed-string target.
  ///
  /// The baselines break lines with plain UAX #14 rules (ICU, Pango) and measure exact
  /// fractions, so TypeScale is given `boundingRect`'s defaults (`.attributedString`: no push-out
  /// or Hangul word priority, no pixel rounding, no font leading) rather than a `UILabel`'s, the
  /// default target.
  func options(width: Double?, lineLimit: Int? = nil) -> LayoutOptions {
    var options = LayoutOptions(width: width, lineLimit: lineLimit, target: .attributedString)
    options.language = language
    return options
  }
}

/// An error in the corpus files, naming the file.
struct CorpusError: Error, CustomStringConvertible {
  /// What is wrong.
  let description: String
}

/// The benchmark corpus: every text of `Benchmarks/Texts`, each with one font that covers it,
/// and the folder of font files that TypeScale, the floor and Pango all use.
struct Corpus {
  /// The kinds of text each script folder holds, shortest first.
  static let kinds = ["word", "sentence", "paragraph"]

  /// The texts, in `fonts.tsv` order, then by kind.
  let texts: [CorpusText]
  /// The folder of font files (symlinks) given to Pango and registered with TypeScale.
  let fontsFolder: URL
  /// The distinct font files the texts use, in `fonts.tsv` order.
  let fontPaths: [String]
  /// The number of scripts.
  var scriptCount: Int { Set(texts.map(\.script)).count }

  /// Reads `fonts.tsv` and every text, fills `fontsFolder` with links to the fonts (the fixtures
  /// the corpus uses and every embedded font), and registers them with `registry`.
  ///
  /// `fonts.tsv` is UTF-8 with a header line `script<TAB>language<TAB>source<TAB>file`; `source`
  /// is `embedded` (a file in `Sources/TypeScaleFonts/Fonts/`, TypeScale's embedded face of that
  /// file is used) or `fixture` (a file in `Tests/Fixtures/Fonts/`).
  ///
  /// - Parameters:
  ///   - textsFolder: `Benchmarks/Texts`.
  ///   - root: The repository root.
  ///   - fontsFolder: The folder to (re)create with links to the fonts.
  ///   - linkFonts: Whether to (re)create `fontsFolder`; false uses it as it is.
  ///   - registry: The registry to register the fonts with.
  /// - Returns: The corpus.
  /// - Throws: ``CorpusError`` for a malformed or missing file, or the registry's error.
  static func load(
    textsFolder: URL, root: URL, fontsFolder: URL, linkFonts: Bool = true, registry: FontRegistry
  ) throws -> Corpus {
    let embeddedFolder = root.appendingPathComponent("Sources/TypeScaleFonts/Fonts")
    let fixtureFolder = root.appendingPathComponent("Tests/Fixtures/Fonts")
    let table = textsFolder.appendingPathComponent("fonts.tsv")
    let rows = try String(contentsOf: table, encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    guard rows.first == ["script", "language", "source", "file"] else {
      throw CorpusError(
        description: "\(table.path): the header is not script, language, source, file")
    }

    // The fonts folder: the fixtures the corpus uses, and every embedded font.
    let manager = FileManager.default
    if linkFonts {
      try? manager.removeItem(at: fontsFolder)
      try manager.createDirectory(at: fontsFolder, withIntermediateDirectories: true)
    }
    var links: [String: URL] = [:]
    for file in try manager.contentsOfDirectory(atPath: embeddedFolder.path)
    where ["ttf", "otf"].contains((file as NSString).pathExtension) {
      links[file] = embeddedFolder.appendingPathComponent(file)
    }
    for row in rows.dropFirst() {
      guard row.count == 4, ["embedded", "fixture"].contains(row[2]) else {
        throw CorpusError(description: "\(table.path): bad row \(row)")
      }
      let folder = row[2] == "embedded" ? embeddedFolder : fixtureFolder
      links[row[3]] = folder.appendingPathComponent(row[3])
    }
    for (file, target) in links where linkFonts {
      guard manager.fileExists(atPath: target.path) else {
        throw CorpusError(description: "\(table.path): no font file \(target.path)")
      }
      try manager.createSymbolicLink(
        at: fontsFolder.appendingPathComponent(file), withDestinationURL: target)
    }

    // TypeScale gets the same files; embedded scripts use the embedded face of the same bytes.
    var registered: [String: FontFace] = [:]
    for file in links.keys.sorted() {
      let faces = try registry.register(fileAt: fontsFolder.appendingPathComponent(file))
      registered[file] = faces.first
    }
    var texts: [CorpusText] = []
    var fontPaths: [String] = []
    for row in rows.dropFirst() {
      let (script, language, source, file) = (row[0], row[1], row[2], row[3])
      let path = fontsFolder.appendingPathComponent(file).path
      if !fontPaths.contains(path) { fontPaths.append(path) }
      let fontIndex = fontPaths.firstIndex(of: path) ?? 0
      let face =
        source == "embedded"
        ? registry.embeddedFaces.first { $0.source.fileName == file } : registered[file]
      guard let face else {
        throw CorpusError(description: "\(table.path): TypeScale has no face for \(file)")
      }
      var family = [CChar](repeating: 0, count: 256)
      guard benchmark_font_family(path, &family, family.count) else {
        throw CorpusError(description: "fontconfig cannot read \(path)")
      }
      for kind in kinds {
        let url = textsFolder.appendingPathComponent("\(script)/\(kind).txt")
        var text = try String(contentsOf: url, encoding: .utf8)
        if text.hasSuffix("\n") { text.removeLast() }
        guard !text.isEmpty, !text.contains("\n") else {
          throw CorpusError(description: "\(url.path): expected one line of text")
        }
        texts.append(
          CorpusText(
            script: script, kind: kind, language: language, text: text, fontPath: path,
            fontIndex: fontIndex,
            family: String(
              decoding: family.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
              as: UTF8.self),
            face: face))
      }
    }
    return Corpus(texts: texts, fontsFolder: fontsFolder, fontPaths: fontPaths)
  }
}
