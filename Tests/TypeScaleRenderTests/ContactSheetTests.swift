// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleGoldens
import TypeScaleLayout
import TypeScaleMetrics
import TypeScaleRender
import TypeScaleTestSupport

private let sentence = "The quick brown fox jumps over the lazy dog while the band plays on."

/// Runs of consecutive rows in one column of an image where `predicate` holds.
private func runs(in image: Image, x: Int, where predicate: (RGBAColor) -> Bool) -> [Range<Int>] {
  var found: [Range<Int>] = []
  var start: Int?
  for y in 0...image.height {
    let inside = y < image.height && predicate(image[x: x, y: y])
    if inside, start == nil { start = y }
    if !inside, let first = start {
      found.append(first..<y)
      start = nil
    }
  }
  return found
}

/// The rows of one column that are darker than the rows above and below: the one-pixel
/// separators a contact sheet draws under each row, whatever wash the row has.
private func separators(in image: Image, x: Int) -> [Int] {
  func lightness(_ y: Int) -> Int {
    let pixel = image[x: x, y: y]
    return Int(pixel.red) + Int(pixel.green) + Int(pixel.blue)
  }
  return (1..<image.height - 1).filter {
    lightness($0) < lightness($0 - 1) && lightness($0) < lightness($0 + 1)
  }
}

@Suite struct ContactSheetTests {
  private static func sweep(
    categories: DynamicTypeRange = .all
  ) throws -> [CategoryLayout] {
    try FontFixture.sharedEngine.sweep(
      sentence, font: try FontFixture.defaultFont(), sizing: .relative(to: .body),
      categories: categories, options: LayoutOptions(width: 343, lineLimit: 3))
  }

  @Test func contactSheet_hasTwelveRows_andMarksTheTruncatedOnes() throws {
    let sweep = try Self.sweep()
    #expect(sweep.count == 12)
    let truncated = sweep.filter(\.layout.isTruncated).count
    #expect(truncated > 0 && truncated < 12, "the sentence truncates at some sizes only")

    let options = RenderOptions(overlays: [.lines, .truncation])
    let sheet = try FontFixture.renderer.contactSheet(sweep, title: "body", options: options)
    let decoded = try #require(decodeWithLibPNG(try PNG.encode(sheet)))
    #expect((decoded.width, decoded.height) == (sheet.width, sheet.height))

    // A separator closes every row: count them in the rightmost column.
    let rules = separators(in: sheet, x: sheet.width - 1)
    #expect(rules.count == 12, "\(rules)")
    // Marked rows carry a red bar just inside the margin.
    let bars = runs(in: sheet, x: options.margin + 1) {
      $0.red > 200 && $0.green < 60 && $0.blue < 60
    }
    #expect(bars.count == truncated, "\(bars)")
    // The bars are the truncated rows: each row ends at its separator.
    var rowStart = 0
    var marked: [Bool] = []
    for rule in rules {
      marked.append(bars.contains { (rowStart..<rule).contains($0.lowerBound) })
      rowStart = rule + 1
    }
    #expect(marked == sweep.map(\.layout.isTruncated))
  }

  @Test func contactSheet_range_hasOneRowPerCategory() throws {
    let sweep = try Self.sweep(categories: DynamicTypeRange(.large ... .accessibilityMedium))
    #expect(
      sweep.map(\.category) == [
        .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge, .accessibilityMedium,
      ])
    let sheet = try FontFixture.renderer.contactSheet(sweep)
    #expect(separators(in: sheet, x: sheet.width - 1).count == 5)
  }

  @Test func contactSheet_fallback_addsALegendInTheFacesColours() throws {
    let sweep = try FontFixture.sharedEngine.sweep(
      "Hello 안녕", font: try FontFixture.defaultFont(), sizing: .relative(to: .body),
      categories: DynamicTypeRange(.large ... .large), options: LayoutOptions(width: 200))
    let korean = try #require(sweep.first?.layout.diagnostics.fallbackFaces.first)
    let tint = FacePalette.color(for: korean)
    let plain = try FontFixture.renderer.contactSheet(sweep)
    let tinted = try FontFixture.renderer.contactSheet(
      sweep, options: RenderOptions(overlays: [.fallback]))
    #expect(tinted.height > plain.height, "the legend adds rows")
    // The legend's swatch is the face's colour, exactly.
    #expect(tinted.pixels { $0 == tint }.count >= 100)
  }

  @Test func contactSheet_demo_looksRight() throws {
    // Written for people to look at: .build/render-tests/contact-sheet.png.
    let sweep = try FontFixture.sharedEngine.sweep(
      sentence + " 안녕하세요", font: try FontFixture.defaultFont(), sizing: .relative(to: .body),
      options: LayoutOptions(width: 343, lineLimit: 3))
    let sheet = try FontFixture.renderer.contactSheet(
      sweep, title: "body, 343 pt, 3 lines",
      options: RenderOptions(overlays: [.lines, .truncation, .fallback, .width]))
    let url = packageRoot().appendingPathComponent(".build/render-tests/contact-sheet.png")
    try PNG.write(sheet, to: url)
    #expect(try PNG.decode(try Data(contentsOf: url)) == sheet)
  }
}

@Suite struct GoldenFailureImageTests {
  private static func recorded() throws -> (GoldenFile, URL) {
    let suite = GoldenSuite(
      fonts: [.embedded()],
      cases: [
        GoldenCase(id: "save/L", text: "Save changes", width: 120, lineLimit: 1),
        GoldenCase(
          id: "long/AX3", text: "Cancel the long operation now", category: .accessibilityLarge,
          width: 200, lineLimit: 2),
      ])
    let folder = try Fixtures.temporaryDirectory("typescale-render-golden")
    let golden = try GoldenMeasurer().measure(suite, baseDirectory: folder)
    return (golden, folder.appendingPathComponent("ui.golden"))
  }

  @Test func goldenFailureImage_drawsTheExpectedBoxOfEachChangedCase() throws {
    let (actual, url) = try Self.recorded()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    var expected = actual
    expected.measurements[1].width = 150
    expected.measurements[1].height = 30
    let report = GoldenComparison.compare(expected: expected, actual: actual, name: url.path)
    #expect(report.differing == 1)

    let renderer = Renderer(registry: try FontRegistry())
    let image = try #require(
      try renderer.goldenFailureImage(
        report: report, expected: expected, actual: actual, goldenURL: url))
    let magenta = image.pixels { $0.red > 200 && $0.green < 80 && $0.blue > 200 }
    #expect(!magenta.isEmpty)
    // The expected box is 150 pt wide at scale 2: its edges are 300 pixels apart.
    let xs = magenta.map(\.x)
    let span = (xs.max() ?? 0) + 1 - (xs.min() ?? 0)
    #expect(abs(span - 300) <= 1, "\(span)")
    #expect(try PNG.decode(try PNG.encode(image)) == image)

    let passed = GoldenComparison.compare(expected: actual, actual: actual, name: url.path)
    #expect(
      try renderer.goldenFailureImage(
        report: passed, expected: actual, actual: actual, goldenURL: url) == nil)
  }

  @Test func goldenFailureImageURL_isBesideTheArtifact() {
    let golden = packageRoot().appendingPathComponent("Goldens/ui-strings.golden")
    let url = Renderer.goldenFailureImageURL(for: golden)
    if ProcessInfo.processInfo.environment["TYPESCALE_ARTIFACTS"] == nil {
      #expect(url.path.hasSuffix("/.build/golden-actual/Goldens/ui-strings.golden.png"))
    }
    #expect(url.path == Renderer.goldenArtifactURL(for: golden).path + ".png")
  }
}
