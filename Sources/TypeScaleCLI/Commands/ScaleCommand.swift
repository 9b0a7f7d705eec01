// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// `typescale scale`: scales a design size for one category or all of them, as `UIFontMetrics`
/// does.
///
/// ```
/// $ typescale scale --style body --size 17 --all-categories --json
/// ```
public struct ScaleCommand: Command {
  /// The command's options.
  public static let configuration = CommandConfiguration(
    commandName: "scale",
    abstract: "Scale a font size and a layout value for content-size categories.",
    discussion: """
      pointSize is UIFontMetrics.scaledFont: the size times the style's leading ratio, rounded \
      to a whole point, then capped at --max. scaledValue is UIFontMetrics.scaledValue: the same \
      factor, rounded to the pixel grid of --display-scale, never capped. With --typography \
      the style's sizing mode applies to pointSize: "system" gives the system text style's \
      own sizes (UIFont.preferredFont(forTextStyle:): body is 53 at AX5), "fixed" never scales.
      """,
    usage: "typescale scale --style <style> --size <points> (--category <category> | "
      + "--all-categories) [--max <points>] [--display-scale <scale>] [--platform <platform>] "
      + "[--json]",
    options: [
      .option(
        "style", valueName: "style", help: "The text style to scale like (e.g. body, title1).",
        isRequired: true),
      .option(
        "size", valueName: "points",
        help: "The size at the default category, in points (default: the typography's)."),
      .option(
        "typography", valueName: "file",
        help: "A typography JSON file: the style's size, sizing mode and maximum come from it."),
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
        allowedValues: Platform.allCases.map(\.rawValue)),
      .flag("json", help: "Print a JSON array of {category, pointSize, scaledValue, factor}."),
    ])

  let metrics: FontMetrics
  let size: DesignSize
  /// The typography's sizing mode for the style, when `--typography` was given.
  let sizing: FontSizing?
  let categories: [ContentSizeCategory]
  let maximum: Double?
  let displayScale: Double
  let json: Bool

  /// Reads and checks the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` naming the bad value: an unknown style or category, a negative size,
  ///   both or neither of `--category` and `--all-categories`.
  public init(parsed: ParsedArguments) throws(CLIError) {
    let category = parsed.value("category")
    let all = parsed.flag("all-categories")
    if category != nil && all {
      throw .validation("give either --category or --all-categories, not both")
    }
    do {
      var table = SizeTable.iOS
      if let name = parsed.value("platform") { table = try Platform(parsing: name).sizeTable }
      let style = try TextStyle(parsing: parsed.value("style") ?? "")
      var typography: Typography?
      if let path = parsed.value("typography") {
        do throws(TypeScaleError) {
          typography = try Typography.load(URL(fileURLWithPath: path))
        } catch {
          throw CLIError.validation(error.message)
        }
      }
      let spec = typography?[style]
      sizing = spec.map { $0.sizing(for: style) }
      metrics = try FontMetrics(forTextStyle: sizing?.textStyle ?? style, table: table)
      if let points = try parsed.double("size") {
        size = try DesignSize(points)
      } else if let spec {
        size = spec.size
      } else {
        throw CLIError.validation("give --size <points> (or --typography <file>)")
      }
      if let category {
        categories = [try ContentSizeCategory(parsing: category)]
      } else if all {
        categories = table.categories
      } else {
        throw CLIError.validation("give --category <category> or --all-categories")
      }
      maximum = try parsed.double("max") ?? spec?.maximumPointSize
      displayScale = try parsed.double("display-scale") ?? 3
      // Check the values once here so that a bad one exits 2 before anything is printed.
      for category in categories {
        _ = try metrics.scaledFont(for: size, maximumPointSize: maximum, in: category)
        _ = try metrics.scaledValue(for: size.points, in: category, displayScale: displayScale)
      }
    } catch let error as MetricsError {
      throw CLIError(error)
    } catch let error as CLIError {
      throw error
    } catch {
      throw .validation("\(error)")
    }
    json = parsed.flag("json")
  }

  /// Prints the scaled sizes.
  ///
  /// - Parameter output: Where the results go.
  /// - Returns: ``ExitCode/success``.
  /// - Throws: Nothing in practice: the options were checked in ``init(parsed:)``.
  public func run(output: inout some TextOutputStream) throws(CLIError) -> ExitCode {
    var rows: [(ContentSizeCategory, ResolvedSize, Double)] = []
    do {
      for category in categories {
        let font: ResolvedSize
        if let sizing {
          font = try sizing.resolve(
            size, in: category, table: metrics.table, maximumPointSize: maximum)
        } else {
          font = try metrics.scaledFont(for: size, maximumPointSize: maximum, in: category)
        }
        let value = try metrics.scaledValue(
          for: size.points, in: category, displayScale: displayScale)
        rows.append((category, font, value))
      }
    } catch {
      throw CLIError(error)
    }
    if json {
      let objects = rows.map { category, font, value in
        "{\"category\": \(jsonString(category.shortName)), "
          + "\"pointSize\": \(jsonNumber(font.points)), "
          + "\"scaledValue\": \(jsonNumber(value, decimals: 6)), "
          + "\"factor\": \(jsonNumber(font.factor)), "
          + "\"clamped\": \(font.isClamped)}"
      }
      print("[\n  " + objects.joined(separator: ",\n  ") + "\n]", to: &output)
      return .success
    }
    let cap = maximum.map { ", max \(formatNumber($0)) pt" } ?? ""
    print(
      "\(metrics.textStyle) metrics, \(size) at \(metrics.table.defaultCategory.shortName)\(cap); "
        + "\(metrics.table.platform.displayName) table (\(metrics.table.version)); "
        + "display scale \(formatNumber(displayScale))×",
      to: &output)
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
