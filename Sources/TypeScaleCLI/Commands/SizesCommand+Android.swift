// SPDX-License-Identifier: Apache-2.0

import TypeScale
import TypeScaleInternals

/// `typescale sizes --platform android`: a Material type scale at every font scale, each size
/// as the toolkit computes it (the non-linear curve, then whole pixels for a `TextView` or float
/// pixels for Compose).
///
/// ```
/// $ typescale sizes --platform android                 # Material 3, TextView, 2.625 px/dp
/// $ typescale sizes --platform android --type-scale material2 --target compose --json
/// ```
struct AndroidSizesTable: Sendable {
  /// The type scales `--type-scale` names, in help order.
  static let typeScaleNames = ["material3", "material2", "platform", "all"]

  /// One role's size at one font scale.
  struct Cell: Sendable {
    let fontScale: Double
    let size: AndroidTextSize
    let lineHeight: AndroidTextSize?
  }

  let options: AndroidCommandOptions
  let rows: [(appearance: MaterialTextAppearance, cells: [Cell])]

  /// Reads `--type-scale`, `--style` and the Android options, and sizes every role.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for an unknown role or type scale, or a bad Android option.
  init(parsed: ParsedArguments) throws(CLIError) {
    options = try AndroidCommandOptions(parsed: parsed)
    var appearances: [MaterialTextAppearance]
    switch parsed.value("type-scale")?.lowercased() ?? "material3" {
    case "material3", "m3": appearances = MaterialTextAppearance.material3
    case "material2", "m2": appearances = MaterialTextAppearance.material2
    case "platform": appearances = MaterialTextAppearance.platform
    case "all": appearances = MaterialTextAppearance.all
    case let other:
      throw .validation(
        "unknown type scale \"\(other)\"; valid type scales: "
          + Self.typeScaleNames.joined(separator: ", "))
    }
    do throws(MetricsError) {
      if let name = parsed.value("style") {
        appearances = [try MaterialTextAppearance(parsing: name)]
      }
      var rows: [(MaterialTextAppearance, [Cell])] = []
      for appearance in appearances {
        let scale = try AndroidTextScale(
          textSize: appearance.textSize, fontScales: options.steps, version: options.version,
          toolkit: options.toolkit, density: options.density)
        var cells: [Cell] = []
        for fontScale in scale.steps {
          let lineHeight = try appearance.lineHeightSp.map { (sp) throws(MetricsError) in
            try scale.lineHeight(sp: try DesignSize(sp), at: fontScale)
          }
          cells.append(
            Cell(fontScale: fontScale, size: try scale.size(at: fontScale), lineHeight: lineHeight))
        }
        rows.append((appearance, cells))
      }
      self.rows = rows
    } catch {
      throw CLIError(error)
    }
  }

  /// Prints the table: one row per role, one column per font scale, each cell `dp/px`.
  func printTable(to output: inout some TextOutputStream) {
    print(
      "Android type scale (\(options.header)); each cell is text size in dp/px", to: &output)
    let steps = rows.first?.cells.map(\.fontScale) ?? options.steps
    var lines: [[String]] = [
      ["role", "weight", "sp/line"]
        + steps.map {
          $0 == 1 ? "*" + AndroidFontScaleLabel.label($0) : AndroidFontScaleLabel.label($0)
        }
    ]
    for (appearance, cells) in rows {
      let line = appearance.lineHeightSp.map { formatNumber($0) } ?? "–"
      var row = [
        appearance.name, String(appearance.weight.value),
        formatNumber(appearance.sizeSp) + "/" + line,
      ]
      for cell in cells {
        row.append(
          formatNumber(cell.size.dp, decimals: 3) + "/" + formatNumber(cell.size.px, decimals: 2))
      }
      lines.append(row)
    }
    let widths = (0..<lines[0].count).map { column in lines.map { $0[column].count }.max() ?? 0 }
    for row in lines {
      let line = zip(row, widths).map { pad($0, $1) }.joined(separator: "  ")
      print(String(line.reversed().drop { $0 == " " }.reversed()), to: &output)
    }
    let rounding =
      options.toolkit == .view
      ? "px rounded as getDimensionPixelSize rounds an XML textSize"
      : "Compose keeps float px"
    print(
      "* default font scale; – no line height set. dp from Android's FontScaleConverter "
        + "(AOSP FontScaleConverterFactory); \(rounding).", to: &output)
  }

  /// Prints a JSON array of one object per role and font scale.
  func printJSON(to output: inout some TextOutputStream) {
    var objects: [JSONValue] = []
    for (appearance, cells) in rows {
      for cell in cells {
        objects.append([
          "platform": .string("android"), "role": .string(appearance.name),
          "system": .string(appearance.system.rawValue),
          "styleName": .string(appearance.styleName),
          "toolkit": .string(options.toolkit.targetName),
          "androidVersion": .integer(options.version.release),
          "density": .number(options.density.pixelsPerDp),
          "fontScale": .number(cell.fontScale), "sp": .number(appearance.sizeSp),
          "dp": .number(cell.size.dp), "px": .number(cell.size.px),
          "lineHeightSp": appearance.lineHeightSp.map { .number($0) } ?? .null,
          "lineHeightDp": cell.lineHeight.map { .number($0.dp) } ?? .null,
          "weight": .integer(appearance.weight.value),
          "trackingSp": .number(appearance.trackingSp),
          "letterSpacingEm": .number(appearance.letterSpacingEm),
          "allCaps": .bool(appearance.allCaps),
        ])
      }
    }
    print(JSONValue.array(objects).text(.rows), to: &output)
  }
}
