// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleInternals

/// `typescale scale --platform android`: one text size (in `sp`, or a Material role's) at each
/// font scale, as Android computes it.
///
/// ```
/// $ typescale scale --platform android --size 14
/// $ typescale scale --platform android --style labelLarge --target compose --font-scales 1.3
/// ```
struct AndroidScaleTable: Sendable {
  /// The role `--style` named, if any.
  let appearance: MaterialTextAppearance?
  /// The toolkit, release, density and font scales.
  let options: AndroidCommandOptions
  /// The text size's scale.
  let scale: AndroidTextScale
  /// Each font scale's text size and, for a role with one, line height.
  let rows: [(size: AndroidTextSize, lineHeight: AndroidTextSize?)]

  /// Reads the options: `--size` in `sp` or `--style` a Material role (`--size` replaces the
  /// role's size), the Android options; refuses `--category`, `--all-categories`, `--max`,
  /// `--display-scale` and `--typography`, which are iOS's.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` naming the bad value or the option that does not apply.
  init(parsed: ParsedArguments) throws(CLIError) {
    let iOSOnly: [(String, String)] = [
      ("category", "--font-scales <scale>"), ("all-categories", "--font-scales (all by default)"),
      ("max", "a smaller --size"), ("display-scale", "--density <px-per-dp>"),
      ("typography", "--style <role>"), ("font-file", "--style <role>"),
      ("font-dir", "--style <role>"),
    ]
    for (name, instead) in iOSOnly
    where name == "all-categories" ? parsed.flag(name) : !parsed.values(name).isEmpty {
      throw .validation(
        "--\(name) is an iOS option; with --platform android use \(instead)")
    }
    options = try AndroidCommandOptions(parsed: parsed)
    do throws(MetricsError) {
      appearance = try parsed.value("style").map { (name) throws(MetricsError) in
        try MaterialTextAppearance(parsing: name)
      }
      guard let sp = try Self.size(parsed) ?? appearance?.sizeSp else {
        throw MetricsError(
          .invalidValue,
          "give --size <sp> (a textSize) or --style <role> (a Material role such as bodyLarge)")
      }
      let scale = try AndroidTextScale(
        textSize: try DesignSize(sp), fontScales: options.steps, version: options.version,
        toolkit: options.toolkit, density: options.density)
      self.scale = scale
      let lineHeightSp = parsed.value("size") == nil ? appearance?.lineHeightSp : nil
      rows = try scale.steps.map { (fontScale) throws(MetricsError) in
        (
          try scale.size(at: fontScale),
          try lineHeightSp.map { (sp) throws(MetricsError) in
            try scale.lineHeight(sp: try DesignSize(sp), at: fontScale)
          }
        )
      }
    } catch {
      throw CLIError(error)
    }
  }

  private static func size(_ parsed: ParsedArguments) throws(MetricsError) -> Double? {
    guard let text = parsed.value("size") else { return nil }
    guard let value = Double(text) else {
      throw MetricsError(.invalidValue, "--size \"\(text)\" is not a number of sp")
    }
    return value
  }

  /// Prints a header and one row per font scale: `sp`, `dp`, `px` and the factor `dp ÷ sp`.
  func printTable(to output: inout some TextOutputStream) {
    let role = appearance.map { " (\($0.name))" } ?? ""
    print(
      "textSize \(formatNumber(scale.textSize.points)) sp\(role); \(options.header)",
      to: &output)
    let showsLine = rows.contains { $0.lineHeight != nil }
    var lines = [["fontScale", "dp", "px", "factor"] + (showsLine ? ["lineHeight dp"] : [])]
    for (size, lineHeight) in rows {
      var row = [
        AndroidFontScaleLabel.label(size.fontScale), formatNumber(size.dp),
        formatNumber(size.px), formatNumber(size.dp / scale.textSize.points),
      ]
      if showsLine { row.append(lineHeight.map { formatNumber($0.dp) } ?? "–") }
      lines.append(row)
    }
    let widths = (0..<lines[0].count).map { column in lines.map { $0[column].count }.max() ?? 0 }
    for row in lines {
      let line = zip(row, widths).map { pad($0, $1) }.joined(separator: "  ")
      print(String(line.reversed().drop { $0 == " " }.reversed()), to: &output)
    }
  }

  /// Prints a JSON array of `{fontScale, sp, dp, px, factor, lineHeightDp}`.
  func printJSON(to output: inout some TextOutputStream) {
    let objects = rows.map { size, lineHeight -> JSONValue in
      [
        "fontScale": .number(size.fontScale), "sp": .number(size.sp.points),
        "dp": .number(size.dp), "px": .number(size.px),
        "factor": .number(size.dp / size.sp.points, decimals: 6),
        "lineHeightDp": lineHeight.map { .number($0.dp) } ?? .null,
        "toolkit": .string(options.toolkit.targetName),
        "density": .number(options.density.pixelsPerDp),
      ]
    }
    print(JSONValue.array(objects).text(.rows), to: &output)
  }
}
