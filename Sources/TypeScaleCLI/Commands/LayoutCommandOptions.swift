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
        help: "A family or PostScript name to resolve among the embedded fonts, --font-file and "
          + "--font-dir (not with --typography)."),
      .option(
        "font-file", valueName: "path",
        help: "A font file; the first is the primary face, the others its cascade (with "
          + "--typography: registered for its families to resolve among).",
        isRepeatable: true),
      TypographyOptions.fontDirectorySpec(
        help: "A folder of fonts (with its subfolders) to register for --typography's families "
          + "or --font to resolve among."),
      TypographyOptions.typographySpec(
        help: "A typography JSON file: each style's and token's family, weight, italic, size "
          + "and sizing come from it."),
      .option(
        "size", valueName: "points",
        help: "The point size, or the design size at L with --style or --category."),
      .option(
        "style", valueName: "style",
        help: "The text style to scale like, or a --typography token (default: body)."),
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
        "target", valueName: "target",
        help: "The API whose defaults apply: label, a UILabel's (standard strategy, sizes "
          + "rounded up to the pixel grid, font leading; the default), or attributed-string, "
          + "boundingRect's: no strategy, exact sizes, no font leading; with --platform "
          + "android, textview (the default: high-quality breaking, font padding) or compose "
          + "(greedy breaking, no font padding).",
        allowedValues: targetNames),
      .option(
        "strategy", valueName: "strategy",
        help: "The line-break strategy, Apple's NSLineBreakStrategy: standard (UILabel's: "
          + "push-out and hangul-word-priority), none (ICU's plain rules; what 'standard' "
          + "meant before this release), push-out, hangul-word-priority, or options joined by "
          + "commas (default: the target's)."),
      .option(
        "alignment", valueName: "alignment", help: "Where lines sit within the width.",
        allowedValues: LayoutOptions.Alignment.allCases.map(\.rawValue)),
      .option(
        "language", valueName: "bcp47",
        help: "The text's language for shaping and line breaking (e.g. ko, ja)."),
      .flag(
        "strict",
        help: "Exit with status 1 when no font draws some characters (they are drawn as the "
          + "font's .notdef box; a warning either way)."),
    ]
  }

  /// The spellings of `--target` and `"target"`, in help order.
  static let targetNames = ["label", "attributed-string", "textview", "compose"]

  /// The layout target a `--target` or `"target"` spelling names, ignoring case.
  ///
  /// - Parameter name: `label`, `attributed-string` (`attributedString` also parses),
  ///   `textview` or `compose`.
  /// - Returns: The target, or `nil` for another name.
  static func target(named name: String) -> LayoutTarget? {
    switch name.lowercased() {
    case "label": .label
    case "attributed-string", "attributedstring": .attributedString
    case "textview", "text-view": .textView
    case "compose": .compose
    default: nil
    }
  }

  /// Parses a `--strategy` or `"strategy"` value with `LineBreakStrategy.parse`.
  ///
  /// - Parameters:
  ///   - text: The value, such as `standard` or `push-out,hangul-word-priority`.
  ///   - json: Whether it came from a JSON request (`"strategy"`) rather than `--strategy`.
  /// - Returns: The strategy, and one warning for each deprecated spelling it used:
  ///   `--strategy hangulwordpriority is deprecated; use hangul-word-priority`.
  /// - Throws: ``CLIError/validation(_:)`` naming the value and the valid spellings.
  static func strategy(_ text: String, json: Bool = false) throws(CLIError)
    -> (LayoutOptions.LineBreakStrategy, warnings: [String])
  {
    func quoted(_ text: String) -> String { json ? "\"\(text)\"" : text }
    let source = json ? "\"strategy\":" : "--strategy"
    do throws(LayoutError) {
      let (strategy, deprecated) = try LayoutOptions.LineBreakStrategy.parse(text)
      let warnings = deprecated.map { old in
        let new = LayoutOptions.LineBreakStrategy.deprecatedNames[old] ?? strategy.description
        return "\(source) \(quoted(old)) is deprecated; use \(quoted(new))"
      }
      return (strategy, warnings)
    } catch {
      let place = json ? "\"\(text)\" for \"strategy\"" : "'\(text)' for '--strategy'"
      throw .validation("invalid value \(place): \(error.message)")
    }
  }

  /// Reads the shared layout options into a request.
  ///
  /// - Parameters:
  ///   - parsed: The parsed command line of `measure` or `render`.
  ///   - request: The request to fill in.
  /// - Throws: ``CLIError`` for a value that cannot be converted or parsed, a typography file
  ///   that cannot be loaded, or a style that is neither a text style nor one of its tokens.
  static func read(_ parsed: ParsedArguments, into request: inout MeasureRequest)
    throws(CLIError)
  {
    request.fontFiles = parsed.values("font-file")
    request.fontDirectories = parsed.values("font-dir")
    request.fontName = parsed.value("font")
    if let path = parsed.value("typography") {
      request.typography = try TypographyOptions.load(path)
    }
    request.size = try parsed.double("size")
    if let name = parsed.value("style") {
      (request.style, request.token) = try TypographyOptions.style(
        named: name, in: request.typography)
    }
    do throws(MetricsError) {
      request.category = try parsed.value("category").map { name throws(MetricsError) in
        try ContentSizeCategory(parsing: name)
      }
    } catch {
      throw CLIError(error)
    }
    request.allCategories = parsed.flag("all-categories")
    request.options.width = try parsed.double("width")
    request.options.lineLimit = try parsed.int("lines")
    // The parser has checked these against their allowed values.
    if let name = parsed.value("truncation"), let mode = LayoutOptions.Truncation(rawValue: name) {
      request.options.truncation = mode
    }
    if let name = parsed.value("target"), let target = target(named: name) {
      request.options.target = target
    }
    if let text = parsed.value("strategy") {
      let (strategy, warnings) = try strategy(text)
      request.options.lineBreakStrategy = strategy
      request.warnings += warnings
    }
    if let name = parsed.value("alignment"),
      let alignment = LayoutOptions.Alignment(rawValue: name)
    {
      request.options.alignment = alignment
    }
    request.options.language = parsed.value("language")
    request.strict = parsed.flag("strict")
  }
}
