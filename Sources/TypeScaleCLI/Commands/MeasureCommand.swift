// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// `typescale measure TEXT`: lays text out with a font, a size and a width, and prints its size,
/// lines and fallbacks; `--batch` measures one JSON request per line of standard input.
///
/// ```
/// $ typescale measure "안녕하세요 여러분, 반갑습니다" --width 100
/// $ typescale measure "Hi" --style body --category AX5 --json        # pointSize 53
/// $ typescale measure "Continue" --style headline --all-categories --width 120 --lines 1
/// $ printf '%s\n' '{"text": "Hello", "width": 40}' | typescale measure --batch
/// $ typescale measure "Subscribe" --typography app.json --font-dir Fonts --style button \
///     --category AX3 --width 120 --json                                  # the app's token
/// ```
struct MeasureCommand: Command {
  /// The command's options.
  static let configuration = CommandConfiguration(
    commandName: "measure",
    abstract: "Lay text out and print its size, lines, truncation and fallback fonts.",
    discussion: """
      Fonts: the embedded default (Noto Sans, with Noto Sans CJK KR in its cascade) unless \
      --font-file or --font is given. The first --font-file's first face is the primary face \
      and the other files' first faces are its cascade; --font resolves a family or PostScript \
      name among the embedded fonts, the files and the --font-dir folders, and falls back to \
      the default with a note.

      Typography: with --typography, each style's (and token's) family, weight and italic \
      resolve among the embedded fonts, --font-file and --font-dir with CSS font matching, \
      and its size follows the typography (relative, fixed, maximumPointSize) as DynamicType \
      does; --style also takes the typography's tokens (--style button), and --size replaces \
      the style's design size. A substitution (a family not registered, a weight or italic \
      not available, a size that cannot scale) prints a warning on standard error and is \
      listed under "diagnostics" in --json. --font-dir needs --typography or --font.

      Sizes: --size alone is a plain point size. With --style or --category, the style (body \
      unless given) at the category (L unless given): with no font, typography or --size, \
      the system text style's own size and weight there, as UIFont.preferredFont(forTextStyle:) \
      gives them (body is 53 at AX5); with --size, --font, --font-file or a custom typography, \
      a design size (--size, or the style's size at L) scaled as UIFontMetrics does, rounded \
      to whole points (a 17 pt body is 48 at AX5). --all-categories lays the text out at all \
      twelve categories.

      Layout: --target label (the default) is a UILabel: the standard line-break strategy \
      (push-out and hangul-word-priority), width and height rounded up to the pixel grid of \
      --display-scale (3 unless given), font leading. --target attributed-string is \
      boundingRect: no strategy, exact sizes, no font leading. --json also prints exactWidth \
      and exactHeight, before rounding; the plain summary shows them when they differ.

      Ranges are UTF-16 offsets; sizes are in points. --batch reads one JSON request per line \
      of standard input and writes one JSON line per request, in order: the --json object \
      (an array with "allCategories": true) or {"error": "..."}. Request keys: text, \
      fontFiles, fontDirs, font, typography (a file's path), size, style, category, \
      allCategories, width, lines, truncation, target, strategy, alignment, language, \
      displayScale, strict. Font files, folders and typographies are read once per batch, and a font \
      name resolves among every font registered so far. A request line longer than \
      --batch-line-limit bytes (default: 1048576, 1 MiB) is answered with an error without \
      being read into memory or decoded; a line that is not valid UTF-8 is answered with an \
      error naming the line and the first bad byte, never measured with U+FFFD.

      Ranges: sizes and widths up to 100000 points (--size > 0, --width ≥ 0), display scales \
      0.5…10, --lines 0 (no limit) up to 9223372036854775807.

      Characters no font draws (no face in the cascade has a glyph) are drawn as the font's \
      .notdef box and measured with its width; they are listed under "missing" (and \
      "missingCharacters" in --json) and named in a warning on standard error. --strict makes \
      that warning an error: the result is still printed, and the exit status is 1.

      Android: with --platform android the text is laid out as a TextView (--target \
      textview, the default: high-quality line breaking, font padding, whole-pixel text \
      sizes) or a Compose Text (--target compose: greedy breaking, no font padding, float \
      pixels) shows it, in Roboto with the Noto fonts after it unless --font or --font-file \
      is given. --size is a textSize in sp (14 unless given), --style a Material role \
      (labelLarge: its size, weight, letter spacing and line height); the font scale is 1 \
      unless --font-scales names others (--all-categories: every font scale of the release). \
      Widths and sizes are in dp; --json adds fontScale, sp, dp and px.

      Deprecated spellings (--strategy hangulwordpriority) still work and print a warning on \
      standard error.

      Exit status: 0 on success (--batch: even when requests fail, which are answered on \
      their lines), 1 when --strict (or a request's "strict": true) finds characters no font \
      draws, 2 for a bad option or value or a font file, folder or typography that cannot be \
      read.
      """,
    usage: """
      typescale measure <text> [--font <name>] [--font-file <path> ...]
                        [--font-dir <path> ...] [--typography <file>]
                        [--size <points>] [--style <style|token>]
                        [--category <category> | --all-categories]
                        [--width <points>] [--lines <count>]
                        [--truncation <mode>] [--target <target>]
                        [--strategy <strategy>] [--alignment <alignment>]
                        [--language <bcp47>] [--display-scale <scale>] [--strict]
                        [--json]
      typescale measure <text> --platform android [--size <sp> | --style <role>]
                        [--font-scales <scales> | --all-categories]
                        [--target textview|compose] [--android-version <release>]
                        [--density <px-per-dp>] [--font <name>] [--font-file <path> ...]
                        [--width <dp>] [--lines <count>] [--truncation <mode>]
                        [--alignment <alignment>] [--language <bcp47>] [--strict] [--json]
      typescale measure --batch [--json] [--batch-line-limit <bytes>]
                        < requests.jsonl
      """,
    options: LayoutCommandOptions.specs(
      allCategoriesHelp: "Lay the text out at every content-size category.") + [
        .option(
          "display-scale", valueName: "scale",
          help: "Pixels per point to round a label's width and height up to (default: 3; exact "
            + "sizes with --target attributed-string)."),
        .option(
          "platform", valueName: "platform",
          help: "ios (the default) or android: sizes in sp at font scales, TextView's or "
            + "Compose's layout.",
          allowedValues: ["ios", AndroidCommandOptions.platformName]),
      ] + AndroidCommandOptions.specs(includesTarget: false) + [
        .flag("json", help: "Print a JSON object (an array with --all-categories)."),
        .flag("batch", help: "Measure one JSON request per line of standard input."),
        .option(
          "batch-line-limit", valueName: "bytes",
          help: "With --batch, the longest request line in bytes (default: 1048576)."),
      ],
    positionals: [
      PositionalSpec(
        "text", help: "The text to measure; paragraphs end at newlines.", isOptional: true)
    ])

  /// Where `--batch` reads its lines: standard input in the tool, a list of lines in tests.
  @TaskLocal static var input = MeasureInput.standardInput

  /// The longest request line `--batch` reads by default, in bytes, not counting the line
  /// break: 1 MiB (1,048,576).
  ///
  /// A longer line is answered with `{"error": …}` naming its length and the limit; its bytes
  /// are counted and dropped as they arrive — never held, decoded as UTF-8 or parsed as JSON —
  /// so memory stays bounded by the limit whatever the input. Change it per run with
  /// `--batch-line-limit <bytes>` (1 or more).
  static let defaultBatchLineLimit = 1 << 20

  let request: MeasureRequest?
  /// With `--platform android`, the Android measurement (``request`` is then `nil`).
  let android: AndroidMeasure?
  let json: Bool
  /// The longest `--batch` line, in bytes.
  let batchLineLimit: Int

  /// Reads and checks the options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` for a missing text, a value that is not a number, an unknown style
  ///   or category, or options given with `--batch`.
  init(parsed: ParsedArguments) throws(CLIError) {
    json = parsed.flag("json")
    let limit = try parsed.int("batch-line-limit")
    if let limit, limit < 1 {
      throw .validation(
        "--batch-line-limit \(limit) is not valid; use a number of bytes ≥ 1 "
          + "(default: \(Self.defaultBatchLineLimit))")
    }
    batchLineLimit = limit ?? Self.defaultBatchLineLimit
    if parsed.flag("batch") {
      let batchOptions: Set = ["batch", "json", "batch-line-limit"]
      let given = Self.configuration.options.filter { option in
        guard !batchOptions.contains(option.name) else { return false }
        return option.isFlag ? parsed.flag(option.name) : !parsed.values(option.name).isEmpty
      }
      if parsed.positional(0) != nil || !given.isEmpty {
        throw .validation(
          "--batch reads the text and its options from standard input; give no text or "
            + "other options with it")
      }
      request = nil
      android = nil
      return
    }
    guard limit == nil else {
      throw .validation("--batch-line-limit applies only with --batch")
    }
    guard let text = parsed.positional(0) else {
      throw .validation("missing required argument '<text>'")
    }
    if AndroidCommandOptions.isAndroid(parsed) {
      android = try AndroidMeasure(text: text, parsed: parsed)
      request = nil
      return
    }
    android = nil
    _ = try AndroidCommandOptions(parsed: parsed, readsTarget: false)
    let request = try MeasureRequest(text: text, parsed: parsed)
    _ = try request.sizing()
    self.request = request
  }

  /// Measures the text, or each request of the batch.
  ///
  /// - Parameters:
  ///   - output: Where the results go.
  ///   - errorOutput: Where deprecation warnings go (`warning: line 3: …` with `--batch`);
  ///     errors are thrown, or written on the batch's output lines.
  /// - Returns: ``ExitCode/success``, or ``ExitCode/failure`` when `--strict` (or a batch
  ///   request's `"strict": true`) met characters no font draws; each request's missing
  ///   characters are a `warning:` (with strict, `error:`) line on `errorOutput`.
  /// - Throws: ``CLIError`` for an invalid layout option or an unreadable font file (exit 2);
  ///   with `--batch`, only when standard input cannot be read.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    var session = try MeasureSession()
    if let android {
      return try run(android, session: &session, output: &output, errorOutput: &errorOutput)
    }
    guard let request else {
      let strictFailed = try Self.runBatch(
        session: &session, lineLimit: batchLineLimit, output: &output, errorOutput: &errorOutput)
      return strictFailed ? .failure : .success
    }
    for warning in request.warnings { errorOutput.write("warning: \(warning)\n") }
    let sizing = try request.sizing()
    let entries = try session.measure(request) { errorOutput.write("warning: \($0)\n") }
    let strictFailed = MeasureOutput.reportMissingGlyphs(
      entries, strict: request.strict, to: &errorOutput)
    let sweep = request.allCategories
    if json {
      if sweep {
        print(MeasureOutput.jsonRows(entries), to: &output)
      } else {
        print(MeasureOutput.jsonLine(entries, sweep: false), to: &output)
      }
    } else if sweep {
      MeasureOutput.sweepTable(entries, request: request, sizing: sizing, to: &output)
    } else if let entry = entries.first {
      MeasureOutput.summary(entry, request: request, sizing: sizing, to: &output)
    }
    return strictFailed ? .failure : .success
  }

  /// Answers every line of ``input`` with one line of JSON until the input ends, and returns
  /// whether a request with `"strict": true` had characters no font draws.
  ///
  /// Answers are written as bytes into one reused buffer, which goes to `output` whenever the
  /// next line is not already read (``MeasureInput/hasBufferedLine``) — so an interactive client
  /// has its answer before the batch waits for its next request — or holds
  /// ``outputFlushSize`` bytes, and at the end. Input from a file or a full pipe is answered in
  /// few writes.
  private static func runBatch(
    session: inout MeasureSession, lineLimit: Int, output: inout some TextOutputStream,
    errorOutput: inout some TextOutputStream
  ) throws(CLIError) -> Bool {
    var number = 0
    var strictFailed = false
    var answers: [UInt8] = []
    answers.reserveCapacity(outputFlushSize + 4096)
    func flush() {
      guard !answers.isEmpty else { return }
      output.write(String(decoding: answers, as: UTF8.self))
      answers.removeAll(keepingCapacity: true)
    }
    while true {
      if !input.hasBufferedLine() { flush() }
      guard let line = try input.nextLine(lineLimit) else { break }
      number += 1
      do throws(CLIError) {
        switch line {
        case .tooLong(let byteCount):
          throw .validation(
            "line \(number) is \(byteCount) bytes, longer than the limit of \(lineLimit) "
              + "(--batch-line-limit); split the text or raise the limit")
        case .invalidUTF8(let offset, let byte):
          throw .validation(
            "line \(number) is not valid UTF-8 (byte \(offset) is 0x"
              + "\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))); send "
              + "requests as UTF-8 text")
        case .text(let text):
          let request = try MeasureRequest(jsonLine: text) { (path) throws(CLIError) in
            try session.typography(at: path)
          }
          for warning in request.warnings {
            errorOutput.write("warning: line \(number): \(warning)\n")
          }
          let entries = try session.measure(request) { warning in
            errorOutput.write("warning: line \(number): \(warning)\n")
          }
          if MeasureOutput.reportMissingGlyphs(
            entries, strict: request.strict, prefix: "line \(number): ", to: &errorOutput)
          {
            strictFailed = true
          }
          MeasureOutput.appendJSONLine(entries, sweep: request.allCategories, to: &answers)
        }
      } catch {
        MeasureOutput.appendErrorLine(error, to: &answers)
      }
      answers.append(UInt8(ascii: "\n"))
      if answers.count >= outputFlushSize { flush() }
    }
    flush()
    return strictFailed
  }

  /// Measures with `--platform android` and prints the result as `run` does for iOS: a summary,
  /// a table of font scales, or JSON.
  private func run(
    _ android: AndroidMeasure, session: inout MeasureSession,
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) throws(CLIError) -> ExitCode {
    let entries = try android.measure(in: &session)
    MeasureOutput.substitutions(entries).forEach { errorOutput.write("warning: \($0)\n") }
    let strictFailed = MeasureOutput.reportMissingGlyphs(
      entries, strict: android.strict, to: &errorOutput)
    if json {
      print(
        android.sweeps
          ? MeasureOutput.jsonRows(entries) : MeasureOutput.jsonLine(entries, sweep: false),
        to: &output)
    } else if android.sweeps {
      MeasureOutput.androidSweepTable(entries, android: android, to: &output)
    } else if let entry = entries.first {
      MeasureOutput.androidSummary(entry, android: android, to: &output)
    }
    return strictFailed ? .failure : .success
  }

  /// The most answer bytes `--batch` holds before writing them out: 64 KiB.
  static let outputFlushSize = 64 * 1024
}

/// The lines `typescale measure --batch` reads.
struct MeasureInput: Sendable {
  /// Returns the next line, or `nil` at the end of the input; a line longer than the limit
  /// (in bytes) comes back as ``BatchLine/tooLong(byteCount:)`` without having been held.
  let nextLine: @Sendable (_ limit: Int) throws(CLIError) -> BatchLine?
  /// Whether ``nextLine`` can answer without reading (and so without blocking): see
  /// ``BatchLineReader/hasBufferedLine``.
  let hasBufferedLine: @Sendable () -> Bool

  /// The process's standard input, read in chunks with `read(2)`.
  static let standardInput = reading(.reading(descriptor: STDIN_FILENO))

  /// Fixed lines, for tests: joined with line breaks and read through the same reader as
  /// standard input, so the length limit applies to them.
  ///
  /// - Parameter lines: The lines to return, in order.
  /// - Returns: An input that returns each line once, then `nil`.
  static func lines(_ lines: [String]) -> MeasureInput {
    reading(.reading(Array(lines.map { $0 + "\n" }.joined().utf8)))
  }

  /// Lines from a reader, safely from any thread.
  ///
  /// - Parameter reader: The reader.
  /// - Returns: An input that hands out the reader's lines.
  static func reading(_ reader: BatchLineReader) -> MeasureInput {
    let shared = Locked(reader)
    return MeasureInput(
      nextLine: { (limit) throws(CLIError) -> BatchLine? in
        try shared.withLock { (reader) throws(CLIError) -> BatchLine? in
          try reader.nextLine(limit: limit)
        }
      },
      hasBufferedLine: { shared.withLock { $0.hasBufferedLine } })
  }
}
