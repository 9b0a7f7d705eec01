// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleLock

/// `typescale measure TEXT`: lays text out with a font, a size and a width, and prints its size,
/// lines and fallbacks; `--batch` measures one JSON request per line of standard input.
///
/// ```
/// $ typescale measure "안녕하세요 여러분, 반갑습니다" --width 100 --strategy hangul-word-priority
/// $ typescale measure "Continue" --style headline --all-categories --width 120 --lines 1
/// $ printf '%s\n' '{"text": "Hello", "width": 40}' | typescale measure --batch
/// ```
public struct MeasureCommand: Command {
  /// The command's options.
  public static let configuration = CommandConfiguration(
    commandName: "measure",
    abstract: "Lay text out and print its size, lines, truncation and fallback fonts.",
    discussion: """
      Fonts: the embedded default (Noto Sans, with Noto Sans CJK KR in its cascade) unless \
      --font-file or --font is given. The first --font-file's first face is the primary face \
      and the other files' first faces are its cascade; --font resolves a family or PostScript \
      name among the embedded fonts and the files, and falls back to the default with a note.

      Sizes: --size alone is a plain point size. With --style or --category, the style (body \
      unless given) scales a design size (--size, or the style's size at L) for the category \
      (L unless given) as UIFontMetrics does, rounded to whole points; --all-categories lays \
      the text out at all twelve categories.

      Ranges are UTF-16 offsets; sizes are in points. --batch reads one JSON request per line \
      of standard input and writes one JSON line per request, in order: the --json object \
      (an array with "allCategories": true) or {"error": "..."}. Request keys: text, \
      fontFiles, font, size, style, category, allCategories, width, lines, truncation, \
      strategy, alignment, language, displayScale. Font files are registered once per batch, \
      and a font name resolves among every file registered so far.

      Exit status: 0 on success (--batch: even when requests fail), 1 when a font file cannot \
      be read, 2 for a bad option or value.
      """,
    usage: """
      typescale measure <text> [--font <name>] [--font-file <path> ...]
                        [--size <points>] [--style <style>]
                        [--category <category> | --all-categories]
                        [--width <points>] [--lines <count>]
                        [--truncation <mode>] [--strategy <strategy>]
                        [--alignment <alignment>] [--language <bcp47>]
                        [--display-scale <scale>] [--json]
      typescale measure --batch [--json] < requests.jsonl
      """,
    options: LayoutCommandOptions.specs(
      allCategoriesHelp: "Lay the text out at every content-size category.") + [
        .option(
          "display-scale", valueName: "scale",
          help: "Pixels per point to round the width and height up to (e.g. 3)."),
        .option(
          "typography", valueName: "file",
          help: "A typography JSON file: the style's family, weight, size and sizing come from it."),
        .flag("json", help: "Print a JSON object (an array with --all-categories)."),
        .flag("batch", help: "Measure one JSON request per line of standard input."),
      ],
    positionals: [
      PositionalSpec(
        "text", help: "The text to measure; paragraphs end at newlines.", isOptional: true)
    ])

  /// Where `--batch` reads its lines: standard input in the tool, a list of lines in tests.
  @TaskLocal static var input = MeasureInput.standardInput

  let request: MeasureRequest?
  let json: Bool

  /// Reads and checks the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for a missing text, a value that is not a number, an unknown style
  ///   or category, or options given with `--batch`.
  public init(parsed: ParsedArguments) throws(CLIError) {
    json = parsed.flag("json")
    if parsed.flag("batch") {
      let given = Self.configuration.options.filter { option in
        guard option.name != "batch" && option.name != "json" else { return false }
        return option.isFlag ? parsed.flag(option.name) : !parsed.values(option.name).isEmpty
      }
      if parsed.positional(0) != nil || !given.isEmpty {
        throw .validation(
          "--batch reads the text and its options from standard input; give no text or "
            + "other options with it")
      }
      request = nil
      return
    }
    guard let text = parsed.positional(0) else {
      throw .validation("missing required argument '<text>'")
    }
    let request = try MeasureRequest(text: text, parsed: parsed)
    _ = try request.sizing()
    self.request = request
  }

  /// Measures the text, or each request of the batch.
  ///
  /// - Parameters:
  ///   - output: Where the results go.
  ///   - errorOutput: Unused: errors are thrown, or written on the batch's output lines.
  /// - Returns: ``ExitCode/success``.
  /// - Throws: ``CLIError`` for an invalid layout option (exit 2) or an unreadable font file
  ///   (exit 1); with `--batch`, only when standard input cannot be read.
  public func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) throws(CLIError) -> ExitCode {
    var session = try MeasureSession()
    guard let request else {
      try Self.runBatch(session: &session, output: &output)
      return .success
    }
    let sizing = try request.sizing()
    let entries = try session.measure(request)
    let sweep = request.allCategories
    if json {
      if sweep {
        let objects = entries.map(MeasureOutput.json)
        print("[\n  " + objects.joined(separator: ",\n  ") + "\n]", to: &output)
      } else {
        print(MeasureOutput.jsonLine(entries, sweep: false), to: &output)
      }
    } else if sweep {
      MeasureOutput.sweepTable(entries, request: request, sizing: sizing, to: &output)
    } else if let entry = entries.first {
      MeasureOutput.summary(entry, request: request, sizing: sizing, to: &output)
    }
    return .success
  }

  /// Answers every line of ``input`` with one line of JSON until the input ends.
  private static func runBatch(
    session: inout MeasureSession, output: inout some TextOutputStream
  ) throws(CLIError) {
    while let line = try input.nextLine() {
      let response: String
      do throws(CLIError) {
        let request = try MeasureRequest(jsonLine: line)
        let entries = try session.measure(request)
        response = MeasureOutput.jsonLine(entries, sweep: request.allCategories)
      } catch {
        response = MeasureOutput.errorLine(error)
      }
      print(response, to: &output)
    }
  }
}

/// The lines `typescale measure --batch` reads.
struct MeasureInput: Sendable {
  /// Returns the next line without its line break, or `nil` at the end of the input.
  let nextLine: @Sendable () throws(CLIError) -> String?

  /// The process's standard input, read with `readLine(strippingNewline:)`.
  static let standardInput = MeasureInput { () throws(CLIError) -> String? in
    errno = 0
    if let line = readLine(strippingNewline: true) { return line }
    // readLine gives nil both at the end of the input and on a read error; errno tells them
    // apart (EBADF for a closed descriptor, EISDIR for a directory).
    let code = errno
    guard code == 0 else {
      throw .failure("cannot read standard input: \(String(cString: strerror(code)))")
    }
    return nil
  }

  /// Fixed lines, for tests.
  ///
  /// - Parameter lines: The lines to return, in order.
  /// - Returns: An input that returns each line once, then `nil`.
  static func lines(_ lines: [String]) -> MeasureInput {
    let queue = LineQueue(lines)
    return MeasureInput { queue.next() }
  }
}

/// Lines handed out one at a time, safely from any thread.
private final class LineQueue: Sendable {
  private let lines: Locked<ArraySlice<String>>

  init(_ lines: [String]) {
    self.lines = Locked(lines[...])
  }

  func next() -> String? {
    lines.withLock { $0.popFirst() }
  }
}
