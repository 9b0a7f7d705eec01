// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleLayout
import TypeScaleMetrics

/// One row of a contact sheet: a layout and the content-size category it was laid out for.
public struct ContactSheetRow: Sendable {
  /// The category the row's caption names.
  public var category: ContentSizeCategory
  /// The layout drawn in the row.
  public var layout: TextLayout

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - category: The category the layout was made for.
  ///   - layout: The layout.
  public init(category: ContentSizeCategory, layout: TextLayout) {
    self.category = category
    self.layout = layout
  }

  /// What is wrong with the row, for its caption: `truncated`, `word broken`, `4 lines > 3`.
  var problems: [String] {
    var problems: [String] = []
    if layout.isTruncated { problems.append("truncated") }
    if layout.breaksWords { problems.append("word broken") }
    if let limit = layout.options.lineLimit, limit > 0, layout.lineCount > limit {
      problems.append("\(layout.lineCount) lines > \(limit)")
    }
    return problems
  }
}

extension Renderer {
  /// Draws one text at many content-size categories, one row per category: what a designer
  /// checks before shipping a string.
  ///
  /// Each row is captioned with its category and the point size the layout used, and drawn
  /// with `options`' overlays. A row that truncates, breaks a word or has more lines than its
  /// line limit gets a red bar at its left edge, a red wash and the problem in its caption. With
  /// the ``Overlay/fallback`` overlay, a legend under the rows names the face of each colour.
  ///
  /// ```swift
  /// let sweep = try engine.sweep(text, font: font, sizing: .relative(to: .body),
  ///                              options: LayoutOptions(width: 343, lineLimit: 3))
  /// let sheet = try renderer.contactSheet(sweep, title: "body, 343 pt, 3 lines",
  ///                                       options: RenderOptions(overlays: [.lines, .truncation]))
  /// ```
  ///
  /// - Parameters:
  ///   - sweep: The layouts, one per category, as `TextLayoutEngine.sweep` returns them.
  ///   - title: A caption above the rows, or `nil`.
  ///   - options: Scale, margin, colours and the overlays drawn on every row.
  /// - Returns: The image.
  /// - Throws: ``RenderError`` as ``render(_:options:)`` does.
  public func contactSheet(
    _ sweep: [CategoryLayout], title: String? = nil, options: RenderOptions = RenderOptions()
  ) throws(RenderError) -> Image {
    try contactSheet(
      sweep.map { ContactSheetRow(category: $0.category, layout: $0.layout) }, title: title,
      options: options)
  }

  /// Draws rows of layouts captioned by category: the contact sheet of layouts made some other
  /// way than `TextLayoutEngine.sweep`.
  ///
  /// - Parameters:
  ///   - rows: The rows, top to bottom.
  ///   - title: A caption above the rows, or `nil`.
  ///   - options: Scale, margin, colours and the overlays drawn on every row.
  /// - Returns: The image.
  /// - Throws: ``RenderError`` as ``render(_:options:)`` does: `imageTooLarge` when the sheet
  ///   would have more than ``RenderOptions/maximumPixels`` pixels, checked before it is
  ///   allocated.
  public func contactSheet(
    _ rows: [ContactSheetRow], title: String? = nil, options: RenderOptions = RenderOptions()
  ) throws(RenderError) -> Image {
    try options.validate()
    let s = options.scale
    let pad = max(2, Int((6 * s).rounded()))
    let marker = max(3, Int((2 * s).rounded()))

    // Captions first: laying them out needs no FreeType lock.
    let titleLabel = try title.map { text throws(RenderError) in
      try label(text, pointSize: 13, color: options.foreground)
    }
    var captions: [Label] = []
    var problems: [Label?] = []
    for row in rows {
      captions.append(
        try label("\(row.category.shortName)\n\(Self.pointsLabel(row.layout.pointSize))"))
      let found = row.problems
      problems.append(
        found.isEmpty
          ? nil
          : try label(found.joined(separator: "\n"), pointSize: 9, color: OverlayColors.truncation))
    }
    var legend: [(face: FontFace, label: Label)] = []
    if options.overlays.contains(.fallback) {
      var faces: [FontFace] = []
      for row in rows {
        if !faces.contains(row.layout.font.face) { faces.append(row.layout.font.face) }
        for line in row.layout.lines {
          for run in line.runs where !faces.contains(run.face) { faces.append(run.face) }
        }
      }
      if faces.count > 1 {
        for face in faces { legend.append((face, try label(face.postScriptName, pointSize: 10))) }
      }
    }

    // Geometry, in pixels: rows in floating point, checked against the limit before anything
    // is converted or allocated (a row's layout may be any size).
    let captionWidth =
      zip(captions, problems).map { caption, problem in
        max(caption.size(s).width, problem?.size(s).width ?? 0)
      }.max() ?? 0
    let column = options.margin + marker + pad + captionWidth + pad
    var contentWidth = 0.0
    var rowExtents: [Double] = []
    for (index, row) in rows.enumerated() {
      let box = Self.boxSize(of: row.layout)
      contentWidth = max(contentWidth, Self.pixelExtent(box.width, s))
      let caption = captions[index].size(s).height + (problems[index]?.size(s).height ?? 0)
      rowExtents.append(max(Self.pixelExtent(box.height, s), Double(caption)) + Double(2 * pad))
    }
    let titleHeight = titleLabel.map { $0.size(s).height + pad } ?? 0
    let swatch = Int((10 * s).rounded())
    let legendHeight = legend.isEmpty ? 0 : pad + legend.count * (swatch + pad / 2)
    let legendWidth =
      legend.map { swatch + pad / 2 + $0.label.size(s).width }.max().map { $0 + pad } ?? 0
    let size = try Self.checkedCanvas(
      width: max(
        Double(column + pad + options.margin) + contentWidth,
        Double(options.margin * 2 + max(titleLabel?.size(s).width ?? 0, legendWidth))),
      height: Double(options.margin * 2 + titleHeight + legendHeight) + rowExtents.reduce(0, +),
      options: options, what: "the contact sheet")
    let width = size.width
    // Each row is shorter than the whole sheet, which passed the check.
    let rowHeights = rowExtents.map { Int($0) }
    var canvas = Canvas(width: width, height: size.height, background: options.background)

    try withRasterState { state throws(RenderError) in
      var y = options.margin
      if let titleLabel {
        try state.draw(titleLabel, into: &canvas, x: options.margin, y: y, scale: s)
        y += titleHeight
      }
      for (index, row) in rows.enumerated() {
        let rowHeight = rowHeights[index]
        if problems[index] != nil {
          canvas.fill(
            PixelRect(x: 0, y: y, width: width, height: rowHeight),
            OverlayColors.truncation.withAlpha(20))
          canvas.fill(
            PixelRect(x: options.margin, y: y + pad / 2, width: marker, height: rowHeight - pad),
            OverlayColors.truncation)
        }
        let captionX = options.margin + marker + pad
        try state.draw(captions[index], into: &canvas, x: captionX, y: y + pad, scale: s)
        if let problem = problems[index] {
          try state.draw(
            problem, into: &canvas, x: captionX, y: y + pad + captions[index].size(s).height,
            scale: s)
        }
        try state.draw(
          row.layout, into: &canvas, x: Double(column), y: Double(y + pad), options: options)
        y += rowHeight
        canvas.horizontalLine(y: y - 1, from: 0, to: width, OverlayColors.separator)
      }
      y += pad
      for item in legend {
        canvas.fill(
          PixelRect(x: options.margin, y: y, width: swatch, height: swatch),
          FacePalette.ink(
            for: item.face, primary: rows.first?.layout.font.face ?? item.face,
            foreground: options.foreground, tinted: true))
        try state.draw(
          item.label, into: &canvas, x: options.margin + swatch + pad / 2, y: y, scale: s)
        y += swatch + pad / 2
      }
    }
    return canvas.image
  }
}
