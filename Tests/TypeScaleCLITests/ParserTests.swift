// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleCLI

// MARK: - Fake commands

/// The root: a group with a repeatable flag and three subcommands.
private struct FakeRoot: Command {
  static let configuration = CommandConfiguration(
    commandName: "typescale",
    abstract: "Dynamic Type sizes on Linux.",
    options: [
      .flag(
        "verbose", short: "v", help: "Print more detail; repeat for even more.", isRepeatable: true)
    ],
    subcommands: [FakeScale.self, FakeCheck.self, FakeDebug.self])

  init(parsed: ParsedArguments) {}
}

/// A leaf with required options, allowed values, a flag and a repeatable option.
private struct FakeScale: Command {
  static let configuration = CommandConfiguration(
    commandName: "scale",
    abstract: "Scale a point size to a content-size category.",
    discussion: "Reads Apple's size table for the style and applies the category's scaling.",
    options: [
      .option(
        "style", short: "s", valueName: "style", help: "The text style.",
        allowedValues: ["body", "title1", "largeTitle"], isRequired: true),
      .option(
        "size", valueName: "points", help: "The size at Large, in points.", isRequired: true),
      .flag("json", help: "Print JSON instead of a table."),
      .option("font", valueName: "path", help: "A font file; may be repeated.", isRepeatable: true),
    ])

  let style: String
  let size: Double
  let json: Bool
  let fonts: [String]

  init(parsed: ParsedArguments) throws(CLIError) {
    style = parsed.value("style") ?? "?"
    size = try parsed.double("size") ?? .nan
    json = parsed.flag("json")
    fonts = parsed.values("font")
  }

  func run(output: inout some TextOutputStream) throws(CLIError) -> ExitCode {
    output.write("scale style=\(style) size=\(size) json=\(json) fonts=\(fonts)\n")
    return .success
  }
}

/// A leaf with positionals, an integer option, a long label and failure paths.
private struct FakeCheck: Command {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check files.",
    options: [
      .option("count", valueName: "n", help: "How many times."),
      .option(
        "maximum-line-length", valueName: "columns",
        help: "The longest line allowed before the checker reports a problem, counted in "
          + "Unicode scalars rather than bytes."),
      .flag("fail", help: "Return a failure."),
      .flag("throw", help: "Throw a failure."),
    ],
    positionals: [
      PositionalSpec("file", help: "The file to check."),
      PositionalSpec("extra", help: "More files.", isOptional: true, isRepeatable: true),
    ])

  let parsed: ParsedArguments
  let count: Int?

  init(parsed: ParsedArguments) throws(CLIError) {
    self.parsed = parsed
    count = try parsed.int("count")
  }

  func run(output: inout some TextOutputStream) throws(CLIError) -> ExitCode {
    if parsed.flag("throw") {
      throw .failure("'\(parsed.positional(0) ?? "")' is not valid")
    }
    output.write("check \(parsed.positionals) count=\(count.map(String.init) ?? "nil")\n")
    return parsed.flag("fail") ? .failure : .success
  }
}

/// A group nested under the root, with no `run`: running it alone prints its help.
private struct FakeDebug: Command {
  static let configuration = CommandConfiguration(
    commandName: "debug", abstract: "Inspect internals.", subcommands: [FakeDump.self])

  init(parsed: ParsedArguments) {}
}

/// A leaf two levels down.
private struct FakeDump: Command {
  static let configuration = CommandConfiguration(
    commandName: "dump", abstract: "Dump a table.",
    usage: "typescale debug dump <table>\ntypescale debug dump --all",
    options: [.option("depth", valueName: "n", help: "How deep.")])

  let depth: Int?

  init(parsed: ParsedArguments) throws(CLIError) {
    depth = try parsed.int("depth")
  }

  func run(output: inout some TextOutputStream) throws(CLIError) -> ExitCode {
    output.write("dump depth=\(depth.map(String.init) ?? "nil")\n")
    return .success
  }
}

// MARK: - Helpers

private struct Run {
  var code: ExitCode
  var output = ""
  var errors = ""
}

private func run(_ arguments: [String]) async -> Run {
  var output = ""
  var errors = ""
  let code = await CLI.run(
    FakeRoot.self, arguments: arguments, output: &output, errorOutput: &errors)
  return Run(code: code, output: output, errors: errors)
}

private func parse(_ arguments: [String]) -> ArgumentScanner.Outcome {
  ArgumentScanner(root: FakeRoot.self).parse(arguments)
}

/// The parsed arguments of a successful parse, or `nil` with a recorded issue.
private func parsedArguments(
  _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
) -> ParsedArguments? {
  guard case .run(_, let parsed) = parse(arguments) else {
    Issue.record("expected \(arguments) to parse", sourceLocation: sourceLocation)
    return nil
  }
  return parsed
}

private let scaleHelp = """
  OVERVIEW: Scale a point size to a content-size category.

  Reads Apple's size table for the style and applies the category's scaling.

  USAGE: typescale scale --style <style> --size <points> [--json]
                         [--font <path> ...]

  OPTIONS:
    -s, --style <style>     The text style (values: body, title1, largeTitle).
    --size <points>         The size at Large, in points.
    --json                  Print JSON instead of a table.
    --font <path>           A font file; may be repeated.
    -h, --help              Show help information.

  """

private let rootHelp = """
  OVERVIEW: Dynamic Type sizes on Linux.

  USAGE: typescale [--verbose ...] <subcommand>

  OPTIONS:
    -v, --verbose           Print more detail; repeat for even more.
    -h, --help              Show help information.

  SUBCOMMANDS:
    scale                   Scale a point size to a content-size category.
    check                   Check files.
    debug                   Inspect internals.
    help                    Show subcommand help information.

    See 'typescale help <subcommand>' for detailed help.

  """

// MARK: - Tests

@Suite struct ParserTests {
  // MARK: Parse forms

  @Test(arguments: [
    (["scale", "--style", "body", "--size", "17"], "body", 17.0, false),
    (["scale", "--style=title1", "--size=28"], "title1", 28.0, false),
    (["scale", "-s", "largeTitle", "--size", "34", "--json"], "largeTitle", 34.0, true),
    (["scale", "--json", "--size", "17", "-s", "BODY"], "body", 17.0, true),
    (["scale", "--size", "-2.5", "--style", "body"], "body", -2.5, false),
    (["scale", "--size=-1", "--style", "TITLE1"], "title1", -1.0, false),
  ])
  func parser_acceptsEachOptionForm(
    arguments: [String], style: String, size: Double, json: Bool
  ) throws {
    let parsed = try #require(parsedArguments(arguments))
    #expect(parsed.commandPath == ["typescale", "scale"])
    #expect(parsed.value("style") == style)
    #expect(try parsed.double("size") == size)
    #expect(parsed.flag("json") == json)
    #expect(parsed.values("font") == [])
    #expect(parsed.positionals == [])
  }

  @Test func parser_runsTheCommandWithParsedValues() async {
    let result = await run([
      "scale", "-s", "Title1", "--size=17", "--font", "a.ttf", "--font=b.otf",
    ])
    #expect(result.code == .success)
    #expect(
      result.output == "scale style=title1 size=17.0 json=false fonts=[\"a.ttf\", \"b.otf\"]\n")
    #expect(result.errors == "")
  }

  @Test func parser_collectsPositionalsInOrder() throws {
    let parsed = try #require(
      parsedArguments(["check", "a.txt", "--count", "3", "b.txt", "c.txt"]))
    #expect(parsed.positionals == ["a.txt", "b.txt", "c.txt"])
    #expect(parsed.positional(0) == "a.txt")
    #expect(parsed.positional(2) == "c.txt")
    #expect(parsed.positional(3) == nil)
    #expect(try parsed.int("count") == 3)
  }

  @Test func parser_doubleDashEndsOptions() throws {
    let parsed = try #require(parsedArguments(["check", "--fail", "--", "--help", "-x", "--fail"]))
    #expect(parsed.positionals == ["--help", "-x", "--fail"])
    #expect(parsed.flag("fail"))
    #expect(parsed.value("count") == nil)
  }

  @Test func parser_singleDashIsAPositional() throws {
    let parsed = try #require(parsedArguments(["check", "-"]))
    #expect(parsed.positionals == ["-"])
  }

  @Test func parser_repeatableFlagCountsAndParentHoldsGroupOptions() throws {
    let parsed = try #require(
      parsedArguments(["-v", "--verbose", "scale", "--style", "body", "--size", "1"]))
    #expect(parsed.commandPath == ["typescale", "scale"])
    let parent = try #require(parsed.parent)
    #expect(parent.commandPath == ["typescale"])
    #expect(parent.flagCount("verbose") == 2)
    #expect(parent.flag("verbose"))
    #expect(parent.parent == nil)
  }

  // MARK: Errors

  @Test(arguments: [
    (
      ["scale", "--frobnicate"],
      "unknown option '--frobnicate' for 'typescale scale'; "
        + "valid options: --style, --size, --json, --font, --help"
    ),
    (
      ["scale", "--frobnicate=3"],
      "unknown option '--frobnicate' for 'typescale scale'; "
        + "valid options: --style, --size, --json, --font, --help"
    ),
    (
      ["scale", "-x", "1"],
      "unknown option '-x' for 'typescale scale'; "
        + "valid options: --style, --size, --json, --font, --help"
    ),
    (["--json"], "unknown option '--json' for 'typescale'; valid options: --verbose, --help"),
    (["scale", "--style", "body", "--size"], "option '--size' needs a value"),
    (["scale", "--size", "--json"], "option '--size' needs a value"),
    (["scale", "--size="], "option '--size' needs a value"),
    (["scale", "-s"], "option '-s' needs a value"),
    (
      ["scale", "--style", "huge", "--size", "1"],
      "invalid value 'huge' for '--style'; valid values: body, title1, largeTitle"
    ),
    (
      ["scale", "-s=body"],
      "unknown option '-s=body' for 'typescale scale'; "
        + "valid options: --style, --size, --json, --font, --help"
    ),
    (["scale", "--json", "--json"], "option '--json' was given more than once"),
    (
      ["scale", "--size", "1", "-s", "body", "--size=2"],
      "option '--size' was given more than once"
    ),
    (["scale", "--json=yes"], "flag '--json' does not take a value"),
    (["scale", "--size", "1"], "missing required option '--style <style>'"),
    (["scale", "--style", "body"], "missing required option '--size <points>'"),
    (["check"], "missing required argument '<file>'"),
    (
      ["scale", "--style", "body", "--size", "1", "extra"],
      "unexpected argument 'extra' for 'typescale scale'"
    ),
    (["--", "scale"], "unexpected argument 'scale' for 'typescale'"),
    (
      ["frobnicate"],
      "unknown subcommand 'frobnicate' for 'typescale'; "
        + "valid subcommands: scale, check, debug, help"
    ),
    (
      ["help", "frobnicate"],
      "unknown subcommand 'frobnicate' for 'typescale'; "
        + "valid subcommands: scale, check, debug, help"
    ),
    (
      ["debug", "frobnicate"],
      "unknown subcommand 'frobnicate' for 'typescale debug'; valid subcommands: dump, help"
    ),
  ])
  func parser_reportsMistakesWithExactMessages(arguments: [String], message: String) {
    guard case .failure(let error, _) = parse(arguments) else {
      Issue.record("expected \(arguments) to fail")
      return
    }
    #expect(error.message == message)
    #expect(error.description == message)
    #expect(error.exitCode == .validationFailure)
  }

  @Test func parser_unknownOptionNamesValidOptions() async {
    let result = await run(["scale", "--frobnicate"])
    #expect(result.code == .validationFailure)
    #expect(result.code.rawValue == 2)
    #expect(result.output == "")
    #expect(
      result.errors == """
        error: unknown option '--frobnicate' for 'typescale scale'; \
        valid options: --style, --size, --json, --font, --help \
        (see 'typescale scale --help')

        """)
  }

  @Test(arguments: [
    (
      ["scale", "--style", "body", "--size", "abc"],
      "invalid value 'abc' for '--size'; expected a number", "typescale scale"
    ),
    (
      ["scale", "--style", "body", "--size", "nan"],
      "invalid value 'nan' for '--size'; expected a number", "typescale scale"
    ),
    (
      ["check", "a", "--count", "1.5"],
      "invalid value '1.5' for '--count'; expected an integer", "typescale check"
    ),
    (
      ["debug", "dump", "--depth", "x"],
      "invalid value 'x' for '--depth'; expected an integer", "typescale debug dump"
    ),
  ])
  func parser_typedHelpersNameTheOptionAndValue(
    arguments: [String], message: String, command: String
  ) async {
    let result = await run(arguments)
    #expect(result.code == .validationFailure)
    #expect(result.output == "")
    #expect(result.errors == "error: \(message) (see '\(command) --help')\n")
  }

  @Test func parser_typedHelpersConvertRepeatableValues() throws {
    let parsed = try #require(
      parsedArguments(["scale", "-s", "body", "--size", "1", "--font", "2", "--font", "-3.5"]))
    #expect(try parsed.doubles("font") == [2, -3.5])
    #expect(try parsed.values("font", expected: "a length") { $0.count } == [1, 4])
    #expect(throws: CLIError.validation("invalid value '-3.5' for '--font'; expected an integer")) {
      try parsed.values("font", expected: "an integer") { Int($0) }
    }
    #expect(try parsed.int("size") == 1)
    #expect(throws: CLIError.validation("invalid value 'body' for '--style'; expected a number")) {
      try parsed.double("style")
    }
  }

  // MARK: Help

  @Test(arguments: [
    ["scale", "--help"],
    ["scale", "-h"],
    ["help", "scale"],
    ["scale", "--style", "body", "--help"],
    ["scale", "--frobnicate", "--help"],
    ["scale", "--size", "abc", "--style", "body", "-h"],
  ])
  func parser_helpRequestsPrintGeneratedHelp(arguments: [String]) async {
    let result = await run(arguments)
    #expect(result.code == .success)
    #expect(result.output == scaleHelp)
    #expect(result.errors == "")
  }

  @Test(arguments: [[String](), ["--help"], ["-h"], ["help"], ["-v"]])
  func parser_rootHelpListsSubcommands(arguments: [String]) async {
    let result = await run(arguments)
    #expect(result.code == .success)
    #expect(result.output == rootHelp)
    #expect(result.errors == "")
  }

  @Test func parser_helpWrapsLongHelpAndPutsLongLabelsOnTheirOwnLine() async {
    let expected = """
      OVERVIEW: Check files.

      USAGE: typescale check [--count <n>] [--maximum-line-length <columns>] [--fail]
                             [--throw] <file> [<extra> ...]

      ARGUMENTS:
        <file>                  The file to check.
        <extra> ...             More files.

      OPTIONS:
        --count <n>             How many times.
        --maximum-line-length <columns>
                                The longest line allowed before the checker reports a
                                problem, counted in Unicode scalars rather than bytes.
        --fail                  Return a failure.
        --throw                 Throw a failure.
        -h, --help              Show help information.

      """
    #expect(await run(["check", "--help"]).output == expected)
    #expect(
      HelpGenerator.help(for: FakeCheck.configuration, commandPath: ["typescale", "check"])
        == expected)
    for line in expected.split(separator: "\n") {
      #expect(line.count <= HelpGenerator.lineWidth)
    }
  }

  @Test func parser_helpUsesCustomUsageAndNestedPath() async {
    let expected = """
      OVERVIEW: Dump a table.

      USAGE: typescale debug dump <table>
             typescale debug dump --all

      OPTIONS:
        --depth <n>             How deep.
        -h, --help              Show help information.

      """
    #expect(await run(["debug", "dump", "--help"]).output == expected)
    #expect(await run(["help", "debug", "dump"]).output == expected)
    #expect(await run(["debug", "help", "dump"]).output == expected)
  }

  @Test func parser_groupWithoutSubcommandPrintsItsHelp() async {
    let expected = """
      OVERVIEW: Inspect internals.

      USAGE: typescale debug <subcommand>

      OPTIONS:
        -h, --help              Show help information.

      SUBCOMMANDS:
        dump                    Dump a table.
        help                    Show subcommand help information.

        See 'typescale debug help <subcommand>' for detailed help.

      """
    let result = await run(["debug"])
    #expect(result.code == .success)
    #expect(result.output == expected)
    #expect(result.errors == "")
  }

  @Test func parser_usageWithoutPathUsesCommandName() {
    #expect(
      HelpGenerator.usage(for: FakeScale.configuration)
        == "scale --style <style> --size <points> [--json] [--font <path> ...]")
    #expect(HelpGenerator.usage(for: FakeDump.configuration) == FakeDump.configuration.usage)
  }

  @Test(arguments: [
    ("short line", 20, ["short line"]),
    ("one two three four five", 9, ["one two", "three", "four five"]),
    (
      "first\n\n  indented example stays as it is\nlast", 10,
      ["first", "", "  indented example stays as it is", "last"]
    ),
    ("abcdefghijklmnop qr", 5, ["abcdefghijklmnop", "qr"]),
  ])
  func parser_wrapBreaksAtSpacesAndKeepsLineBreaks(text: String, width: Int, lines: [String]) {
    #expect(HelpGenerator.wrap(text, width: width) == lines)
  }

  // MARK: Dispatch and exit codes

  @Test func parser_dispatchesNestedSubcommands() async {
    let result = await run(["debug", "dump", "--depth", "3"])
    #expect(result.code == .success)
    #expect(result.output == "dump depth=3\n")
    #expect(result.errors == "")
  }

  @Test func parser_commandReturningFailureExitsWithOne() async {
    let result = await run(["check", "a.txt", "--fail"])
    #expect(result.code == .failure)
    #expect(result.code.rawValue == 1)
    #expect(result.output == "check [\"a.txt\"] count=nil\n")
    #expect(result.errors == "")
  }

  @Test func parser_thrownFailurePrintsErrorWithoutHint() async {
    let result = await run(["check", "a.txt", "--throw"])
    #expect(result.code == .failure)
    #expect(result.output == "")
    #expect(result.errors == "error: 'a.txt' is not valid\n")
  }

  @Test func parser_hintNamesTheCommandBeingParsed() async {
    let result = await run(["debug", "dump", "--depth"])
    #expect(result.code == .validationFailure)
    #expect(
      result.errors
        == "error: option '--depth' needs a value (see 'typescale debug dump --help')\n")
  }

  @Test(arguments: [
    (ExitCode.success, Int32(0), true),
    (ExitCode.failure, Int32(1), false),
    (ExitCode.validationFailure, Int32(2), false),
    (ExitCode(70), Int32(70), false),
  ])
  func parser_exitCodesHaveArgumentParserValues(code: ExitCode, raw: Int32, isSuccess: Bool) {
    #expect(code.rawValue == raw)
    #expect(code.isSuccess == isSuccess)
    #expect(code.description == String(raw))
    #expect(ExitCode(rawValue: raw) == code)
  }

  @Test func parser_cliErrorKindsCarryExitCodes() {
    #expect(CLIError.validation("bad").exitCode == .validationFailure)
    #expect(CLIError.failure("bad").exitCode == .failure)
    #expect(CLIError("bad").exitCode == .validationFailure)
    #expect(CLIError.helpRequested.isHelpRequest)
    #expect(CLIError.helpRequested.exitCode == .success)
    #expect(!CLIError("help requested", exitCode: .success).isHelpRequest)
    #expect("\(CLIError.failure("disk full"))" == "disk full")
  }
}
