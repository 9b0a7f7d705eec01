// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleCheck
import TypeScaleStrings

/// "Check: a String Catalog of 700 keys in 19 languages": `typescale check`'s engine against
/// bare sweeps of the same texts.
///
/// The catalog is made from the corpus at run time, so it covers every script the corpus has:
/// each of 19 languages takes its script's texts (Latin for English, German, French and eight
/// more; Cyrillic for Russian and Ukrainian; one language for each other script). Key *i* is a UI
/// string of 1–5 words (or 2–12 characters in scripts written without spaces) cut from the
/// script's paragraph at a position that moves with *i*, and every fourth key is a sentence of up
/// to 160 characters; every tenth key starts with a `%lld` placeholder and has `one` and `other`
/// plural variants in the source language.
///
/// - Check: `StringsLoader().load` (read and parse the catalog) plus `CheckRunner.run` (rules,
///   fonts by language, placeholder samples, the twelve-category sweep, statuses) on one worker.
/// - Bare sweeps: `TextLayoutEngine.sweep` of the texts the check lays out (placeholders already
///   filled), in the same fonts, with the same width and options, on the same engine.
///
/// Both are warm: the runner's engine keeps its shape cache between passes, and so do the bare
/// sweeps, on the same engine. The goal is that reading and substitution add at most 20 %.
struct CheckScenario {
  /// The keys in the catalog.
  static let keyCount = 700
  /// The languages and the corpus script each is written in.
  static let languages: [(code: String, script: String)] = [
    ("en", "latin"), ("de", "latin"), ("fr", "latin"), ("es", "latin"), ("it", "latin"),
    ("pt-BR", "latin"), ("nl", "latin"), ("sv", "latin"), ("pl", "latin"), ("tr", "latin"),
    ("vi", "latin"), ("ru", "cyrillic"), ("uk", "cyrillic"), ("el", "greek"),
    ("ar", "arabic"), ("he", "hebrew"), ("hi", "devanagari"), ("th", "thai"), ("ko", "hangul"),
  ]
  /// The label width, in points.
  static let width = 320.0

  let bench: LayoutBench
  let folder: URL
  let catalog: URL
  let runner: CheckRunner
  let entries: [LocalizedEntry]
  /// The bare sweeps' inputs: text, font and options per checked entry.
  let sweeps: [(text: String, font: LayoutFont, options: LayoutOptions)]

  /// Writes the catalog and constraints to a temporary folder and prepares both passes.
  ///
  /// - Parameter bench: The layout benchmark's corpus and engine.
  /// - Throws: What writing, reading or TypeScale throws.
  init(_ bench: LayoutBench) throws {
    self.bench = bench
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-check-bench-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    catalog = folder.appendingPathComponent("Localizable.xcstrings")
    try Self.catalogJSON(corpus: bench.corpus).write(to: catalog)
    let constraintsURL = folder.appendingPathComponent("constraints.json")
    try Self.constraintsJSON(corpus: bench.corpus).write(to: constraintsURL)
    let constraints = try CheckConstraints.load(contentsOf: constraintsURL)
    runner = try CheckRunner(constraints: constraints, workers: 1)
    let loaded = StringsLoader().load([catalog])
    if let error = loaded.errors.first { throw CorpusError(description: error.message) }
    entries = loaded.entries

    var faces: [String: FontFace] = [:]
    for (code, script) in Self.languages {
      faces[code] = bench.corpus.texts.first { $0.script == script }?.face
    }
    var sweeps: [(String, LayoutFont, LayoutOptions)] = []
    for entry in entries {
      guard let face = faces[entry.language] else { continue }
      var options = LayoutOptions(width: Self.width)
      options.language = entry.language
      sweeps.append(
        (
          try constraints.placeholders.text(for: entry), try LayoutFont(face: face, pointSize: 17),
          options
        ))
    }
    self.sweeps = sweeps
  }

  /// One check: read the catalog, then check every entry.
  func checkPass() throws {
    let loaded = StringsLoader().load([catalog])
    let report = try runner.run(loaded.entries)
    blackHole(report.results.count)
  }

  /// Reading the catalog alone.
  func readPass() throws {
    blackHole(StringsLoader().load([catalog]).entries.count)
  }

  /// Placeholder substitution alone, on entries already read.
  func placeholderPass() throws {
    var count = 0
    for entry in entries {
      count &+= try runner.constraints.placeholders.text(for: entry).utf8.count
    }
    blackHole(count)
  }

  /// The runner alone, on entries already read.
  func runPass() throws {
    blackHole(try runner.run(entries).results.count)
  }

  /// Bare sweeps of the same texts.
  func sweepPass() throws {
    for sweep in sweeps {
      let layouts = try runner.engine.sweep(
        sweep.text, font: sweep.font, sizing: .system(.body), options: sweep.options)
      blackHole(layouts.count)
    }
  }

  /// Measures both, interleaved.
  ///
  /// - Returns: The result, per layout (twelve per entry); `floorSeconds` is unused and the
  ///   bare sweeps' time is ``BenchmarkResult/bareSweepSeconds``.
  /// - Throws: What TypeScale throws.
  func run() throws -> BenchmarkResult {
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = try runner.run(entries)
    guard report.results.count == sweeps.count, report.skipped.isEmpty, report.errors.isEmpty
    else {
      throw CorpusError(
        description:
          "check: \(report.results.count) results, \(report.skipped.count) skipped, "
          + "\(report.errors.count) errors for \(sweeps.count) entries")
    }
    // The check and the bare sweeps must lay out the same texts at the same sizes.
    for (result, sweep) in zip(report.results, sweeps) {
      let bare = try runner.engine.sweep(
        sweep.text, font: sweep.font, sizing: .system(.body), options: sweep.options)
      guard result.text == sweep.text,
        result.cells.map(\.lineCount) == bare.map(\.layout.lineCount),
        result.cells.map(\.pointSize) == bare.map(\.size.points)
      else {
        throw CorpusError(
          description:
            "check and bare sweep differ for \(result.id): \(result.text) vs \(sweep.text), "
            + "lines \(result.cells.map(\.lineCount)) vs \(bare.map(\.layout.lineCount)), sizes "
            + "\(result.cells.map(\.pointSize)) vs \(bare.map(\.size.points))")
      }
    }
    let layouts = sweeps.count * ContentSizeCategory.allCases.count
    let times = try secondsPerOperation(
      operations: layouts, [checkPass, sweepPass, readPass, runPass, placeholderPass])
    let bytes =
      (try? FileManager.default.attributesOfItem(atPath: catalog.path)[.size] as? Int) ?? 0
    let failing = report.results.filter(\.fails).count
    return BenchmarkResult(
      name:
        "Check: a String Catalog of \(Self.keyCount) keys in \(Self.languages.count) languages "
        + "(\(grouped(entries.count)) entries), body at all 12 categories, "
        + "\(Int(Self.width)) pt, one worker",
      scenario: "check", operation: "layout", seconds: times[0], floorSeconds: nil,
      pangoSeconds: nil, hitRate: nil,
      extra: [
        ("catalog", "\(grouped(bytes)) bytes, \(grouped(entries.count)) entries"),
        ("layouts per pass", grouped(layouts)),
        ("check per pass", String(format: "%.3f s", times[0] * Double(layouts))),
        ("bare sweeps µs/layout", microseconds(times[1])),
        ("reading per pass", String(format: "%.3f s", times[2] * Double(layouts))),
        ("runner per pass", String(format: "%.3f s", times[3] * Double(layouts))),
        ("placeholders per pass", String(format: "%.3f s", times[4] * Double(layouts))),
        (
          "reading and placeholders over bare sweeps",
          String(format: "%.1f %%", (times[2] + times[4]) / times[1] * 100)
        ),
        ("× bare sweeps (time)", String(format: "%.3f", times[0] / times[1])),
        ("failing entries", grouped(failing)),
      ], bareSweepSeconds: times[1], addedSeconds: times[2] + times[4])
  }

  /// The catalog's JSON.
  static func catalogJSON(corpus: Corpus) throws -> Data {
    var strings: [String: Any] = [:]
    for index in 0..<keyCount {
      let key = String(format: "key.%04d", index)
      var localizations: [String: Any] = [:]
      for (code, script) in languages {
        guard
          let paragraph = corpus.texts.first(where: {
            $0.script == script && $0.kind == "paragraph"
          })
        else { continue }
        var text = sample(paragraph.text, index: index, language: code)
        if index % 10 == 0 { text = "%lld " + text }
        if index % 10 == 0 && code == "en" {
          localizations[code] = [
            "variations": [
              "plural": [
                "one": ["stringUnit": ["state": "translated", "value": text]],
                "other": ["stringUnit": ["state": "translated", "value": text]],
              ]
            ]
          ]
        } else {
          localizations[code] = ["stringUnit": ["state": "translated", "value": text]]
        }
      }
      strings[key] = ["localizations": localizations]
    }
    return try JSONSerialization.data(
      withJSONObject: ["sourceLanguage": "en", "version": "1.0", "strings": strings],
      options: [.prettyPrinted, .sortedKeys])
  }

  /// A UI string or a sentence cut from a paragraph, different for every key and language.
  static func sample(_ paragraph: String, index: Int, language: String) -> String {
    let seed = index &* 31 &+ language.unicodeScalars.reduce(0) { $0 &+ Int($1.value) }
    let words = paragraph.split(separator: " ")
    if index % 4 == 3 {
      let characters = Array(paragraph)
      let start = seed % max(characters.count / 2, 1)
      return String(characters[start..<min(characters.count, start + 160)])
        .trimmingCharacters(in: .whitespaces)
    }
    if words.count > 8 {
      let count = 1 + seed % 5
      let start = seed % (words.count - count)
      return words[start..<start + count].joined(separator: " ")
    }
    let characters = Array(paragraph.filter { $0 != " " })
    let count = 2 + seed % 11
    let start = seed % max(characters.count - count, 1)
    return String(characters[start..<min(characters.count, start + count)])
  }

  /// The constraints: the corpus fonts by language, body at 320 pt, truncation allowed.
  static func constraintsJSON(corpus: Corpus) throws -> Data {
    var fonts: [String: String] = [:]
    for (code, script) in languages {
      if let text = corpus.texts.first(where: { $0.script == script }) {
        fonts[code] = text.face.family
      }
    }
    let object: [String: Any] = [
      "fontDirectories": [corpus.fontsFolder.path],
      "fonts": fonts,
      "defaults": [
        "style": "body", "width": width, "lineLimit": 0, "truncation": true,
        "categories": "xS...AX5",
      ],
      "rules": [],
    ]
    return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }
}
