// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics
import TypeScaleRender

extension Renderer {
  /// The most failing cases a golden failure image draws.
  public static let goldenFailureLimit = 20

  /// Draws the failing cases of a golden comparison: each case's text as it lays out now, with
  /// the box the golden file expected drawn over it.
  ///
  /// Each changed case (up to ``goldenFailureLimit``) is laid out again from its inputs — the
  /// style's size at Large scaled for the category as `UIFontMetrics` does, the golden header's
  /// fonts (paths relative to the golden file; `embedded` for the default) — and drawn with its
  /// line boxes, wrapping width and truncation marks. The expected box (the recorded width ×
  /// height) is outlined in magenta over it, and the case id and its differences caption it.
  ///
  /// Fonts are registered in ``registry``; use a renderer over a registry of its own (as
  /// `GoldenMeasurer` does) so a suite's files never clash with an app's.
  ///
  /// ```swift
  /// let report = GoldenComparison.compare(expected: expected, actual: actual, name: path)
  /// let renderer = Renderer(registry: try FontRegistry())
  /// if let image = try renderer.goldenFailureImage(
  ///   report: report, expected: expected, actual: actual, goldenURL: goldenURL) {
  ///   try PNG.write(image, to: Renderer.goldenFailureImageURL(for: goldenURL))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - report: The comparison's report.
  ///   - expected: The recorded golden file.
  ///   - actual: The file measured now (its fonts stand in for aliases the recording lacks).
  ///   - goldenURL: The golden file's location; relative font paths start from its folder.
  ///   - options: Scale, margin and colours; the overlays are chosen by this method.
  /// - Returns: The image, or `nil` when no case changed.
  /// - Throws: ``RenderError``: `font` when a font file cannot be registered, `layout` when a
  ///   case cannot be laid out, or as ``render(_:options:)`` does.
  public func goldenFailureImage(
    report: GoldenReport, expected: GoldenFile, actual: GoldenFile, goldenURL: URL,
    options: RenderOptions = RenderOptions()
  ) throws(RenderError) -> Image? {
    try options.validate()
    let recorded = Dictionary(
      expected.records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let changed = report.mismatches.filter { $0.kind == "changed" && recorded[$0.id] != nil }
    guard !changed.isEmpty else { return nil }
    let shown = changed.prefix(Self.goldenFailureLimit)

    var fonts = GoldenLayouts(
      registry: registry, goldenURL: goldenURL, headers: [expected.header, actual.header])
    struct Entry {
      let caption: Label
      let layout: TextLayout
      let expected: GoldenRecord
      /// The expected box's x, in points from the layout's left (negative when it starts left
      /// of the layout).
      let expectedLeft: Double
    }
    var entries: [Entry] = []
    for mismatch in shown {
      guard let record = recorded[mismatch.id] else { continue }
      let layout = try fonts.layout(record.testCase, engine: labels)
      // The report's order; "->" because the embedded default subset has no arrows.
      let order = ["pointSize", "width", "height", "lines", "truncated", "breaks"]
      let keys = mismatch.fields.keys.sorted {
        (order.firstIndex(of: $0) ?? order.count, $0) < (
          order.firstIndex(of: $1) ?? order.count, $1
        )
      }
      let differences = keys.compactMap { key -> String? in
        guard let values = mismatch.fields[key], values.count == 2 else { return nil }
        return "\(key) \(values[0]) -> \(values[1])"
      }
      entries.append(
        Entry(
          caption: try label(mismatch.id + "\n" + differences.joined(separator: ", ")),
          layout: layout, expected: record,
          expectedLeft: Self.expectedBoxLeft(for: layout, expectedWidth: record.width)))
    }
    let name = goldenURL.lastPathComponent
    let title = try label(
      "\(report.differing) of \(report.total) cases differ from \(name)\n"
        + "magenta: the expected box · blue: the lines laid out now", pointSize: 12,
      color: options.foreground)
    let more =
      changed.count > shown.count || report.differing > changed.count
      ? try label(
        "… and \(report.differing - shown.count) more (see the report)", pointSize: 11)
      : nil

    // Geometry, in pixels: in floating point, checked against the limit before anything is
    // converted or allocated (the recorded sizes come from a file and may be any number).
    let s = options.scale
    let pad = max(2, Int((6 * s).rounded()))
    var imageWidth = Double(title.size(s).width)
    var imageHeight = Double(title.size(s).height + pad)
    var extents: [Double] = []
    for entry in entries {
      // The file's numbers themselves: max() would quietly drop a NaN.
      guard entry.expected.width.isFinite, entry.expected.height.isFinite else {
        throw RenderError(
          .imageTooLarge,
          "the golden failure image cannot draw \(entry.expected.id): its recorded box "
            + "\(PixelMath.format(entry.expected.width)) × "
            + "\(PixelMath.format(entry.expected.height)) pt is not a finite size")
      }
      let box = Self.boxSize(of: entry.layout)
      let shift = max(0, -entry.expectedLeft)
      let right = max(box.width, entry.expectedLeft + entry.expected.width) + shift
      let boxHeight = max(
        Self.pixelExtent(box.height, s), Self.pixelExtent(entry.expected.height, s))
      extents.append(boxHeight)
      imageWidth = max(
        imageWidth, Self.pixelExtent(right, s) + Double(2 * pad),
        Double(entry.caption.size(s).width))
      imageHeight += Double(entry.caption.size(s).height + pad) + boxHeight + Double(3 * pad)
    }
    if let more { imageHeight += Double(more.size(s).height + pad) }
    let size = try Self.checkedCanvas(
      width: imageWidth + Double(2 * options.margin),
      height: imageHeight + Double(2 * options.margin),
      options: options, what: "the golden failure image")
    // Each box is smaller than the whole image, which passed the check.
    let heights = extents.map { Int($0) }
    var canvas = Canvas(width: size.width, height: size.height, background: options.background)
    let width = size.width

    var caseOptions = options
    caseOptions.overlays = [.lines, .width, .truncation]
    try withRasterState { state throws(RenderError) in
      var y = options.margin
      try state.draw(title, into: &canvas, x: options.margin, y: y, scale: s)
      y += title.size(s).height + pad
      for (index, entry) in entries.enumerated() {
        canvas.horizontalLine(y: y, from: 0, to: width, OverlayColors.separator)
        y += pad / 2
        try state.draw(entry.caption, into: &canvas, x: options.margin, y: y, scale: s)
        y += entry.caption.size(s).height + pad
        let x = Double(options.margin + pad) + max(0, -entry.expectedLeft) * s
        try state.draw(entry.layout, into: &canvas, x: x, y: Double(y), options: caseOptions)
        // The expected box sits where the text starts: at the left, or at the right of a
        // right-to-left paragraph, which natural alignment puts against the right edge.
        canvas.stroke(
          PixelRect(
            covering: x + entry.expectedLeft * s, Double(y), entry.expected.width * s,
            entry.expected.height * s),
          OverlayColors.expected, thickness: max(1, Int(s.rounded())), dash: Int((3 * s).rounded()))
        y += heights[index] + 2 * pad + pad / 2
      }
      if let more {
        try state.draw(more, into: &canvas, x: options.margin, y: y, scale: s)
      }
    }
    return canvas.image
  }

  /// The x of the expected box, in points: 0, or for a right-to-left paragraph (its first line
  /// starts with a right-to-left run) the lines' right edge minus the expected width.
  static func expectedBoxLeft(for layout: TextLayout, expectedWidth: Double) -> Double {
    guard let line = layout.lines.first,
      let first = line.runs.first(where: { $0.range.contains(line.range.lowerBound) }),
      first.isRightToLeft
    else { return 0 }
    let right = layout.lines.map { $0.x + $0.width }.max() ?? 0
    return right - expectedWidth
  }

  /// Where a golden file's failure image goes: beside the measured file that a failed
  /// verification writes, with `.png` appended.
  ///
  /// That is `$TYPESCALE_ARTIFACTS/<golden name>.png` when the variable is set; otherwise
  /// `.build/golden-actual/<golden path relative to its package>.png` in the nearest folder
  /// above the golden file that holds a `Package.swift`; otherwise the temporary folder's
  /// `typescale-golden-actual/<golden name>.png`.
  ///
  /// - Parameter golden: The golden file.
  /// - Returns: The image's location.
  public static func goldenFailureImageURL(for golden: URL) -> URL {
    let artifact = goldenArtifactURL(for: golden)
    return artifact.deletingLastPathComponent().appendingPathComponent(
      artifact.lastPathComponent + ".png")
  }

  /// Where a failed verification writes the measured golden file: the same rule as
  /// `GoldenVerification`'s, which does not publish it.
  ///
  /// - Parameter golden: The golden file.
  /// - Returns: The measured file's location.
  public static func goldenArtifactURL(for golden: URL) -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let folder = environment["TYPESCALE_ARTIFACTS"], !folder.isEmpty {
      return URL(fileURLWithPath: folder).appendingPathComponent(golden.lastPathComponent)
    }
    var folder = golden.deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
      {
        let relative = String(golden.path.dropFirst(folder.path.count + 1))
        return folder.appendingPathComponent(".build/golden-actual").appendingPathComponent(
          relative)
      }
      folder.deleteLastPathComponent()
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("typescale-golden-actual")
      .appendingPathComponent(golden.lastPathComponent)
  }
}

extension GoldenLayouts {
  /// Lays a case out as `GoldenMeasurer` measures it, for the failure image.
  fileprivate mutating func layout(
    _ test: GoldenCase, engine: TextLayoutEngine
  ) throws(RenderError) -> TextLayout {
    do throws(GoldenLayouts.Failure) {
      return try measure(test, engine: engine).layout
    } catch {
      throw RenderError(error.kind == .font ? .font : .layout, error.message)
    }
  }
}
