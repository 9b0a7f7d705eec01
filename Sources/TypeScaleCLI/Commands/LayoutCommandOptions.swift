// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// The options `measure` and `render` share: which font, which size, and how to lay the text out.
enum LayoutCommandOptions {
  /// The shared options, in help order; `--all-categories` says what it does for the command.
  ///
  /// - Parameter allCategoriesHelp: The help line for `--all-categories`.
  /// - Returns: The option specifications.
  static func specs(allCategoriesHelp: String) -> [OptionSpec] {
    [
      .option(
        "font", valueName: "name",
        help: "A family or PostScript name to resolve among the embedded fonts and --font-file."),
      .option(
        "font-file", valueName: "path",
        help: "A font file; the first is the primary face, the others its cascade.",
        isRepeatable: true),
      .option(
        "size", valueName: "points",
        help: "The point size, or the design size at L with --style or --category."),
      .option("style", valueName: "style", help: "The text style to scale like (default: body)."),
      .option(
        "category", valueName: "category",
        help: "The content-size category to scale for: xS…XXXL, AX1…AX5, or a UIKit or SwiftUI "
          + "name."),
      .flag("all-categories", help: allCategoriesHelp),
      .option(
        "width", valueName: "points", help: "The width to wrap at (default: no wrapping)."),
      .option("lines", valueName: "count", help: "The most lines to show; 0 for no limit."),
      .option(
        "truncation", valueName: "mode", help: "How text past the last line is cut.",
        allowedValues: LayoutOptions.Truncation.allCases.map(\.rawValue)),
      .option(
        "strategy", valueName: "strategy",
        help: "The line-break strategy; hangul-word-priority keeps Korean words whole.",
        allowedValues: MeasureRequest.strategyNames),
      .option(
        "alignment", valueName: "alignment", help: "Where lines sit within the width.",
        allowedValues: LayoutOptions.Alignment.allCases.map(\.rawValue)),
      .option(
        "language", valueName: "bcp47",
        help: "The text's language for shaping and line breaking (e.g. ko, ja)."),
    ]
  }
}
