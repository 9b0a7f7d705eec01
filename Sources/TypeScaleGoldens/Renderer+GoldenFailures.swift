// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics
import TypeScaleRender

extension Renderer {
  /// The most failing cases a golden failure image draws.
  public static let goldenFailureLimit = 20

  /// Draws the changed cases of a golden comparison side by side: on the left the case as
  /// recorded, with the box the golden file holds; on the right the case as the cases file has
  /// it now, with the box measured now.
  ///
  /// Each changed case (up to ``goldenFailureLimit``) is laid out from its inputs twice: the
  /// golden file's record on the left (its text, font, style, category, width and limit, at the
  /// size recorded — laid out by today's engine, since only its box is known from the
  /// recording) with the recorded box (width × height) outlined in magenta; and the measured
  /// file's record of the same id on the right — the text laid out now, which may have changed
  /// in the cases file — with the box measured now outlined in green. Both are drawn with their
  /// line boxes, wrapping width and truncation marks; the case id and its differences caption
  /// the pair, and `recorded` / `now` with each box's size caption each side. Fonts come from
  /// the golden header (paths relative to the golden file; `embedded` for the default), the
  /// measured file's header first for the right side.
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
  ///   - actual: The file measured now: the right side's cases, and fonts for aliases the
  ///     recording lacks.
  ///   - goldenURL: The golden file's location; relative font paths start from its folder.
  ///   - options: Scale, margin and colours; the overlays are chosen by this method.
  /// - Returns: The image, or `nil` when no case changed.
  /// - Throws: ``RenderError``: `font` when a font file cannot be registered, `layout` when a
  ///   case cannot be laid out, `imageTooLarge` when a box is not a finite size or the image
  ///   would be over ``RenderOptions/maximumPixels``, or as ``render(_:options:)`` does.
  public func goldenFailureImage(
    report: GoldenReport, expected: GoldenFile, actual: GoldenFile, goldenURL: URL,
    options: RenderOptions = RenderOptions()
  ) throws(RenderError) -> Image? {
    try options.validate()
    let recorded = Dictionary(
      expected.measurements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let measured = Dictionary(
      actual.measurements.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let changed = report.mismatches.filter { $0.kind == .changed && recorded[$0.id] != nil }
    guard !changed.isEmpty else { return nil }
    let shown = changed.prefix(Self.goldenFailureLimit)

    // Each side lays out with its own file's fonts and typography first.
    var recordedFonts = GoldenLayouts(
      registry: registry, goldenURL: goldenURL, headers: [expected.header, actual.header])
    var currentFonts = GoldenLayouts(
      registry: registry, goldenURL: goldenURL, headers: [actual.header, expected.header])
    var entries: [GoldenFailureEntry] = []
    for mismatch in shown {
      guard let record = recorded[mismatch.id] else { continue }
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
      var sides = [
        try side(record, fonts: &recordedFonts, caption: "recorded", color: OverlayColors.expected)
      ]
      if let now = measured[mismatch.id] {
        let caption = now.testCase.text == record.testCase.text ? "now" : "now, text changed"
        sides.append(
          try side(now, fonts: &currentFonts, caption: caption, color: Self.currentBoxColor))
      }
      entries.append(
        GoldenFailureEntry(
          caption: try label(mismatch.id + "\n" + differences.joined(separator: ", ")),
          sides: sides))
    }
    let name = goldenURL.lastPathComponent
    let title = try label(
      "\(report.differing) of \(report.total) cases differ from \(name)\n"
        + "left: the recorded case, magenta its recorded box · right: the case now, green its "
        + "box now · blue: lines as laid out today", pointSize: 12, color: options.foreground)
    let more =
      changed.count > shown.count || report.differing > changed.count
      ? try label(
        "… and \(report.differing - shown.count) more (see the report)", pointSize: 11)
      : nil

    // Geometry, in pixels: in floating point, checked against the limit before anything is
    // converted or allocated (the recorded sizes come from a file and may be any number).
    let s = options.scale
    let pad = max(2, Int((6 * s).rounded()))
    let gap = Double(4 * pad)
    // Each column is as wide as its widest side (box or caption), so the sides line up.
    var columns = [0.0, 0.0]
    var rows: [Double] = []
    for entry in entries {
      var row = 0.0
      for (index, side) in entry.sides.enumerated() {
        let extent = side.pixelExtent(s)
        columns[index] = max(
          columns[index], extent.width, Double(side.caption.size(s).width))
        row = max(row, extent.height)
      }
      rows.append(row)
    }
    let sidesWidth = Double(2 * pad) + columns[0] + gap + columns[1]
    var imageWidth = max(Double(title.size(s).width), sidesWidth)
    var imageHeight = Double(title.size(s).height + pad)
    for (entry, row) in zip(entries, rows) {
      let sideCaption = entry.sides.map { Double($0.caption.size(s).height) }.max() ?? 0
      imageWidth = max(imageWidth, Double(entry.caption.size(s).width))
      imageHeight +=
        Double(entry.caption.size(s).height + pad) + sideCaption + Double(pad / 2) + row
        + Double(3 * pad)
    }
    if let more { imageHeight += Double(more.size(s).height + pad) }
    let size = try Self.checkedCanvas(
      width: imageWidth + Double(2 * options.margin),
      height: imageHeight + Double(2 * options.margin),
      options: options, what: "the golden failure image")
    // Every column and row is smaller than the whole image, which passed the check.
    let heights = rows.map { Int($0) }
    let columnX = [options.margin + pad, options.margin + pad + Int(columns[0] + gap)]
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
        let captionHeight = entry.sides.map { $0.caption.size(s).height }.max() ?? 0
        for (column, side) in entry.sides.enumerated() {
          try state.draw(side.caption, into: &canvas, x: columnX[column], y: y, scale: s)
          let top = Double(y + captionHeight + pad / 2)
          let x = Double(columnX[column]) + max(0, -side.boxLeft) * s
          try state.draw(side.layout, into: &canvas, x: x, y: top, options: caseOptions)
          // The box sits where the text starts: at the left, or at the right of a
          // right-to-left paragraph, which natural alignment puts against the right edge.
          canvas.stroke(
            PixelRect(
              covering: x + side.boxLeft * s, top, side.box.width * s, side.box.height * s),
            side.color, thickness: max(1, Int(s.rounded())), dash: Int((3 * s).rounded()))
        }
        y += captionHeight + pad / 2 + heights[index] + 2 * pad + pad / 2
      }
      if let more {
        try state.draw(more, into: &canvas, x: options.margin, y: y, scale: s)
      }
    }
    return canvas.image
  }

  /// The outline of the box measured now, on the right of a golden failure image: green, told
  /// apart from the recorded box's magenta and the blue line boxes.
  static let currentBoxColor = RGBAColor(red: 0x00, green: 0xA0, blue: 0x3C, alpha: 230)

  /// One side of a changed case: a record laid out, with its box and a caption.
  private func side(
    _ record: GoldenMeasurement, fonts: inout GoldenLayouts, caption: String, color: RGBAColor
  ) throws(RenderError) -> GoldenFailureSide {
    // The file's numbers themselves: max() would quietly drop a NaN.
    guard record.width.isFinite, record.height.isFinite else {
      throw RenderError(
        .imageTooLarge,
        "the golden failure image cannot draw \(record.id): its \(caption) box "
          + "\(NumberText.shortest(record.width)) × \(NumberText.shortest(record.height)) pt is not a "
          + "finite size")
    }
    let layout = try fonts.layout(record.testCase, engine: layoutEngine)
    let size =
      "\(GoldenMeasurement.number(record.width)) x \(GoldenMeasurement.number(record.height)) pt"
    return GoldenFailureSide(
      caption: try label("\(caption): \(size)"), layout: layout,
      box: (record.width, record.height),
      boxLeft: Self.expectedBoxLeft(for: layout, expectedWidth: record.width), color: color)
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

  /// Where a failed verification writes the measured golden file: `GoldenVerification`'s rule,
  /// published.
  ///
  /// That is `$TYPESCALE_ARTIFACTS/<golden name>` when the variable is set; otherwise
  /// `.build/golden-actual/<golden path relative to its package>` in the nearest folder above the
  /// golden file that holds a `Package.swift`; otherwise the temporary folder's
  /// `typescale-golden-actual/<golden name>`.
  ///
  /// - Parameter golden: The golden file.
  /// - Returns: The measured file's location.
  public static func goldenArtifactURL(for golden: URL) -> URL {
    GoldenVerification.artifactURL(for: golden)
  }
}

/// One changed case of a golden failure image: its caption and its sides, recorded then now.
private struct GoldenFailureEntry {
  let caption: Label
  let sides: [GoldenFailureSide]
}

/// One side of a changed case: a record laid out, the box it was measured with, a caption.
private struct GoldenFailureSide {
  let caption: Label
  let layout: TextLayout
  /// The measured box, in points.
  let box: (width: Double, height: Double)
  /// The box's x, in points from the layout's left (negative when it starts left of it).
  let boxLeft: Double
  let color: RGBAColor

  /// The side's extent in pixels: the layout's box and the measured box, whichever reaches
  /// further, in floating point (unchecked: it may be huge).
  func pixelExtent(_ scale: Double) -> (width: Double, height: Double) {
    let layoutBox = Renderer.boxSize(of: layout)
    let shift = max(0, -boxLeft)
    let right = max(layoutBox.width, boxLeft + box.width) + shift
    return (
      Renderer.pixelExtent(right, scale),
      max(Renderer.pixelExtent(layoutBox.height, scale), Renderer.pixelExtent(box.height, scale))
    )
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
      // The failure is package-internal: its public cause is the one passed on.
      throw RenderError(
        error.code == .font ? .font : .layout, error.message, cause: error.underlying)
    }
  }
}
