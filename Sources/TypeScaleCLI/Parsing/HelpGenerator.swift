// SPDX-License-Identifier: Apache-2.0

/// Builds a command's `--help` text from its ``CommandConfiguration``.
///
/// The layout follows swift-argument-parser and is deterministic: sections `OVERVIEW`, the
/// discussion, `USAGE`, `ARGUMENTS`, `OPTIONS` (always ending with `-h, --help`) and
/// `SUBCOMMANDS`, separated by blank lines and wrapped at ``lineWidth`` columns. Labels are
/// indented two spaces and their help starts at column ``helpColumn``:
///
/// ```
/// USAGE: typescale scale --size <points> [--json]
///
/// OPTIONS:
///   --size <points>         The size at Large.
///   --json                  Print JSON.
///   -h, --help              Show help information.
/// ```
enum HelpGenerator {
  /// The column at which help text wraps.
  static let lineWidth = 80
  /// The column (from 0) at which an option's help starts; longer labels put it on the next
  /// line.
  static let helpColumn = 26

  /// Builds the help text of a command.
  ///
  /// - Parameters:
  ///   - configuration: The command's declaration.
  ///   - commandPath: The words that name the command, such as `["typescale", "scale"]`; `nil`
  ///     for the command's own name alone.
  /// - Returns: The help text, ending with a newline.
  static func help(
    for configuration: CommandConfiguration, commandPath: [String]? = nil
  ) -> String {
    let path = commandPath ?? [configuration.commandName]
    var sections: [[String]] = []
    if !configuration.abstract.isEmpty {
      sections.append(wrap("OVERVIEW: " + configuration.abstract, width: lineWidth))
    }
    if !configuration.discussion.isEmpty {
      sections.append(wrap(configuration.discussion, width: lineWidth))
    }
    sections.append(usageLines(for: configuration, commandPath: path))
    if !configuration.positionals.isEmpty {
      sections.append(
        ["ARGUMENTS:"] + configuration.positionals.flatMap { row($0.synopsis, $0.help) })
    }
    let optionRows = configuration.options.flatMap { option in
      row(label(for: option), helpText(for: option))
    }
    sections.append(["OPTIONS:"] + optionRows + row("-h, --help", "Show help information."))
    if !configuration.subcommands.isEmpty {
      let name = path.joined(separator: " ")
      let rows = configuration.subcommands.flatMap { subcommand in
        row(subcommand.configuration.commandName, subcommand.configuration.abstract)
      }
      sections.append(
        ["SUBCOMMANDS:"] + rows + row("help", "Show subcommand help information.")
          + ["", "  See '\(name) help <subcommand>' for detailed help."])
    }
    return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n") + "\n"
  }

  /// Builds the usage of a command, the text after `USAGE: `.
  ///
  /// Required options appear bare, optional ones in brackets, repeatable ones with `...`:
  /// `typescale scale --size <points> [--font <path> ...] [--json] <file>`.
  ///
  /// - Parameters:
  ///   - configuration: The command's declaration.
  ///   - commandPath: The words that name the command; `nil` for its own name alone.
  /// - Returns: The usage on one line, or ``CommandConfiguration/usage`` when set.
  static func usage(
    for configuration: CommandConfiguration, commandPath: [String]? = nil
  ) -> String {
    if let usage = configuration.usage { return usage }
    let path = commandPath ?? [configuration.commandName]
    return (path + usageElements(for: configuration)).joined(separator: " ")
  }

  private static func usageElements(for configuration: CommandConfiguration) -> [String] {
    var elements: [String] = []
    for option in configuration.options {
      let synopsis = option.isRepeatable ? option.synopsis + " ..." : option.synopsis
      elements.append(option.isRequired ? synopsis : "[\(synopsis)]")
    }
    for positional in configuration.positionals {
      elements.append(positional.isOptional ? "[\(positional.synopsis)]" : positional.synopsis)
    }
    if !configuration.subcommands.isEmpty {
      elements.append("<subcommand>")
    }
    return elements
  }

  /// The `USAGE:` section, wrapping between elements with continuation lines aligned after
  /// the command's name.
  private static func usageLines(
    for configuration: CommandConfiguration, commandPath: [String]
  ) -> [String] {
    let prefix = "USAGE: "
    if let usage = configuration.usage {
      let pad = String(repeating: " ", count: prefix.count)
      return usage.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
        ($0.offset == 0 ? prefix : pad) + $0.element
      }
    }
    let head = prefix + commandPath.joined(separator: " ")
    let pad = String(repeating: " ", count: min(head.count + 1, lineWidth / 2))
    var lines: [String] = []
    var line = head
    for element in usageElements(for: configuration) {
      if line.count + 1 + element.count > lineWidth && line != pad && line != head {
        lines.append(line)
        line = pad + element
      } else {
        line += (line == pad ? "" : " ") + element
      }
    }
    lines.append(line)
    return lines
  }

  private static func label(for option: OptionSpec) -> String {
    guard let short = option.short else { return option.synopsis }
    return "-\(short), \(option.synopsis)"
  }

  /// An option's help with its allowed values inserted before any final period.
  ///
  /// For example: `The text style (values: body, title1).`
  private static func helpText(for option: OptionSpec) -> String {
    guard let allowed = option.allowedValues, !allowed.isEmpty else { return option.help }
    let values = "(values: \(allowed.joined(separator: ", ")))"
    if option.help.isEmpty { return values }
    if option.help.hasSuffix(".") {
      return "\(option.help.dropLast()) \(values)."
    }
    return "\(option.help) \(values)"
  }

  /// One labelled entry: the label indented two spaces, the help from ``helpColumn``.
  private static func row(_ label: String, _ help: String) -> [String] {
    let lead = "  " + label
    let pad = String(repeating: " ", count: helpColumn)
    let helpLines = wrap(help, width: lineWidth - helpColumn)
    guard let first = helpLines.first, !first.isEmpty else { return [lead] }
    let rest = helpLines.dropFirst().map { $0.isEmpty ? "" : pad + $0 }
    if lead.count + 2 <= helpColumn {
      let padded = lead + String(repeating: " ", count: helpColumn - lead.count)
      return [padded + first] + rest
    }
    return [lead, pad + first] + rest
  }

  /// Wraps text at spaces to lines no longer than `width`, keeping its line breaks.
  ///
  /// Lines that start with a space (indented examples) are kept as they are; a word longer
  /// than `width` gets a line of its own.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if paragraph.hasPrefix(" ") || paragraph.count <= width {
        lines.append(String(paragraph))
        continue
      }
      var line = ""
      for word in paragraph.split(separator: " ") {
        if line.isEmpty {
          line = String(word)
        } else if line.count + 1 + word.count <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = String(word)
        }
      }
      lines.append(line)
    }
    return lines
  }
}
