// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleRender
import TypeScaleTestSupport

private let pangram = "The quick brown fox jumps over the lazy dog while the band plays on."

@Suite struct RendererTests {
  // MARK: - Size and ink

  @Test(arguments: [1.0, 2.0, 3.0])
  func render_size_isTheLayoutBoxTimesScalePlusMargins(_ scale: Double) throws {
    let layout = try FontFixture.layout("Hello, world")
    let options = RenderOptions(scale: scale, margin: 5)
    let image = try FontFixture.renderer.render(layout, options: options)
    let decoded = try #require(decodeWithLibPNG(try PNG.encode(image)))
    #expect(decoded.width == Int((layout.width * scale).rounded(.up)) + 10)
    #expect(decoded.height == Int((layout.height * scale).rounded(.up)) + 10)
    #expect((decoded.width, decoded.height) == (image.width, image.height))
  }

  @Test func render_size_spansTheWrappingWidth() throws {
    let layout = try FontFixture.layout(pangram, width: 200, lines: 3)
    #expect(layout.width < 200)
    let image = try FontFixture.renderer.render(layout)
    #expect(image.width == 400 + 16)
    #expect(image.height == Int((layout.height * 2).rounded(.up)) + 16)
  }

  @Test(arguments: [
    (pangram, nil as String?, 150 as Double?), ("안녕하세요 여러분, 반갑습니다 Hello", nil, 150),
    ("שלום עולם, מה שלומך?", "Fixture-Hebrew.ttf", nil), ("Save\nשלום", "Fixture-Hebrew.ttf", nil),
  ])
  func render_ink_fallsInsideTheLineBoxesOnly(
    _ text: String, _ fontFile: String?, _ width: Double?
  ) throws {
    let font = try fontFile.map { try FontFixture.fixtureFont($0) }
    let layout = try FontFixture.layout(text, font: font, width: width, lines: 4)
    let image = try PNG.decode(
      try PNG.encode(
        try FontFixture.renderer.render(
          layout, options: RenderOptions(scale: 2, margin: 8, background: .clear))))
    let boxes = layout.lines.map {
      Box(
        x: $0.x, y: $0.top, width: $0.width, height: $0.height, scale: 2, margin: 8, tolerance: 1)
    }
    let ink = image.pixels { $0.alpha > 0 }
    let outside = ink.filter { pixel in !boxes.contains { $0.contains(x: pixel.x, y: pixel.y) } }
    #expect(outside.isEmpty, "ink outside the line boxes \(boxes): \(outside.prefix(8))")
    for (index, box) in boxes.enumerated() {
      #expect(ink.contains { box.contains(x: $0.x, y: $0.y) }, "line \(index) has no ink")
    }
  }

  /// A wrapped right-to-left line must stay inside its wrapping width: its trailing space hangs
  /// at the visual left, past the line's start, not inside the width.
  @Test func render_wrappedRightToLeft_staysInsideTheWidth() throws {
    let font = try FontFixture.fixtureFont("Fixture-Hebrew.ttf")
    let layout = try FontFixture.layout("שלום עולם, מה שלומך היום?", font: font, width: 150)
    #expect(layout.lineCount == 2)
    let image = try FontFixture.renderer.render(
      layout, options: RenderOptions(scale: 2, margin: 8, background: .clear))
    let rightmost = image.pixels { $0.alpha > 0 }.map(\.x).max() ?? 0
    for line in layout.lines {
      let ends = line.runs.flatMap { run in
        run.glyphs.indices.map { run.xs[$0] + run.advances[$0] }
      }
      let right = ends.max() ?? 0
      #expect(right <= line.x + line.width + 0.001, "line \(line.range): glyphs end at \(right)")
    }
    #expect(rightmost <= 8 + 300, "ink reaches pixel \(rightmost), past the width at 308")
  }

  @Test func render_twice_givesIdenticalBytes() throws {
    let layout = try FontFixture.layout("Hello 안녕 " + pangram, width: 220, lines: 2)
    let options = RenderOptions(overlays: Set(Overlay.allCases))
    let first = try PNG.encode(try FontFixture.renderer.render(layout, options: options))
    let second = try PNG.encode(try FontFixture.renderer.render(layout, options: options))
    // A fresh renderer: no cached faces or glyphs.
    let fresh = Renderer(registry: FontFixture.registry)
    let third = try PNG.encode(try fresh.render(layout, options: options))
    #expect(first == second)
    #expect(first == third)
  }

  @Test func render_concurrently_givesTheSameImages() async throws {
    let layouts = try ["Hello 안녕", pangram, "저장하기 Save"].map {
      try FontFixture.layout($0, width: 160)
    }
    let renderer = Renderer(registry: FontFixture.registry)
    let serial = try layouts.map { try renderer.render($0) }
    let parallel = try await withThrowingTaskGroup(of: (Int, Image).self) { group in
      for _ in 0..<4 {
        for (index, layout) in layouts.enumerated() {
          group.addTask { (index, try renderer.render(layout)) }
        }
      }
      var images: [(Int, Image)] = []
      for try await result in group { images.append(result) }
      return images
    }
    #expect(parallel.count == 12)
    for (index, image) in parallel { #expect(image == serial[index]) }
  }

  // MARK: - Visual order

  @Test func render_rightToLeft_drawsTheFirstCharacterRightmost() throws {
    let font = try FontFixture.fixtureFont("Fixture-Hebrew.ttf")
    let text = "שלום עולם"
    let layout = try FontFixture.layout(text, font: font)
    let run = try #require(layout.lines.first?.runs.first)
    #expect(run.isRightToLeft)
    let lastCluster = try #require(run.clusters.max())
    let first = try #require(run.clusters.firstIndex(of: 0))
    let last = try #require(run.clusters.firstIndex(of: lastCluster))
    #expect(run.xs[first] > run.xs[last])

    let options = RenderOptions(scale: 2, margin: 0, background: .clear)
    let image = try FontFixture.renderer.render(layout, options: options)
    let ink = image.pixels { $0.alpha > 0 }
    let rightmost = try #require(ink.map(\.x).max())
    let leftmost = try #require(ink.map(\.x).min())
    // The first logical letter's advance holds the rightmost ink, the last one's the leftmost.
    let firstSpan = run.xs[first] * 2...(run.xs[first] + run.advances[first]) * 2 + 1
    let lastSpan = run.xs[last] * 2 - 1...(run.xs[last] + run.advances[last]) * 2
    #expect(firstSpan.contains(Double(rightmost)), "rightmost ink \(rightmost) ∉ \(firstSpan)")
    #expect(lastSpan.contains(Double(leftmost)), "leftmost ink \(leftmost) ∉ \(lastSpan)")
  }

  @Test func render_fallback_tintsEachFaceAndKeepsVisualOrder() throws {
    let layout = try FontFixture.layout("Hello 안녕")
    let runs = try #require(layout.lines.first?.runs)
    let primary = FontFixture.registry.defaultFace
    let latin = try #require(runs.first { $0.face == primary })
    let hangul = try #require(runs.first { $0.face != primary })
    #expect(layout.diagnostics.fallbackFaces == [hangul.face])

    let plain = try FontFixture.renderer.render(layout)
    #expect(plain.pixels { $0.isColored }.isEmpty, "without the overlay every glyph is grey")

    let image = try FontFixture.renderer.render(
      layout, options: RenderOptions(overlays: [.fallback]))
    let tint = FacePalette.color(for: hangul.face)
    #expect(!tint.isGrey)
    let colored = image.pixels { $0.isColored }
    let grey = image.pixels { !$0.isColored && $0.red < 200 }
    #expect(!colored.isEmpty && !grey.isEmpty)
    // Latin (left, foreground) and Hangul (right, tinted) in visual order.
    let greyRight = try #require(grey.map(\.x).max())
    let coloredLeft = try #require(colored.map(\.x).min())
    #expect(greyRight < coloredLeft)
    let hangulLeft = Int((hangul.xs.min() ?? 0) * 2) + 8
    let latinRight = Int(((latin.xs.last ?? 0) + (latin.advances.last ?? 0)) * 2) + 8
    #expect(coloredLeft >= hangulLeft - 1)
    #expect(greyRight <= latinRight + 1)
    // The tint is the face's palette colour: the most saturated pixel matches it.
    func lightness(_ color: RGBAColor) -> Int {
      Int(color.red) + Int(color.green) + Int(color.blue)
    }
    let shades = colored.map { image[x: $0.x, y: $0.y] }
    let darkest = try #require(shades.min { lightness($0) < lightness($1) })
    #expect(abs(Int(darkest.red) - Int(tint.red)) <= 8)
    #expect(abs(Int(darkest.green) - Int(tint.green)) <= 8)
    #expect(abs(Int(darkest.blue) - Int(tint.blue)) <= 8)
  }

  // MARK: - Colour and variations

  @Test func render_colorEmoji_drawsColoredPixels() throws {
    let font = try FontFixture.fixtureFont("Fixture-Emoji.ttf", size: 17)
    let layout = try FontFixture.layout("😀🚀", font: font)
    #expect(layout.lines.first?.runs.first?.face == font.face)
    let image = try FontFixture.renderer.render(layout)
    let colored = image.pixels { $0.isColored }
    #expect(colored.count > 100)
    // The 109 px strike is scaled to the size: the ink fits the line's height (plus margins).
    let box = Box(
      x: 0, y: 0, width: layout.width, height: layout.height, scale: 2, margin: 8, tolerance: 2)
    #expect(colored.allSatisfy { box.contains(x: $0.x, y: $0.y) })
  }

  @Test func render_variations_areApplied() throws {
    let faces = try FontFixture.registry.register(
      fileAt: Fixtures.font("Fixture-Variable.ttf"))
    let face = try #require(faces.first)
    func ink(weight: Double) throws -> Int {
      var options = LayoutOptions()
      options.variations = ["wght": weight]
      let layout = try FontFixture.sharedEngine.layout(
        "Bold and light", font: try LayoutFont(face: face, pointSize: 20), options: options)
      #expect(layout.lines.first?.runs.first?.variations["wght"] == weight)
      let image = try FontFixture.renderer.render(
        layout, options: RenderOptions(background: .clear))
      return image.pixels.enumerated().reduce(0) { $0 + ($1.offset % 4 == 3 ? Int($1.element) : 0) }
    }
    let thin = try ink(weight: 100)
    let black = try ink(weight: 900)
    #expect(black > thin * 2, "wght 900 ink \(black) vs wght 100 ink \(thin)")
  }

  // MARK: - Overlays

  @Test func overlays_eachChangesTheImage() throws {
    var layoutOptions = LayoutOptions(width: 120, lineLimit: 2)
    layoutOptions.truncation = .tail
    let layout = try FontFixture.sharedEngine.layout(
      "Hello 안녕 " + pangram, font: try FontFixture.defaultFont(), options: layoutOptions)
    #expect(layout.isTruncated)
    let plain = try FontFixture.renderer.render(layout)
    for overlay in Overlay.allCases {
      let drawn = try FontFixture.renderer.render(
        layout, options: RenderOptions(overlays: [overlay]))
      #expect(drawn != plain, "\(overlay) draws nothing")
      #expect((drawn.width, drawn.height) == (plain.width, plain.height))
    }
  }

  @Test func overlays_parse() throws {
    #expect(try Overlay.parse("lines, baselines,fallback") == [.lines, .baselines, .fallback])
    #expect(try Overlay.parse("all") == Set(Overlay.allCases))
    #expect(try Overlay.parse("") == [])
    #expect(throws: RenderError.self) { try Overlay.parse("lines,boxes") }
    do {
      _ = try Overlay.parse("boxes")
    } catch {
      #expect(error.code == .invalidOption)
      #expect(error.message.hasPrefix("unknown overlay 'boxes'; valid overlays: width, lines"))
    }
  }

  @Test func options_invalidScale_throws() throws {
    let layout = try FontFixture.layout("Hi")
    for scale in [0, -1, .nan, .infinity] {
      #expect(throws: RenderError.self) {
        try FontFixture.renderer.render(layout, options: RenderOptions(scale: scale))
      }
    }
  }
}
