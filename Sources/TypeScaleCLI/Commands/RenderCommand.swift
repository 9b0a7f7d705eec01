// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleCheck
import TypeScaleInternals
import TypeScaleRender

/// `typescale render TEXT -o out.png`: lays text out as `measure` does and draws it into a PNG,
/// at one size or as a contact sheet of every content-size category.
///
/// ```
/// $ typescale render "Hello 안녕" --category AX3 --width 200 --overlays lines,fallback -o a.png
/// a.png
/// $ typescale render "Continue" --style headline --all-categories --width 120 --lines 1 \
///     --overlays lines,truncation -o sheet.png
/// $ typescale render "Subscribe" --typography app.json --font-dir Fonts --style button \
///     --all-categories --width 120 -o button.png
/// ```
struct RenderCommand: Command {
  /// The command's options.
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Draw laid-out text into a PNG: one size, or a contact sheet of every category.",
    discussion: """
      The text is laid out as 'typescale measure' lays it out (the same fonts, sizes, \
      typography and options; see 'typescale measure --help') and drawn with FreeType at the positions the layout measured: anti-aliased \
      grey, or colour for colour-emoji fonts. With --all-categories the image is a contact \
      sheet: one row per category, captioned with the category and point size; rows that \
      truncate, break a word or exceed --lines are marked in red.

      Overlays (--overlays, comma-separated, or all): width (the wrapping width), lines (line \
      boxes), baselines, bands (ascent and descent), truncation (the ellipsis and the cut \
      line), fallback (runs tinted by the face that drew them, with a legend on contact \
      sheets).

      The output is a PNG: -o must end in .png (any case). Its folder must exist unless \
      --create-dirs is given. The file is written atomically (a temporary file beside it, then \
      renamed); its path is printed.

      --display-scale is the image's pixels per point (default: 2), under the name 'measure' \
      and 'scale' use for pixels per point. Its old name, --scale, still works and prints a \
      deprecation warning.

      Characters no font draws are drawn as the font's .notdef box and named in a warning on \
      standard error; with --strict the image is still written and the exit status is 1.

      Ranges: sizes and widths up to 100000 points, --display-scale in (0, 64], --margin \
      0…4096. \
      The image's size is worked out before anything is drawn: an image over 67108864 pixels \
      (2^26, 256 MiB; RenderOptions.maximumPixels in the library) is refused.

      Exit status: 0 on success, 1 when --strict finds characters no font draws (the image \
      is still written), 2 for a bad option or value, an image over the pixel limit, a font \
      file, folder or typography that cannot be read, or an image that cannot be drawn or \
      written.
      """,
    usage: """
      typescale render <text> -o <path> [--font <name>] [--font-file <path> ...]
                       [--font-dir <path> ...] [--typography <file>]
                       [--size <points>] [--style <style|token>]
                       [--category <category> | --all-categories]
                       [--width <points>] [--lines <count>] [--truncation <mode>]
                       [--target <target>] [--strategy <strategy>]
                       [--alignment <alignment>]
                       [--language <bcp47>] [--display-scale <pixels>]
                       [--margin <pixels>] [--overlays <list>] [--title <text>]
                       [--create-dirs] [--strict]
      """,
    options: [
      .option(
        "output", short: "o", valueName: "path", help: "The PNG file to write (ending in .png).",
        isRequired: true),
      .flag("create-dirs", help: "Create the output's folder (and its parents) when missing."),
    ]
      + LayoutCommandOptions.specs(
        allCategoriesHelp: "Draw a contact sheet: one row per content-size category.") + [
        .option(
          "display-scale", valueName: "pixels",
          help: "Pixels per point of the image (default: 2; formerly --scale)."),
        .option(
          "margin", valueName: "pixels", help: "The empty border on every side (default: 8)."),
        .option(
          "overlays", valueName: "list",
          help: "Overlays to draw: width, lines, baselines, bands, truncation, fallback, or all."),
        .option(
          "title", valueName: "text",
          help: "The contact sheet's caption (default: the style, width and line limit)."),
      ],
    positionals: [
      PositionalSpec("text", help: "The text to draw; paragraphs end at newlines.")
    ],
    renamedOptions: ["scale": "display-scale"])

  let request: MeasureRequest
  let outputPath: String
  let options: RenderOptions
  let title: String?
  /// Whether `--create-dirs` allows creating the output's missing folders.
  let createsDirectories: Bool

  /// Reads and checks the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for a value that is not a number, an unknown style, category or
  ///   overlay, a scale or margin out of range, or both `--category` and `--all-categories`.
  init(parsed: ParsedArguments) throws(CLIError) {
    guard let text = parsed.positional(0) else {
      throw .validation("missing required argument '<text>'")
    }
    var request = MeasureRequest(text: text)
    try LayoutCommandOptions.read(parsed, into: &request)
    let displayScale = try parsed.double("display-scale")
    _ = try request.sizing()
    self.request = request

    var options = RenderOptions()
    if let displayScale { options.scale = displayScale }
    if let margin = try parsed.int("margin") { options.margin = margin }
    do throws(RenderError) {
      if let list = parsed.value("overlays") { options.overlays = try Overlay.parse(list) }
      try options.validate()
    } catch {
      throw .validation(error.message)
    }
    self.options = options
    outputPath = parsed.value("output") ?? ""
    guard (outputPath as NSString).pathExtension.lowercased() == "png" else {
      throw .validation(
        "'\(outputPath)' for '--output': render writes PNG images only; give a path ending "
          + "in .png")
    }
    title = parsed.value("title")
    createsDirectories = parsed.flag("create-dirs")
  }

  /// Checks that the output is none of the font files and that its folder exists (or may be
  /// created) before anything is drawn.
  ///
  /// - Throws: ``CLIError/validation(_:)`` when the output is a font file of the run;
  ///   ``CLIError/input(_:)`` naming the folder when it is missing without `--create-dirs`, or
  ///   is not a folder.
  private func checkOutputFolder() throws(CLIError) {
    do throws(RunPaths.Conflict) {
      try RunPaths.check(
        inputs: request.fontFiles.map { .file($0, role: "the font file") }
          + request.fontDirectories.map {
            .folder($0, role: "the font folder", reads: CheckOutputPlan.readsFont)
          },
        outputs: [RunPaths.Output(outputPath, role: "--output")])
    } catch {
      throw .validation(error.message)
    }
    let folder = URL(fileURLWithPath: outputPath).deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw .input("cannot write \(outputPath): \(folder.path) is not a folder")
      }
      return
    }
    guard createsDirectories else {
      throw .input(
        "cannot write \(outputPath): no folder at \(folder.path); create it, or pass "
          + "--create-dirs")
    }
  }

  /// Lays the text out, draws it and writes the PNG.
  ///
  /// - Parameters:
  ///   - output: Where the written file's path goes.
  ///   - errorOutput: Where warnings go: deprecated spellings, skipped font files, font
  ///     substitutions; errors are thrown.
  /// - Returns: ``ExitCode/success``, or ``ExitCode/failure`` when `--strict` met characters no
  ///   font draws (the image is written first).
  /// - Throws: ``CLIError``: a validation error (exit 2) for an invalid layout option or an
  ///   image over `RenderOptions.maximumPixels`; an input error (exit 2, no help hint) for a font file that cannot
  ///   be read, or an image that cannot be drawn or written.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    for warning in request.warnings { errorOutput.write("warning: \(warning)\n") }
    try checkOutputFolder()
    var session = try MeasureSession()
    let entries = try session.measure(request) { errorOutput.write("warning: \($0)\n") }
    let strictFailed = MeasureOutput.reportMissingGlyphs(
      entries, strict: request.strict, to: &errorOutput)
    let renderer = Renderer(registry: session.registry)
    let image: Image
    do throws(RenderError) {
      if request.allCategories {
        let rows = entries.map {
          ContactSheetRow(category: $0.category ?? .large, layout: $0.layout)
        }
        image = try renderer.contactSheet(rows, title: title ?? defaultTitle, options: options)
      } else if let entry = entries.first {
        image = try renderer.render(entry.layout, options: options)
      } else {
        throw RenderError(.layout, "nothing was laid out")
      }
      try PNG.write(image, to: URL(fileURLWithPath: outputPath))
    } catch {
      // Too large an image comes from the options (size, width, scale): a user mistake.
      if error.code == .imageTooLarge || error.code == .invalidOption {
        throw .validation(error.message)
      }
      throw .input(error.message)
    }
    print(outputPath, to: &output)
    return strictFailed ? .failure : .success
  }

  /// `body · 343 pt wide · 3 lines`, after the typography's name when one is given: what a
  /// contact sheet shows when no title is given.
  private var defaultTitle: String {
    var parts = [request.styleLabel]
    if let typography = request.typography { parts.insert(typography.name, at: 0) }
    if let width = request.options.width {
      parts.append(formatNumber(width) + " pt wide")
    }
    if let lines = request.options.lineLimit, lines > 0 {
      parts.append(lines == 1 ? "1 line" : "\(lines) lines")
    }
    return parts.joined(separator: " · ")
  }
}
