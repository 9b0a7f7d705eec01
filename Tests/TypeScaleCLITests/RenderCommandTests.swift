// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleRender
import TypeScaleTestSupport

@testable import TypeScaleCLI

private let sentence = "The quick brown fox jumps over the lazy dog while the band plays on."

@Suite struct RenderCommandTests {
  private let folder: URL

  init() throws {
    folder = try Fixtures.temporaryDirectory("typescale-render-cli")
  }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  private func image(_ name: String) throws -> Image {
    try PNG.decode(try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  @Test func help_render() async {
    let help = await typescale(["render", "--help"])
    #expect(help.status == 0)
    expectTextGolden(help.output, named: "help_render", in: "cli")
  }

  @Test func render_oneCategory_writesThePNGAndPrintsItsPath() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = path("nested/hello.png")
    let run = await typescale([
      "render", "Hello 안녕", "--category", "AX3", "--width", "200", "--overlays",
      "lines,baselines,fallback", "--display-scale", "3", "--create-dirs", "-o", out,
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == out + "\n")
    #expect(run.error.isEmpty)
    let image = try image("nested/hello.png")
    // 200 pt at 3 px per point, plus 8 px on each side.
    #expect(image.width == 600 + 16)
    #expect(image.pixels.count == image.width * image.height * 4)
    // The same command writes the same bytes.
    let again = path("again.png")
    _ = await typescale([
      "render", "Hello 안녕", "--category", "AX3", "--width", "200", "--overlays",
      "lines,baselines,fallback", "--display-scale", "3", "-o", again,
    ])
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: out))
        == Data(contentsOf: URL(fileURLWithPath: again)))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: path("nested"))
    #expect(leftovers == ["hello.png"])
  }

  @Test func render_allCategories_drawsAContactSheet() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = path("sheet.png")
    let run = await typescale([
      "render", sentence, "--style", "body", "--all-categories", "--width", "343", "--lines", "3",
      "--overlays", "lines,truncation,fallback", "-o", out,
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output == out + "\n")
    let sheet = try image("sheet.png")
    #expect(sheet.width > 686 && sheet.height > 1000)
    // Rows that truncate are marked with a red bar just inside the margin.
    let bar = (0..<sheet.height).filter {
      let pixel = sheet[x: 9, y: $0]
      return pixel.red > 200 && pixel.green < 60 && pixel.blue < 60
    }
    #expect(!bar.isEmpty)
  }

  @Test func render_fontFile_isUsed() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale([
      "render", "שלום", "--font-file", Fixtures.font("Fixture-Hebrew.ttf").path, "-o",
      path("he.png"),
    ])
    #expect(run.status == 0, "\(run.error)")
    #expect(try image("he.png").height > 16)
  }

  @Test(arguments: [
    (["render", "Hi"], "error: missing required option '--output <path>'"),
    (["render", "Hi", "-o", "x.png", "--overlays", "boxes"], "error: unknown overlay 'boxes'"),
    (["render", "Hi", "-o", "x.png", "--display-scale", "0"], "error: scale 0.0 is not valid"),
    (
      ["render", "Hi", "-o", "x.png", "--category", "AX3", "--all-categories"], "error: give either"
    ),
    (["render", "Hi", "-o", "x.png", "--category", "huge"], "error: "),
    (["render", "-o", "x.png"], "error: missing required argument '<text>'"),
  ])
  func render_badOptions_exitWith2(_ arguments: [String], _ prefix: String) async {
    let run = await typescale(arguments)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix(prefix), "\(run.error)")
    try? FileManager.default.removeItem(at: folder)
  }

  /// The inputs issue 15 found trapping or allocating gigabytes; each now exits 2 naming the
  /// limit, before anything is laid out or allocated, and writes no file.
  @Test(arguments: [
    (
      ["--size", "1e300"],
      "error: font size 1e+300 is not valid; use a number of points > 0 and ≤ 100000"
    ),
    (
      ["--size", "1e6"],
      "error: font size 1000000 is not valid; use a number of points > 0 and ≤ 100000"
    ),
    (
      ["--width", "1e8"],
      "error: width 100000000 is not valid; use a finite number in 0…100000 points"
    ),
    (
      ["--width", "1e7"],
      "error: width 10000000 is not valid; use a finite number in 0…100000 points"
    ),
    (["--size", "1e300", "--all-categories"], "error: font size 1e+300 is not valid"),
    (
      // A label's height, 23.154 pt rounded up to the 3× grid: 23.333 pt × 64 + 2 × 8 margin.
      ["--width", "100000", "--display-scale", "64"],
      "error: the image would be 6400016 × 1510 pixels (9664024160 pixels), more than the limit "
        + "of 67108864 (RenderOptions.maximumPixels)"
    ),
    (
      ["--size", "5000", "--all-categories"],
      "error: the contact sheet would be"
    ),
  ])
  func render_hugeSizesAndWidths_exitWith2NamingTheLimit(_ options: [String], _ prefix: String)
    async
  {
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = await typescale(["render", "hello", "-o", path("huge.png")] + options)
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(run.error.hasPrefix(prefix), "\(run.error)")
    #expect(!FileManager.default.fileExists(atPath: path("huge.png")))
  }

  @Test func render_unreadableFontOrOutput_exitsWith2() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let font = await typescale([
      "render", "Hi", "--font-file", Fixtures.font("broken-html.ttf").path, "-o", path("a.png"),
    ])
    #expect(font.status == 2)
    #expect(font.error.contains("broken-html.ttf is not a font"), "\(font.error)")
    try Data().write(to: folder.appendingPathComponent("file"))
    let output = await typescale(["render", "Hi", "-o", path("file/a.png")])
    #expect(output.status == 2)
    #expect(output.error.hasPrefix("error: cannot write "), "\(output.error)")
  }

  // MARK: - goldens verify draws its failures

  @Test func goldensVerify_failure_writesTheFailureImage() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    // A unique name: without a package above the folder, images go to a shared temporary folder.
    let name = "render-\(UUID().uuidString)"
    let cases = """
      {
        "format": 1,
        "fonts": {"default": "embedded"},
        "sets": [
          {"name": "buttons", "fonts": ["default"], "styles": ["body"], "categories": ["L"],
           "widths": [120], "texts": [["save", "Save changes"]]}
        ]
      }
      """
    try Data(cases.utf8).write(to: folder.appendingPathComponent(name + ".cases"))
    #expect(await typescale(["goldens", "record", path(name + ".cases")]).status == 0)
    let golden = folder.appendingPathComponent(name + ".golden")
    var text = try String(contentsOf: golden, encoding: .utf8)
    var lines = text.components(separatedBy: "\n")
    let row = try #require(lines.firstIndex { $0.hasPrefix("buttons/save/") })
    var fields = lines[row].components(separatedBy: "\t")
    fields[13] = "250.000"
    lines[row] = fields.joined(separator: "\t")
    text = lines.joined(separator: "\n")
    try Data(text.utf8).write(to: golden)

    let imageURL = Renderer.goldenFailureImageURL(for: golden)
    defer { try? FileManager.default.removeItem(at: imageURL) }
    let verify = await typescale(["goldens", "verify", golden.path], terminal: true)
    #expect(verify.status == 1)
    #expect(verify.error == "image: \(imageURL.path)\n")
    let image = try PNG.decode(try Data(contentsOf: imageURL))
    // The expected box, 250 pt wide at scale 2, is outlined in magenta.
    let magenta = (0..<image.width).filter { x in
      (0..<image.height).contains { y in
        let pixel = image[x: x, y: y]
        return pixel.red > 200 && pixel.green < 80 && pixel.blue > 200
      }
    }
    #expect(abs((magenta.last ?? 0) + 1 - (magenta.first ?? 0) - 500) <= 1)

    // Not on a terminal and with --json too, the image is drawn and named: CI logs show it.
    #expect(
      await typescale(["goldens", "verify", golden.path]).error == "image: \(imageURL.path)\n")
    try FileManager.default.removeItem(at: imageURL)
    #expect(await typescale(["goldens", "verify", golden.path, "--json"]).status == 1)
    #expect(FileManager.default.fileExists(atPath: imageURL.path))
  }
}
