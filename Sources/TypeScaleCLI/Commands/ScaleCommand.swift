// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// `typescale scale`: scales a design size for one category or all of them, as `UIFontMetrics`
/// does, or gives a typography's style or token at each category as `DynamicType` does.
///
/// ```
/// $ typescale scale --style body --size 17 --all-categories --json
/// $ typescale scale --typography app.json --font-dir Fonts --style headline --all-categories
/// ```
struct ScaleCommand: Command {
  /// The command's options.
  static let configuration = CommandConfiguration(
    commandName: "scale",
    abstract: "Scale a font size and a layout value for content-size categories.",
    discussion: """
      pointSize is UIFontMetrics.scaledFont: the size times the style's leading ratio, rounded \
      to a whole point, then capped at --max. scaledValue is UIFontMetrics.scaledValue: the same \
      factor, rounded to the pixel grid of --display-scale, never capped. With --typography \
      the style's sizing mode applies to pointSize: "system" gives the system text style's \
      own sizes (UIFont.preferredFont(forTextStyle:): body is 53 at AX5), "fixed" never scales.

      With --platform android the size is a textSize in sp (--size, or a Material role's with \
      --style labelLarge) at every font scale (or --font-scales): dp from Android's \
      non-linear FontScaleConverter, px at --density rounded as a TextView rounds an XML \
      textSize (whole pixels) or, with --target compose, Compose's float pixels on Compose's \
      own curve; factor is dp / sp.

      With --typography the sizes are DynamicType's for the style or token (--style button), \
      on the iOS table; --size and --max replace the typography's design size and maximum. \
      With --font-file or --font-dir as well, the fonts are registered and the face the \
      style resolves to is shown ("face" in --json), and substitutions (a family not \
      registered, a weight or italic not available) print as warnings on standard error and \
      under "diagnostics" in --json.
      """,
    usage: """
      typescale scale --style <style> --size <points>
                      (--category <category> | --all-categories)
                      [--max <points>] [--display-scale <scale>]
                      [--platform <platform>] [--json]
      typescale scale --style <style|token> --typography <file>
                      [--font-file <path> ...] [--font-dir <path> ...]
                      [--size <points>] [--max <points>]
                      (--category <category> | --all-categories)
                      [--display-scale <scale>] [--json]
      typescale scale --platform android (--size <sp> | --style <role>)
                      [--target textview|compose] [--android-version <release>]
                      [--density <px-per-dp>] [--font-scales <scales>] [--json]
      """,
    options: [
      .option(
        "style", valueName: "style",
        help: "The text style to scale like (e.g. body, title1), or a --typography token; "
          + "with --platform android, a Material role (bodyLarge)."),
      .option(
        "size", valueName: "points",
        help: "The size at the default category, in points (default: the typography's)."),
      TypographyOptions.typographySpec(
        help: "A typography JSON file: the style's or token's size, sizing mode and maximum "
          + "come from it."),
      .option(
        "font-file", valueName: "path",
        help: "With --typography, a font file its styles' families resolve among.",
        isRepeatable: true),
      TypographyOptions.fontDirectorySpec(
        help: "With --typography, a folder of fonts (with its subfolders) its styles' families "
          + "resolve among."),
      .option(
        "category", valueName: "category",
        help: "One content-size category: xS…XXXL, AX1…AX5, or a UIKit or SwiftUI name."),
      .flag("all-categories", help: "Scale for every category of the platform."),
      .option("max", valueName: "points", help: "The maximum point size (maximumPointSize)."),
      .option(
        "display-scale", valueName: "scale",
        help: "Pixels per point for scaledValue's pixel grid (default: 3)."),
      .option(
        "platform", valueName: "platform", help: "The platform's table (default: ios).",
        allowedValues: AndroidCommandOptions.platformNames),
    ] + AndroidCommandOptions.specs() + [
      .flag("json", help: "Print a JSON array of {category, pointSize, scaledValue, factor}.")
    ])

  let metrics: FontMetrics
  /// The design size's point size at each category, as `UIFontMetrics.scaledFont` gives it.
  let sizes: ContentSizeScale
  let size: DesignSize
  let categories: [ContentSizeCategory]
  let maximum: Double?
  let displayScale: Double
  let json: Bool
  /// With `--typography`, the style's or token's font at each category, from `DynamicType`.
  let typography: TypographyScale?
  /// With `--platform android`, the text size at every font scale; the iOS fields then hold
  /// body's defaults and are not used.
  let android: AndroidScaleTable?

  /// What `--typography` gives `scale`: the style's or token's font at each category, resolved
  /// through `DynamicType` exactly as `measure` resolves it.
  struct TypographyScale: Sendable {
    /// The custom token's name, or `nil` for a text style.
    let token: String?
    /// Each category's font: its size, and its face when fonts were given.
    let fonts: [ScaledFont]
    /// Whether `--font-file` or `--font-dir` was given, so the face is worth showing.
    let showsFace: Bool
    /// Warnings, without `warning: `: font files skipped in the folders, then what resolution
    /// substituted (with fonts given; otherwise only a size that cannot scale).
    let warnings: [String]
    /// The substitutions, for `--json`'s `diagnostics`.
    let diagnostics: [String]
  }

  /// Reads and checks the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` naming the bad value: an unknown style or category (or token, with
  ///   `--typography`), a negative size, both or neither of `--category` and
  ///   `--all-categories`, fonts without `--typography`; an input error (exit 2, no help hint) for a font file or
  ///   folder that cannot be read.
  init(parsed: ParsedArguments) throws(CLIError) {
    json = parsed.flag("json")
    if AndroidCommandOptions.isAndroid(parsed) {
      android = try AndroidScaleTable(parsed: parsed)
      metrics = FontMetrics.default
      do throws(MetricsError) {
        sizes = try ContentSizeScale(17)
      } catch {
        throw CLIError(error)
      }
      size = 17
      categories = []
      maximum = nil
      displayScale = 3
      typography = nil
      return
    }
    android = nil
    _ = try AndroidCommandOptions(parsed: parsed)
    guard parsed.value("style") != nil else {
      throw .validation("missing required option '--style <style>'")
    }
    let category = parsed.value("category")
    let all = parsed.flag("all-categories")
    if category != nil && all {
      throw .validation("give either --category or --all-categories, not both")
    }
    let fontFiles = parsed.values("font-file")
    let fontDirectories = parsed.values("font-dir")
    do {
      var table = SizeTable.iOS
      if let name = parsed.value("platform") { table = try Platform(parsing: name).sizeTable }
      let styleName = parsed.value("style") ?? ""
      var typography: Typography?
      if let path = parsed.value("typography") {
        typography = try TypographyOptions.load(path)
        if table.platform != .iOS {
          throw CLIError.validation(
            "--typography sizes follow the iOS table, as DynamicType does; give --platform "
              + "\(table.platform.rawValue) without --typography")
        }
      } else if !fontFiles.isEmpty || !fontDirectories.isEmpty {
        throw CLIError.validation(
          "--font-file and --font-dir give the faces a --typography's styles resolve to; give "
            + "--typography <file> with them")
      }
      let (style, token) = try TypographyOptions.style(named: styleName, in: typography)
      let textStyle = style ?? .body
      let size = try parsed.double("size")
      let maximum = try parsed.double("max")
      var resolved: (Typography, Typography.TokenName)?
      if let typography {
        let typography = try TypographyOptions.overriding(
          typography, style: textStyle, token: token, size: size, maximum: maximum)
        let tokenName = Typography.TokenName(token ?? textStyle.rawValue)
        resolved = (typography, tokenName)
        let entry = try CLIError.validating { () throws(TypeScaleError) in
          try typography.entry(for: tokenName)
        }
        metrics = try FontMetrics(
          forTextStyle: entry.sizing.textStyle ?? entry.textStyle ?? .body, table: table)
        self.size = entry.style.size
        self.maximum = entry.style.maximumPointSize
      } else {
        metrics = try FontMetrics(forTextStyle: textStyle, table: table)
        guard let size else {
          throw CLIError.validation("give --size <points> (or --typography <file>)")
        }
        self.size = try DesignSize(size)
        self.maximum = maximum
      }
      sizes = try ContentSizeScale(
        self.size, sizing: .relative(to: metrics.textStyle), table: table,
        maximumPointSize: self.maximum)
      if let category {
        categories = [try ContentSizeCategory(parsing: category)]
      } else if all {
        categories = table.categories
      } else {
        throw CLIError.validation("give --category <category> or --all-categories")
      }
      displayScale = try parsed.double("display-scale") ?? 3
      // Check the values once here so that a bad one exits 2 before anything is printed.
      for category in categories {
        if typography == nil {
          _ = try sizes.size(at: category)
        }
        _ = try metrics.scaledValue(
          for: self.size.points, in: category, displayScale: displayScale)
      }
      if let (typography, tokenName) = resolved {
        self.typography = try Self.scale(
          typography, token: tokenName, isCustomToken: token != nil, categories: categories,
          fontFiles: fontFiles, fontDirectories: fontDirectories)
      } else {
        self.typography = nil
      }
    } catch let error as MetricsError {
      throw CLIError(error)
    } catch let error as CLIError {
      throw error
    } catch {
      throw .validation("\(error)")
    }
  }

  /// Registers the fonts and resolves the style's or token's font at every category through
  /// `DynamicType`.
  private static func scale(
    _ typography: Typography, token tokenName: Typography.TokenName, isCustomToken: Bool,
    categories: [ContentSizeCategory], fontFiles: [String], fontDirectories: [String]
  ) throws(CLIError) -> TypographyScale {
    let registry: FontRegistry
    do throws(FontError) {
      registry = try FontRegistry()
    } catch {
      throw .input(error.message)
    }
    var fonts = FontRegistrations()
    var warnings: [String] = []
    for path in fontDirectories { warnings += try fonts.registerDirectory(path, in: registry) }
    for path in fontFiles { _ = try fonts.faces(ofFileAt: path, in: registry) }
    let base = DynamicType(registry: registry, typography: typography)
    let scaled = try CLIError.validating { () throws(TypeScaleError) -> [ScaledFont] in
      try categories.map { (category) throws(TypeScaleError) in
        try base.with(category: category).font(for: tokenName)
      }
    }
    let showsFace = !fontFiles.isEmpty || !fontDirectories.isEmpty
    var seen: Set<String> = []
    let diagnostics = scaled.flatMap(\.diagnostics)
      .filter { showsFace || $0.kind == .sizeNotScaled }
      .map(\.message)
      .filter { seen.insert($0).inserted }
    return TypographyScale(
      token: isCustomToken ? tokenName.tokenName : nil, fonts: scaled, showsFace: showsFace,
      warnings: warnings + diagnostics,
      diagnostics: diagnostics)
  }

  /// Prints the scaled sizes.
  ///
  /// - Parameters:
  ///   - output: Where the results go.
  ///   - errorOutput: Where warnings go: font files skipped in a `--font-dir`, and what font
  ///     resolution substituted for a `--typography` style.
  /// - Returns: ``ExitCode/success``.
  /// - Throws: Nothing in practice: the options were checked in ``init(parsed:)``.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    if let android {
      json ? android.printJSON(to: &output) : android.printTable(to: &output)
      return .success
    }
    for warning in typography?.warnings ?? [] { errorOutput.write("warning: \(warning)\n") }
    var rows: [(ContentSizeCategory, ResolvedSize, Double)] = []
    do {
      for (index, category) in categories.enumerated() {
        let font: ResolvedSize
        if let typography {
          font = typography.fonts[index].size
        } else {
          font = try sizes.size(at: category)
        }
        let value = try metrics.scaledValue(
          for: size.points, in: category, displayScale: displayScale)
        rows.append((category, font, value))
      }
    } catch {
      throw CLIError(error)
    }
    let face = typography.flatMap { $0.showsFace ? $0.fonts.first?.face.postScriptName : nil }
    if json {
      let objects = rows.enumerated().map { index, row -> JSONValue in
        let (category, font, value) = row
        var members: [(key: String, value: JSONValue)] = [
          ("category", .string(category.shortName)), ("pointSize", .number(font.points)),
          ("scaledValue", .number(value, decimals: 6)), ("factor", .number(font.factor)),
          ("clamped", .bool(font.isClamped)),
        ]
        if let typography, typography.showsFace {
          members += [
            ("face", .string(typography.fonts[index].face.postScriptName)),
            ("diagnostics", JSONValue(typography.diagnostics)),
          ]
        }
        return .object(members)
      }
      print(JSONValue.array(objects).text(.rows), to: &output)
      return .success
    }
    let cap = maximum.map { ", max \(formatNumber($0)) pt" } ?? ""
    let token = typography?.token.map { "\($0): " } ?? ""
    print(
      "\(token)\(metrics.textStyle) metrics, \(size) at "
        + "\(metrics.table.defaultCategory.shortName)\(cap); "
        + "\(metrics.table.platform.displayName) table (\(metrics.table.version)); "
        + "display scale \(formatNumber(displayScale))×",
      to: &output)
    if let face {
      print("face: \(face)", to: &output)
      for diagnostic in typography?.diagnostics ?? [] { print("note: \(diagnostic)", to: &output) }
    }
    print("category  pointSize  scaledValue  factor", to: &output)
    for (category, font, value) in rows {
      let points = formatNumber(font.points) + (font.isClamped ? " (max)" : "")
      print(
        pad(category.shortName, 8) + "  " + pad(points, 9) + "  " + pad(formatNumber(value), 11)
          + "  " + formatNumber(font.factor),
        to: &output)
    }
    return .success
  }
}
