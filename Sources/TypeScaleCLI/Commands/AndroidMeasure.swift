// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// `typescale measure --platform android`: the text as a `TextView` or a Compose `Text` lays it
/// out, at one font scale or at every one.
///
/// The size is a `textSize` in `sp` (`--size`) or a Material role's (`--style labelLarge`: its
/// size, weight, letter spacing and line height); each font scale's size comes from
/// ``AndroidTextScale`` (the non-linear curve, then the toolkit's pixel rounding), and the
/// layout follows ``LayoutTarget/textView`` or ``LayoutTarget/compose``: widths in dp, the pixel
/// grid of `--density`, the toolkit's break strategy, font padding and clipping.
///
/// ```
/// $ typescale measure "Settings" --platform android --style labelLarge --width 120
/// $ typescale measure "A long paragraph …" --platform android --target compose --width 200
/// ```
struct AndroidMeasure: Sendable {
  /// The text.
  let text: String
  /// The role `--style` named, if any.
  let appearance: MaterialTextAppearance?
  /// The toolkit, release, density and font scales.
  let android: AndroidCommandOptions
  /// The size's scale over the font scales measured.
  let scale: AndroidTextScale
  /// Whether every font scale was asked for (`--all-categories` or more than one in
  /// `--font-scales`), so the output is a table.
  let sweeps: Bool
  /// The width, line limit, truncation and the rest, with the toolkit's target.
  let options: LayoutOptions
  /// Font files: the first file's first face is the primary face, the others its cascade.
  let fontFiles: [String]
  /// A family or PostScript name to resolve among the embedded fonts and files.
  let fontName: String?
  /// Whether characters no font draws make the command fail.
  let strict: Bool

  /// The options `measure` has that Android does not, and what to use instead.
  static let iOSOnly: [(name: String, instead: String)] = [
    ("category", "--font-scales <scale>"), ("typography", "--style <role>"),
    ("font-dir", "--font-file <path>"), ("display-scale", "--density <px-per-dp>"),
    ("strategy", "the toolkit's break strategy (--target textview or compose)"),
  ]

  /// Reads `measure`'s options for Android.
  ///
  /// - Parameters:
  ///   - text: The text argument.
  ///   - parsed: The parsed command line.
  /// - Throws: ``CLIError`` naming a bad value or an iOS option that does not apply.
  init(text: String, parsed: ParsedArguments) throws(CLIError) {
    for (name, instead) in Self.iOSOnly where !parsed.values(name).isEmpty {
      throw .validation("--\(name) is an iOS option; with --platform android use \(instead)")
    }
    var android = try AndroidCommandOptions(parsed: parsed, readsTarget: false)
    var options = LayoutOptions(target: .textView)
    if let name = parsed.value("target") {
      switch LayoutCommandOptions.target(named: name) {
      case .textView?: android.toolkit = .view
      case .compose?: android.toolkit = .compose
      default:
        throw .validation(
          "--target \(name) is an Apple target; with --platform android use textview or compose")
      }
    }
    options.target = android.toolkit == .view ? .textView : .compose
    options.truncation = options.target.truncation
    options.width = try parsed.double("width")
    options.lineLimit = try parsed.int("lines")
    if let name = parsed.value("truncation"), let mode = LayoutOptions.Truncation(rawValue: name) {
      options.truncation = mode
    }
    if let name = parsed.value("alignment"),
      let alignment = LayoutOptions.Alignment(rawValue: name)
    {
      options.alignment = alignment
    }
    options.language = parsed.value("language")
    options.displayScale = android.density.pixelsPerDp
    self.text = text
    fontFiles = parsed.values("font-file")
    fontName = parsed.value("font")
    strict = parsed.flag("strict")
    let size = try parsed.double("size")
    do throws(MetricsError) {
      let appearance = try parsed.value("style").map { (name) throws(MetricsError) in
        try MaterialTextAppearance(parsing: name)
      }
      self.appearance = appearance
      let sp = size ?? appearance?.sizeSp ?? 14
      if parsed.flag("all-categories") {
        if parsed.value("font-scales") != nil {
          throw MetricsError(
            .invalidValue, "give either --font-scales or --all-categories (every font scale)")
        }
      } else if android.fontScales == nil {
        android.fontScales = [1]
      }
      sweeps = (android.fontScales?.count ?? 2) > 1
      self.android = android
      scale = try AndroidTextScale(
        textSize: try DesignSize(sp), fontScales: android.steps, version: android.version,
        toolkit: android.toolkit, density: android.density)
    } catch {
      throw CLIError(error)
    }
    self.options = options
    do throws(LayoutError) {
      try options.validate()
    } catch {
      throw .validation(error.message)
    }
  }

  /// The layout options at one font scale: the role's letter spacing (em of the size) and line
  /// height (scaled as the toolkit scales it) on top of ``options``.
  func options(at size: AndroidTextSize) throws(CLIError) -> LayoutOptions {
    do throws(MetricsError) {
      return try AndroidText.options(
        for: appearance, at: size, base: options, toolkit: android.toolkit, scale: scale)
    } catch {
      throw CLIError(error)
    }
  }

  /// Lays the text out at every font scale measured.
  ///
  /// - Parameter session: The session whose registry and engine lay it out.
  /// - Returns: One entry per font scale.
  /// - Throws: ``CLIError`` for a font file that cannot be read or a layout that fails.
  func measure(in session: inout MeasureSession) throws(CLIError) -> [MeasureEntry] {
    let weight = appearance?.weight ?? .regular
    let (face, match, fallbacks) = try session.androidFaces(
      fontFiles: fontFiles, fontName: fontName, weight: weight)
    var entries: [MeasureEntry] = []
    for fontScale in scale.steps {
      let size: AndroidTextSize
      do throws(MetricsError) {
        size = try scale.size(at: fontScale)
      } catch {
        throw CLIError(error)
      }
      let stepOptions = try options(at: size)
      do throws(LayoutError) {
        let font: LayoutFont
        if let match {
          font = try LayoutFont(match: match, pointSize: size.points, fallbackFaces: fallbacks)
        } else {
          font = try LayoutFont(face: face, pointSize: size.points, fallbackFaces: fallbacks)
        }
        let layout = try session.engine.layout(text, font: font, options: stepOptions)
        entries.append(MeasureEntry(category: nil, layout: layout, androidSize: size))
      } catch {
        if error.code == .invalidOption { throw .validation(error.message) }
        throw .input(error.message)
      }
    }
    return entries
  }
}
