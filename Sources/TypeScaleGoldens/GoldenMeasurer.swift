// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics

/// Measures a suite's cases with the layout engine and writes the results as a ``GoldenFile``.
///
/// Each case's point size is the one it has on an iPhone (``GoldenCase/pointSize(embedded:)``):
/// the system text style's size at the category for the embedded font (`Typography.system`,
/// `UIFont.preferredFont(forTextStyle:)`), the style's size at Large scaled as `UIFontMetrics`
/// scales a custom font for font files. Each record holds the sizing and line-break strategy that
/// applied, so a golden file says how it was measured. Fonts are registered in a registry of the
/// measurer's own (so a suite's files never clash with an app's), once per file.
///
/// ```swift
/// let suite = try GoldenCasesFile.load(casesURL)
/// try GoldenMeasurer().record(
///   suite, baseDirectory: goldenURL.deletingLastPathComponent(), writingTo: goldenURL)
/// ```
public final class GoldenMeasurer {
  let registry: FontRegistry
  let engine: TextLayoutEngine

  /// Creates a measurer with a fresh registry and engine.
  ///
  /// - Throws: ``GoldenError/Code/measurement`` when the embedded fonts cannot be loaded.
  public init() throws(GoldenError) {
    do throws(FontError) {
      registry = try FontRegistry()
    } catch {
      throw GoldenError(.measurement, error.message)
    }
    engine = TextLayoutEngine(registry: registry)
  }

  /// Measures every case of a suite (or of one shard of it) and returns the golden file.
  ///
  /// The records are held in memory, as a comparison needs them; to write a golden file, stream
  /// with ``record(_:baseDirectory:shard:into:progress:)`` instead.
  ///
  /// - Parameters:
  ///   - suite: Fonts and cases.
  ///   - baseDirectory: The folder relative font paths start from (the cases or golden file's).
  ///   - shard: Only this shard's cases, or `nil` for all.
  ///   - progress: Called after each case with (done, total), for a progress line.
  /// - Returns: The golden file.
  /// - Throws: ``GoldenError/Code/measurement`` naming the font or case that failed.
  public func record(
    _ suite: GoldenSuite, baseDirectory: URL, shard: GoldenShard? = nil,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(GoldenError) -> GoldenFile {
    var collector = _GoldenFileCollector()
    try record(
      suite, baseDirectory: baseDirectory, shard: shard, into: &collector, progress: progress)
    return GoldenFile(header: collector.header ?? Self.emptyHeader, records: collector.records)
  }

  /// Measures every case of a suite (or of one shard of it), handing the header and then each
  /// record to `sink` as soon as it is measured; no record is kept.
  ///
  /// Font files are registered and hashed first (the header names their digests), then the
  /// cases are measured in suite order.
  ///
  /// - Parameters:
  ///   - suite: Fonts and cases.
  ///   - baseDirectory: The folder relative font paths start from (the cases or golden file's).
  ///   - shard: Only this shard's cases, or `nil` for all.
  ///   - sink: Receives the header, then each record; a ``GoldenFileWriter`` writes a file.
  ///   - progress: Called after each record is handed over, with (done, total).
  /// - Returns: The number of records written.
  /// - Throws: ``GoldenError/Code/measurement`` naming the font or case that failed, or what
  ///   `sink` throws.
  /// - Complexity: O(*n*) in the cases, in time; constant in memory.
  @discardableResult
  public func record(
    _ suite: GoldenSuite, baseDirectory: URL, shard: GoldenShard? = nil,
    into sink: inout some GoldenRecordSink, progress: ((Int, Int) -> Void)? = nil
  ) throws(GoldenError) -> Int {
    var fonts: [String: (primary: FontFace, cascade: [FontFace], embedded: Bool)] = [:]
    var digests: [String: String] = [:]
    for face in registry.embeddedFaces {
      digests["*embedded \(GoldenHeader.encode(face.source.fileName))"] = try Self.digest(
        face.source)
    }
    for font in suite.fonts {
      if font.isEmbedded {
        fonts[font.alias] = (registry.defaultFace, [], true)
        continue
      }
      var faces: [FontFace] = []
      for path in font.paths {
        let url =
          path.hasPrefix("/")
          ? URL(fileURLWithPath: path)
          : baseDirectory.appendingPathComponent(path)
        let registered: [FontFace]
        do throws(FontError) {
          registered = try registry.register(fileAt: url)
        } catch {
          throw GoldenError(.measurement, "font \(font.alias): \(error.message)")
        }
        guard let face = registered.first else {
          throw GoldenError(.measurement, "font \(font.alias): \(path) has no face")
        }
        faces.append(face)
        digests["\(font.alias) \(GoldenHeader.encode(path))"] = try Self.digest(face.source)
      }
      fonts[font.alias] = (faces[0], Array(faces.dropFirst()), false)
    }

    var header = GoldenHeader(
      versions: Self.versions, fonts: suite.fonts, fontDigests: digests, sizeTolerance: 0.01,
      shard: shard?.description)
    header.casesFile = suite.casesFile
    try sink.writeHeader(header)
    let total =
      shard.map { shard in suite.cases.reduce(0) { $0 + (shard.contains($1.id) ? 1 : 0) } }
      ?? suite.cases.count
    var done = 0
    for test in suite.cases where shard?.contains(test.id) ?? true {
      guard let font = fonts[test.font] else {
        throw GoldenError(.measurement, "case \(test.id): no font \"\(test.font)\" in the suite")
      }
      try sink.write(
        try measure(test, primary: font.primary, cascade: font.cascade, embedded: font.embedded))
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
  /// - Returns: The number of records written.
  /// - Throws: ``GoldenError/Code/measurement`` naming the font or case that failed, or
  ///   ``GoldenError/Code/io`` when the file cannot be written.
  @discardableResult
  public func record(
    _ suite: GoldenSuite, baseDirectory: URL, shard: GoldenShard? = nil, writingTo url: URL,
    progress: ((Int, Int) -> Void)? = nil
  ) throws(GoldenError) -> Int {
    let writer = try GoldenFileWriter(url: url)
    var sink = writer
    let count = try record(
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

  private func measure(
    _ test: GoldenCase, primary: FontFace, cascade: [FontFace], embedded: Bool
  ) throws(GoldenError) -> GoldenRecord {
    do {
      let size = try test.pointSize(embedded: embedded)
      let font = try LayoutFont(face: primary, pointSize: size.points, fallbackFaces: cascade)
      let layout = try engine.layout(test.text, font: font, options: test.layoutOptions)
      guard layout.exactWidth.isFinite, layout.exactHeight.isFinite else {
        throw GoldenError(
          .measurement,
          "case \(test.id): the layout measured \(layout.exactWidth) × \(layout.exactHeight); "
            + "a font's metrics are broken")
      }
      // The record says how it was measured: the sizing and strategy that applied.
      var recorded = test
      recorded.sizing = test.effectiveSizing(embedded: embedded)
      recorded.strategy = test.effectiveStrategy
      return GoldenRecord(
        testCase: recorded, pointSize: size.points, width: layout.exactWidth,
        height: layout.exactHeight, lineCount: layout.lineCount, isTruncated: layout.isTruncated,
        breaks: layout.lines.dropFirst().map(\.range.lowerBound))
    } catch let error as MetricsError {
      throw GoldenError(.measurement, "case \(test.id): \(error.message)")
    } catch let error as GoldenError {
      throw error
    } catch let error as LayoutError {
      throw GoldenError(.measurement, "case \(test.id): \(error.message)")
    } catch {
      throw GoldenError(.measurement, "case \(test.id): \(error)")
    }
  }

  private static func digest(_ source: FontSource) throws(GoldenError) -> String {
    do throws(FontError) {
      return try source.sha256().hex
    } catch {
      throw GoldenError(.measurement, error.message)
    }
  }
}

/// Collects a recording into a ``GoldenFile``, for comparisons that need every record.
private struct _GoldenFileCollector: GoldenRecordSink {
  var header: GoldenHeader?
  var records: [GoldenRecord] = []

  mutating func writeHeader(_ header: GoldenHeader) throws(GoldenError) {
    self.header = header
  }

  mutating func write(_ record: GoldenRecord) throws(GoldenError) {
    records.append(record)
  }
}
