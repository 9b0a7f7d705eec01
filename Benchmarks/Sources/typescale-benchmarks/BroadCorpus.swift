// SPDX-License-Identifier: Apache-2.0

import CBenchmarkPeers
import Foundation
import TypeScale

extension Corpus {
  /// The kinds of text in the broad corpus: UI strings, then paragraphs.
  static let broadKinds = ["ui", "paragraph"]

  /// Reads the broad corpus, `Benchmarks/Corpus/broad.tsv` with the fonts of
  /// `Benchmarks/Corpus/fonts.tsv` (both written by `Benchmarks/Scripts/make-corpus.py`), fills
  /// `fontsFolder` with links to its fonts, and registers them with `registry`.
  ///
  /// `broad.tsv` is UTF-8 with a header line `id<TAB>script<TAB>language<TAB>kind<TAB>text`;
  /// `kind` is `ui` or `paragraph`. `fonts.tsv` starts `script<TAB>language<TAB>source<TAB>file`
  /// (further columns describe coverage); `source` is `debian` (`file` is an absolute path, a
  /// file of a Debian package) or `embedded` (a file in `Sources/TypeScaleFonts/Fonts/`, whose
  /// embedded face TypeScale uses). For a collection (`.ttc`) every engine uses face 0.
  ///
  /// `registry` must be one of the broad corpus's own: Debian's Noto Sans has the PostScript
  /// name of the file the quick corpus registers from `Sources/TypeScaleFonts/Fonts/`.
  ///
  /// - Parameters:
  ///   - corpusFolder: `Benchmarks/Corpus`.
  ///   - root: The repository root.
  ///   - fontsFolder: The folder to (re)create with links to the fonts, the only one Pango's
  ///     fontconfig sees.
  ///   - registry: The registry to register the fonts with.
  /// - Returns: The corpus, its texts in file order.
  /// - Throws: ``CorpusError`` for a malformed file or a missing font (naming the Debian package
  ///   to install), or the registry's error.
  static func loadBroad(
    corpusFolder: URL, root: URL, fontsFolder: URL, registry: FontRegistry
  ) throws -> Corpus {
    let embeddedFolder = root.appendingPathComponent("Sources/TypeScaleFonts/Fonts")
    let fontsTable = corpusFolder.appendingPathComponent("fonts.tsv")
    let fontRows = try String(contentsOf: fontsTable, encoding: .utf8)
      .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    guard let header = fontRows.first, header.prefix(4) == ["script", "language", "source", "file"]
    else {
      throw CorpusError(
        description: "\(fontsTable.path): the header does not start script, language, source, file")
    }

    // The fonts folder: one link per distinct file, named as the file.
    let manager = FileManager.default
    try? manager.removeItem(at: fontsFolder)
    try manager.createDirectory(at: fontsFolder, withIntermediateDirectories: true)
    var fonts: [String: (source: String, link: URL)] = [:]
    for row in fontRows.dropFirst() {
      guard row.count >= 4, ["debian", "embedded"].contains(row[2]) else {
        throw CorpusError(description: "\(fontsTable.path): bad row \(row)")
      }
      let (script, source, file) = (String(row[0]), String(row[2]), String(row[3]))
      let target =
        source == "embedded"
        ? embeddedFolder.appendingPathComponent(file) : URL(fileURLWithPath: file)
      let link = fontsFolder.appendingPathComponent(target.lastPathComponent)
      guard manager.fileExists(atPath: target.path) else {
        throw CorpusError(
          description:
            "\(fontsTable.path): no font file \(target.path) for \(script); install Debian's "
            + "fonts-noto-core, fonts-noto-cjk and fonts-noto-color-emoji (make bench does)")
      }
      if !manager.fileExists(atPath: link.path) {
        try manager.createSymbolicLink(at: link, withDestinationURL: target)
      }
      fonts[script] = (source, link)
    }

    // TypeScale gets the same files; an embedded file's embedded face (the same bytes).
    var faces: [String: FontFace] = [:]
    var families: [String: String] = [:]
    var fontPaths: [String] = []
    for (script, font) in fonts.sorted(by: { $0.key < $1.key }) {
      let path = font.link.path
      if !fontPaths.contains(path) { fontPaths.append(path) }
      let face =
        font.source == "embedded"
        ? registry.embeddedFaces.first { $0.source.fileName == font.link.lastPathComponent }
        : try registry.register(fileAt: font.link).first
      guard let face else {
        throw CorpusError(description: "TypeScale has no face for \(path) (\(script))")
      }
      faces[script] = face
      var family = [CChar](repeating: 0, count: 256)
      guard benchmark_font_family(path, &family, family.count) else {
        throw CorpusError(description: "fontconfig cannot read \(path)")
      }
      families[script] = String(
        decoding: family.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    let table = corpusFolder.appendingPathComponent("broad.tsv")
    let rows = try String(contentsOf: table, encoding: .utf8).split(separator: "\n")
    guard rows.first == "id\tscript\tlanguage\tkind\ttext" else {
      throw CorpusError(
        description: "\(table.path): the header is not id, script, language, kind, text")
    }
    var texts: [CorpusText] = []
    for (number, row) in rows.dropFirst().enumerated() {
      let fields = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, broadKinds.contains(fields[3]), !fields[4].isEmpty,
        let face = faces[fields[1]], let family = families[fields[1]],
        let path = fonts[fields[1]]?.link.path, let fontIndex = fontPaths.firstIndex(of: path)
      else {
        throw CorpusError(
          description:
            "\(table.path) line \(number + 2): expected id, a script of fonts.tsv, language, "
            + "ui or paragraph, and text; got \(fields)")
      }
      texts.append(
        CorpusText(
          script: fields[1], kind: fields[3], language: fields[2], text: fields[4],
          fontPath: path, fontIndex: fontIndex, family: family, face: face))
    }
    return Corpus(texts: texts, fontsFolder: fontsFolder, fontPaths: fontPaths)
  }
}
