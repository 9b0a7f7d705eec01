// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleInternals

/// `typescale sizes`: prints a platform's text-style table, every style at every category, or
/// with `--platform android` a Material type scale at every font scale.
///
/// ```
/// $ typescale sizes --platform ios --style body
/// $ typescale sizes --platform android --style labelLarge
/// ```
struct SizesCommand: Command {
  /// The command's options: platform, style filter and JSON output.
  static let configuration = CommandConfiguration(
    commandName: "sizes",
    abstract: "Print the text-style size table of an Apple platform, or Android's type scale.",
    discussion: """
      Each cell is point size / leading in points. Sizes are Apple's published values; the \
      header names the table's version and source.

      With --platform android: the Material 3 type scale (--type-scale material2 or platform \
      for the older TextAppearance sets, all for every one) at every font scale of the \
      release (0.85× … 2× on Android 14 and later), each cell the text size in dp / px: dp \
      from Android's non-linear FontScaleConverter, px at --density, rounded to whole pixels \
      as a TextView's XML textSize is (getDimensionPixelSize) or kept in float pixels with \
      --target compose, which also follows Compose's own curve. --style takes a role \
      (labelLarge) or a TextAppearance name.
      """,
    usage: """
      typescale sizes [--platform ios|watchos|macos|tvos] [--style <style>] [--json]
      typescale sizes --platform android [--style <role>] [--type-scale <scale>]
                      [--target textview|compose] [--android-version <release>]
                      [--density <px-per-dp>] [--font-scales <scales>] [--json]
      """,
    options: [
      .option(
        "platform", valueName: "platform", help: "The platform's table (default: ios).",
        allowedValues: AndroidCommandOptions.platformNames),
      .option(
        "style", valueName: "style",
        help: "Print only this text style (e.g. body, title1), or Material role (labelLarge)."),
      .option(
        "type-scale", valueName: "scale",
        help: "With --platform android, the type scale (default: material3).",
        allowedValues: AndroidSizesTable.typeScaleNames),
    ] + AndroidCommandOptions.specs() + [
      .flag(
        "json",
        help: "Print a JSON array of {style, category, pointSize, leading, weight} (Android: "
          + "{role, fontScale, sp, dp, px, lineHeightSp, lineHeightDp, …}).")
    ])

  let table: SizeTable
  /// With `--platform android`, the Material type scale at every font scale.
  let android: AndroidSizesTable?
  let rows: [(style: TextStyle, entries: [(category: ContentSizeCategory, entry: SizeTable.Entry)])]
  let json: Bool

  /// Reads the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for an unknown platform or style, or a style the platform lacks.
  init(parsed: ParsedArguments) throws(CLIError) {
    json = parsed.flag("json")
    if AndroidCommandOptions.isAndroid(parsed) {
      android = try AndroidSizesTable(parsed: parsed)
      table = .iOS
      rows = []
      return
    }
    android = nil
    if parsed.value("type-scale") != nil {
      throw .validation("--type-scale applies only with --platform android")
    }
    _ = try AndroidCommandOptions(parsed: parsed)
    do {
      var table = SizeTable.iOS
      if let name = parsed.value("platform") { table = try Platform(parsing: name).sizeTable }
      self.table = table
      var styles = table.styles
      if let name = parsed.value("style") { styles = [try TextStyle(parsing: name)] }
      var rows: [(TextStyle, [(category: ContentSizeCategory, entry: SizeTable.Entry)])] = []
      for style in styles { rows.append((style, try table.entries(for: style))) }
      self.rows = rows
    } catch {
      throw CLIError(error)
    }
  }

  /// Prints the table.
  ///
  /// - Parameter output: Where the table goes.
  /// - Returns: ``ExitCode/success``.
  func run(output: inout some TextOutputStream) async -> ExitCode {
    if let android {
      json ? android.printJSON(to: &output) : android.printTable(to: &output)
      return .success
    }
    json ? printJSON(to: &output) : printTable(to: &output)
    return .success
  }

  private func printTable(to output: inout some TextOutputStream) {
    let platform = table.platform.displayName
    print("\(platform) text styles (\(table.version)), size/leading in points", to: &output)
    if !table.supportsDynamicType {
      print("\(platform) has no per-category table: fixed sizes.", to: &output)
    }
    var lines: [[String]] = [
      ["style", "weight", "emph."]
        + table.categories.map { $0 == table.defaultCategory ? "*\($0.shortName)" : $0.shortName }
    ]
    for (style, entries) in rows {
      guard let any = entries.first?.entry else { continue }
      var row = [style.rawValue, any.weight.appleName, any.emphasizedWeight.appleName]
      for category in table.categories {
        if let entry = entries.first(where: { $0.category == category })?.entry {
          row.append(
            formatNumber(entry.pointSize) + "/" + (entry.leading.map { formatNumber($0) } ?? "–"))
        } else {
          row.append("–")
        }
      }
      lines.append(row)
    }
    let widths = (0..<lines[0].count).map { column in lines.map { $0[column].count }.max() ?? 0 }
    for row in lines {
      let line = zip(row, widths).map { pad($0, $1) }.joined(separator: "  ")
      print(String(line.reversed().drop { $0 == " " }.reversed()), to: &output)
    }
    print("* default category; – not published. Source: \(table.source).", to: &output)
    for note in table.notes { print("note: \(note)", to: &output) }
  }

  private func printJSON(to output: inout some TextOutputStream) {
    var objects: [JSONValue] = []
    for (style, entries) in rows {
      for (category, entry) in entries {
        objects.append([
          "platform": .string(table.platform.rawValue), "style": .string(style.rawValue),
          "category": .string(category.shortName), "pointSize": .number(entry.pointSize),
          "leading": entry.leading.map { .number($0) } ?? .null,
          "weight": .integer(entry.weight.value),
          "emphasizedWeight": .integer(entry.emphasizedWeight.value),
        ])
      }
    }
    print(JSONValue.array(objects).text(.rows), to: &output)
  }
}
