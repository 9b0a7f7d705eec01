// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics

/// Measures a suite's cases with the layout engine and writes the results as a ``GoldenFile``.
///
/// Each case's point size and face are the ones it has on an iPhone:
/// - Cases of the suite's typography (the font ``GoldenSuite/typographyAlias``) are laid out
///   through `DynamicType` with the typography, as the app lays them out: the style's or token's
///   family, weight and slope resolved among the suite's fonts (every file of its `fonts` and
///   `fontFolders`) by CSS Fonts 4 matching, its size at Large followed through the category as
///   its sizing says (relative to a text style, fixed, a maximum), and its tracking, kern and
///   line-height multiple. Such measurements say `sizing typography`. What resolution substituted (a
///   family not registered, a weight no face has) is kept in ``warnings``, one line each.
/// - Other cases keep Apple's system styles (``GoldenCase/pointSize(embedded:)``): the system
///   text style's size at the category for the embedded font (`Typography.system`,
///   `UIFont.preferredFont(forTextStyle:)`), the style's size at Large scaled as `UIFontMetrics`
///   scales a custom font for font files, drawn in the alias's first face.
///
/// Each record holds the sizing and line-break strategy that applied, so a golden file says how
/// it was measured, and the exact width and height (before a label's pixel rounding). The
/// header names every font file a layout may use with its SHA-256 (the font folders' files
/// under `typography <path>`), and the typography file with its SHA-256, so a changed font or
/// type scale is told apart from a changed layout. Fonts are registered in a registry of the
/// measurer's own (so a suite's files never clash with an app's), once per file. The golden
/// failure image lays cases out through the same code.
///
/// ```swift
/// let casesFolder = casesURL.deletingLastPathComponent()
/// let goldenFolder = goldenURL.deletingLastPathComponent()
/// let suite = try GoldenCasesFile.load(casesURL).rebased(from: casesFolder, to: goldenFolder)
/// let measurer = try GoldenMeasurer()
/// try measurer.record(suite, baseDirectory: goldenFolder, writingTo: goldenURL)
/// for warning in measurer.warnings { print("warning: \(warning)") }
/// ```
public final class GoldenMeasurer {
  let registry: FontRegistry
  let engine: TextLayoutEngine

  /// What the last recording substituted or skipped, one line per distinct diagnostic: a
  /// typography style's or token's family that is not registered, a weight or slope no face
  /// has (`style headline: no semibold (600) face of "Pretendard"; using …`), a font folder's
  /// file that could not be registered.
  ///
  /// Each call of `record` replaces them. `typescale goldens record` prints them as warnings:
  /// Apple falls back to another face silently, TypeScale records the face it used and says so.
  public private(set) var warnings: [String] = []

  /// The texts of the last measurement with characters no font draws.
  ///
  /// One ``GoldenMissingGlyphs`` per text and face, in the order met: each character is drawn
  /// as `.notdef` and measured with its width. Each measurement replaces them.
  ///
  /// Golden files do not record them (they stay byte-identical); `typescale goldens record` and
  /// `verify` print each as a warning, and those whose cases are ``GoldenCase/strict`` (the cases
  /// file's `"strict": true`, or `--strict`) fail the run. Apple draws such characters with a
  /// last-resort font silently.
  public private(set) var missingGlyphs: [GoldenMissingGlyphs] = []

  /// The ``missingGlyphs`` that fail the run: those of strict cases.
  public var strictMissingGlyphs: [GoldenMissingGlyphs] { missingGlyphs.filter(\.strict) }

  /// Creates a measurer with a fresh registry and engine.
  ///
  /// - Throws: ``GoldenError/Code/measurement`` when the embedded fonts cannot be loaded.
  public init() throws(GoldenError) {
    do throws(FontError) {
      registry = try FontRegistry()
    } catch {
      throw GoldenError(error)
    }
    engine = TextLayoutEngine(registry: registry)
  }

  /// Measures every case of a suite (or of one shard of it) and returns the golden file.
  ///
  /// The measurements are held in memory, as a comparison needs them; to write a golden file, stream
  /// with ``measure(_:baseDirectory:shard:into:progress:)`` instead.
  ///
  /// - Parameters:
  ///   - suite: Fonts and cases.
  ///   - baseDirectory: The folder relative font paths start from (the cases or golden file's).
  ///   - shard: Only this shard's cases, or `nil` for all.
  ///   - progress: Called after each case with (done, total), for a progress line.
  /// - Returns: The golden file.
  /// - Throws: ``GoldenError/Code/measurement`` naming the font or case that failed.
  public func measure(
    _ suite: GoldenSuite, baseDirectory: URL, shard: Shard? = nil,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(GoldenError) -> GoldenFile {
    var collector = GoldenFileCollector()
    try measure(
      suite, baseDirectory: baseDirectory, shard: shard, into: &collector, progress: progress)
    return GoldenFile(
      header: collector.header ?? Self.emptyHeader, measurements: collector.measurements)
  }

  /// Measures every case of a suite (or of one shard of it), handing the header and then each
  /// record to `sink` as soon as it is measured; no record is kept.
  ///
  /// Font files are registered and hashed first (the header names their digests), and the
  /// typography file read and hashed with its font folders registered, then the cases are
  /// measured in suite order.
  ///
  /// - Parameters:
  ///   - suite: Fonts and cases.
  ///   - baseDirectory: The folder relative paths (fonts, font folders, the typography) start
  ///     from (the cases or golden file's).
  ///   - shard: Only this shard's cases, or `nil` for all.
  ///   - sink: Receives the header, then each record; a ``GoldenFileWriter`` writes a file.
  ///   - progress: Called after each record is handed over, with (done, total).
  /// - Returns: The number of measurements written.
  /// - Throws: ``GoldenError/Code/measurement`` naming the font, font folder, typography or
  ///   case that failed (a style or token the typography does not have is named with the
  ///   typography's styles and tokens), or what `sink` throws.
  /// - Complexity: O(*n*) in the cases, in time; constant in memory.
  @discardableResult
  public func measure(
    _ suite: GoldenSuite, baseDirectory: URL, shard: Shard? = nil,
    into sink: inout some GoldenMeasurementSink, progress: ((Int, Int) -> Void)? = nil
  ) throws(GoldenError) -> Int {
    warnings = []
    missingGlyphs = []
    var missing = GoldenMissingGlyphsCollector()
    defer { missingGlyphs = missing.records }
    var layouts = GoldenLayouts(
      registry: registry, folder: baseDirectory, fonts: suite.fonts,
      typography: suite.typography, fontFolders: suite.fontFolders)
    defer { warnings = layouts.warnings }
    var digests: [String: String] = [:]
    for face in registry.embeddedFaces {
      digests["*embedded \(GoldenHeader.encode(face.source.fileName))"] = try Self.digest(
        face.source)
    }
    if suite.cases.contains(where: \.isAndroid) {
      // Android cases draw in Roboto, loaded only for them: iOS suites' headers stay as they were.
      let roboto: [FontFace]
      do throws(FontError) {
        roboto = try registry.androidRobotoFaces()
      } catch {
        throw GoldenError(error)
      }
      for face in roboto {
        digests["*embedded \(GoldenHeader.encode(face.source.fileName))"] = try Self.digest(
          face.source)
      }
    }
    for font in suite.fonts {
      for file in try Self.measuring({ () throws(GoldenLayouts.Failure) in
        try layouts.font(font.alias)
      }).files {
        digests["\(font.alias) \(GoldenHeader.encode(file.path))"] = try Self.digest(file.source)
      }
    }
    let typography = try Self.measuring { () throws(GoldenLayouts.Failure) in
      try layouts.typography()
    }
    for file in typography?.files ?? [] {
      digests["\(GoldenSuite.typographyAlias) \(GoldenHeader.encode(file.path))"] =
        try Self.digest(file.source)
    }

    var header = GoldenHeader(
      versions: Self.versions, fonts: suite.fonts, fontDigests: digests, sizeTolerance: 0.01,
      shard: shard?.description)
    header.casesFile = suite.casesFile
    if let typography {
      header.typography = typography.source
      header.fontFolders = suite.fontFolders
    }
    try sink.writeHeader(header)
    let total =
      shard.map { shard in suite.cases.reduce(0) { $0 + (shard.contains($1.id) ? 1 : 0) } }
      ?? suite.cases.count
    var done = 0
    for test in suite.cases where shard?.contains(test.id) ?? true {
      let measured = try Self.measuring { () throws(GoldenLayouts.Failure) in
        try layouts.measure(test, engine: engine)
      }
      missing.add(
        test, missing: measured.layout.diagnostics.missingCharacters,
        face: measured.layout.font.face.postScriptName)
      try sink.write(try Self.measurement(test, measured))
      done += 1
      progress?(done, total)
    }
    return done
  }

  /// Measures every case of a suite (or of one shard of it) straight into a golden file.
  ///
  /// Each record is written as it is measured (see ``GoldenFileWriter``); the file replaces
  /// `url` only once every case is written and synced. On any error the golden file is left as
  /// it was and the temporary file is removed.
  ///
  /// - Parameters:
  ///   - suite: Fonts and cases.
  ///   - baseDirectory: The folder relative font paths start from (the golden file's).
  ///   - shard: Only this shard's cases, or `nil` for all.
  ///   - url: The golden file to write.
  ///   - progress: Called after each record is written, with (done, total).
  /// - Returns: The number of measurements written.
  /// - Throws: ``GoldenError/Code/measurement`` naming the font or case that failed, or
  ///   ``GoldenError/Code/io`` when the file cannot be written.
  @discardableResult
  public func record(
    _ suite: GoldenSuite, baseDirectory: URL, shard: Shard? = nil, writingTo url: URL,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(GoldenError) -> Int {
    let writer = try GoldenFileWriter(url: url)
    var sink = writer
    let count = try measure(
      suite, baseDirectory: baseDirectory, shard: shard, into: &sink, progress: progress)
    try writer.commit()
    return count
  }

  private static let emptyHeader = GoldenHeader(
    versions: [:], fonts: [], fontDigests: [:], sizeTolerance: 0.01)

  /// Library versions as a golden header records them.
  public static var versions: [String: String] {
    var versions = TextLayoutEngine.libraryVersions
    versions["freetype"] = FontRegistry.freeTypeVersion
    return versions
  }

  /// Runs a step of `GoldenLayouts`, turning its failure into a measurement error.
  private static func measuring<T>(
    _ body: () throws(GoldenLayouts.Failure) -> T
  ) throws(GoldenError) -> T {
    do throws(GoldenLayouts.Failure) {
      return try body()
    } catch {
      // The failure is package-internal: its public cause is the one passed on.
      throw GoldenError(.measurement, error.message, cause: error.underlying)
    }
  }

  /// The record of a measured case: the exact width and height, and the sizing and strategy
  /// that applied.
  private static func measurement(
    _ test: GoldenCase, _ measured: GoldenLayouts.Measured
  ) throws(GoldenError) -> GoldenMeasurement {
    let layout = measured.layout
    guard layout.exactWidth.isFinite, layout.exactHeight.isFinite else {
      throw GoldenError(
        .measurement,
        "case \(test.id): the layout measured \(layout.exactWidth) × \(layout.exactHeight); "
          + "a font's metrics are broken")
    }
    var recorded = test
    recorded.sizing = test.isAndroid ? nil : measured.sizing
    recorded.strategy = test.effectiveStrategy
    var record = GoldenMeasurement(
      testCase: recorded, pointSize: measured.pointSize, width: layout.exactWidth,
      height: layout.exactHeight, lineCount: layout.lineCount, isTruncated: layout.isTruncated,
      breaks: layout.lines.dropFirst().map(\.range.lowerBound))
    record.pixelSize = measured.pixelSize
    return record
  }

  private static func digest(_ source: FontSource) throws(GoldenError) -> String {
    do throws(FontError) {
      return try source.sha256().hex
    } catch {
      throw GoldenError(error)
    }
  }
}

/// Collects a recording into a ``GoldenFile``, for comparisons that need every record.
private struct GoldenFileCollector: GoldenMeasurementSink {
  var header: GoldenHeader?
  var measurements: [GoldenMeasurement] = []

  mutating func writeHeader(_ header: GoldenHeader) throws(GoldenError) {
    self.header = header
  }

  mutating func write(_ record: GoldenMeasurement) throws(GoldenError) {
    measurements.append(record)
  }
}
