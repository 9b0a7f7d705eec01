// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleGoldens
import TypeScaleLayout
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleRender

/// Every image the renderer draws has its size worked out in floating point and checked
/// against `RenderOptions.maximumPixels` before anything is allocated (issue 15, finding 4).
@Suite struct ImageLimitTests {
  /// A layout of `text` in the default face at `size` points, wrapped at `width`, with its
  /// line height capped at `maximumLineHeight` points (0 for none).
  private static func layout(
    _ text: String = "Hello", size: Double = 17, width: Double? = nil,
    maximumLineHeight: Double = 0
  ) throws -> TextLayout {
    var options = LayoutOptions(width: width)
    options.lineHeight.maximum = maximumLineHeight
    return try FontFixture.sharedEngine.layout(
      text, font: try FontFixture.defaultFont(size), options: options)
  }

  fileprivate struct TooLarge: Sendable, CustomTestStringConvertible {
    let name: String
    let width: Double?
    let size: Double
    let scale: Double
    let maximumPixels: Int
    var testDescription: String { name }
  }

  /// Sizes the issue found allocating gigabytes (or trapping), scaled into today's ranges.
  private static let tooLarge = [
    // The widest accepted width at the largest scale: 6,400,016 pixels wide.
    TooLarge(
      name: "width 100000 at 64×", width: 100_000, size: 17, scale: 64,
      maximumPixels: RenderOptions.defaultMaximumPixels),
    // The largest accepted size: a line 272,416 pixels tall at 2×.
    TooLarge(
      name: "size 100000 at 2×", width: nil, size: 100_000, scale: 2,
      maximumPixels: RenderOptions.defaultMaximumPixels),
    // An ordinary render against a lowered limit.
    TooLarge(name: "hello under 1000 pixels", width: nil, size: 17, scale: 2, maximumPixels: 1000),
  ]

  @Test(arguments: tooLarge)
  fileprivate func render_overTheLimit_throwsBeforeAllocating(_ bad: TooLarge) throws {
    let layout = try Self.layout(size: bad.size, width: bad.width)
    let options = RenderOptions(scale: bad.scale, maximumPixels: bad.maximumPixels)
    let sizeError = #expect(throws: RenderError.self) {
      try Renderer.imageSize(for: layout, options: options)
    }
    #expect(sizeError?.code == .imageTooLarge)
    #expect(sizeError?.message.contains("more than the limit of \(bad.maximumPixels)") == true)
    #expect(sizeError?.message.contains("RenderOptions.maximumPixels") == true)
    let renderError = #expect(throws: RenderError.self) {
      try FontFixture.renderer.render(layout, options: options)
    }
    #expect(renderError == sizeError)
  }

  @Test func render_atTheLimit_draws() throws {
    let layout = try Self.layout()
    var options = RenderOptions()
    let size = try Renderer.imageSize(for: layout, options: options)
    options.maximumPixels = size.width * size.height
    let image = try FontFixture.renderer.render(layout, options: options)
    #expect(image.width == size.width && image.height == size.height)
    options.maximumPixels -= 1
    #expect(throws: RenderError.self) {
      try FontFixture.renderer.render(layout, options: options)
    }
  }

  @Test(arguments: [0, -1, RenderOptions.largestMaximumPixels + 1])
  func options_badMaximumPixels_throws(_ maximum: Int) {
    let error = #expect(throws: RenderError.self) {
      try RenderOptions(maximumPixels: maximum).validate()
    }
    #expect(error?.code == .invalidOption)
    #expect(error?.message.contains("maximum pixels \(maximum) is not valid") == true)
  }

  @Test func contactSheet_overTheLimit_throws() throws {
    let sweep = try FontFixture.sharedEngine.sweep(
      "Hello", font: try FontFixture.defaultFont(), sizing: .relative(to: .body),
      options: LayoutOptions(width: 100))
    let error = #expect(throws: RenderError.self) {
      try FontFixture.renderer.contactSheet(sweep, options: RenderOptions(maximumPixels: 10_000))
    }
    #expect(error?.code == .imageTooLarge)
    #expect(error?.message.hasPrefix("the contact sheet would be ") == true)
    #expect(error?.message.contains("more than the limit of 10000") == true)
  }

  @Test(arguments: [1e300, -1e300, .infinity, .nan])
  func goldenFailureImage_recordedBoxOfAnySize_throwsInsteadOfTrapping(_ value: Double) throws {
    let suite = GoldenSuite(
      fonts: [.embedded()], cases: [GoldenCase(id: "save/L", text: "Save", width: 120)])
    let folder = try Fixtures.temporaryDirectory("typescale-render-limit")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("ui.golden")
    let actual = try GoldenMeasurer().measure(suite, baseDirectory: folder)
    var expected = actual
    expected.measurements[0].width = value
    expected.measurements[0].height = abs(value)
    var report = GoldenComparison.compare(expected: expected, actual: actual, name: url.path)
    if report.mismatches.isEmpty {
      // NaN compares unequal to nothing: make the case "changed" by hand.
      report.mismatches = [
        GoldenReport.Mismatch(id: "save/L", text: "Save", kind: .changed, fields: [:])
      ]
      report.differing = 1
    }
    let error = #expect(throws: RenderError.self) {
      _ = try FontFixture.renderer.goldenFailureImage(
        report: report, expected: expected, actual: actual, goldenURL: url)
    }
    #expect(error?.code == .imageTooLarge)
  }

  @Test func drawGlyphs_moreThanFreeTypeDraws_throws() throws {
    // 40,000 pt × 2 = 80,000 pixels per em; the line height cap keeps the canvas small.
    let layout = try Self.layout("H", size: 40_000, maximumLineHeight: 10)
    let error = #expect(throws: RenderError.self) {
      try FontFixture.renderer.render(layout, options: RenderOptions(scale: 2))
    }
    #expect(error?.code == .imageTooLarge)
    #expect(error?.message.contains("more than FreeType draws (65535") == true)
  }

  @Test func rasterize_glyphOverTheLimit_throwsBeforeRendering() throws {
    // 30,000 pt × 2 = 60,000 pixels per em: an "H" about 40,000 pixels square, on a canvas the
    // line height cap keeps to a few pixels high.
    let layout = try Self.layout("H", size: 30_000, maximumLineHeight: 10)
    let size = try Renderer.imageSize(for: layout, options: RenderOptions())
    #expect(size.width * size.height < RenderOptions.defaultMaximumPixels)
    let error = #expect(throws: RenderError.self) {
      try FontFixture.renderer.render(layout, options: RenderOptions())
    }
    #expect(error?.code == .imageTooLarge)
    #expect(error?.message.contains("glyph") == true)
    #expect(error?.message.contains("RenderOptions.maximumPixels") == true)
  }

  @Test(arguments: [1e300, -1e300, .infinity, -.infinity, .nan, 3.7])
  func pixelMath_anyDouble_convertsWithoutTrapping(_ value: Double) {
    let converted = PixelMath.clampedInt(value)
    #expect(abs(converted) <= PixelMath.bound)
    if value.isNaN { #expect(converted == 0) }
    if value == 3.7 { #expect(converted == 3) }
    let rect = PixelRect(covering: value, value, value, value)
    #expect(rect.width >= 0 && rect.height >= 0)
  }

  @Test func canvas_hugeShapes_visitOnlyTheCanvas() {
    var canvas = Canvas(width: 4, height: 4, background: .white)
    let far = PixelMath.bound
    // A line 2 × 2⁴⁰ pixels long would take hours if walked end to end.
    canvas.horizontalLine(y: 1, from: -far, to: far, .black)
    canvas.verticalLine(x: 2, from: -far, to: far, .black, dash: 2)
    canvas.stroke(PixelRect(x: -far, y: -far, width: 2 * far, height: 2 * far), .black)
    canvas.fill(PixelRect(covering: -1e300, -1e300, 1e300, 1e300), .black)
    #expect(canvas.image[x: 0, y: 1] == .black)
    // The dashes keep their phase from y = -2⁴⁰: on at rows 0–1, off at 2–3.
    #expect(canvas.image[x: 2, y: 0] == .black)
    #expect(canvas.image[x: 2, y: 3] == .white)
  }

  @Test func pointsLabel_hugeSizes_doNotTrap() {
    #expect(Renderer.pointsLabel(17) == "17 pt")
    #expect(Renderer.pointsLabel(16.5) == "16.5 pt")
    #expect(Renderer.pointsLabel(1e300) == "1e+300 pt")
  }
}
