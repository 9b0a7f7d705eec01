// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// The root command, `typescale`: it groups the subcommands and prints the versions.
///
/// ```
/// $ typescale scale --style body --size 17 --category AX3
/// $ typescale --version
/// typescale 0.1.0-dev
/// harfbuzz 6.0.0
/// freetype 2.12.1
/// icu 72.1 (unicode 15.0)
/// ```
struct TypeScaleCommand: Command {
  /// TypeScale's version: the one this source tree builds, changed when a release is tagged.
  static let version = "0.1.0-dev"

  /// The tool's name, overview and subcommands.
  static let configuration = CommandConfiguration(
    commandName: "typescale",
    abstract: "Apple's Dynamic Type and text measurement on Linux.",
    discussion: """
      Sizes follow Apple's published tables; scaling follows UIFontMetrics (the ratio of the \
      style's leading, rounded to whole points for fonts and to the pixel grid for values).

      """ + ExitCode.helpTable,
    options: [
      .flag(
        "version",
        help: "Print TypeScale's version and the HarfBuzz, FreeType and ICU versions it runs with.")
    ],
    subcommands: [
      SizesCommand.self, ScaleCommand.self, FontsCommand.self, MeasureCommand.self,
      GoldensCommand.self, RenderCommand.self, CheckCommand.self,
    ])

  /// Whether `--version` was given.
  let printsVersion: Bool

  /// Creates the root command.
  ///
  /// - Parameter parsed: The parsed command line: `--version`, or nothing.
  init(parsed: ParsedArguments) {
    printsVersion = parsed.flag("version")
  }

  /// Prints the versions with `--version`, and the help otherwise.
  ///
  /// - Parameter output: Where the versions go.
  /// - Returns: ``ExitCode/success``.
  /// - Throws: ``CLIError/helpRequested`` without `--version`.
  func run(output: inout some TextOutputStream) async throws(CLIError) -> ExitCode {
    guard printsVersion else { throw .helpRequested }
    print(Self.versionText, terminator: "", to: &output)
    return .success
  }

  /// `typescale 0.1.0-dev` and one line per C library, with the versions loaded at run time
  /// (`hb_version_string`, `FT_Library_Version`, `u_getVersion`), which golden files also
  /// record.
  static var versionText: String {
    let libraries = TextLayoutEngine.libraryVersions
    let unknown = "unknown"
    return """
      typescale \(version)
      harfbuzz \(libraries["harfbuzz"] ?? unknown)
      freetype \(FontRegistry.freeTypeVersion)
      icu \(libraries["icu"] ?? unknown) (unicode \(libraries["unicode"] ?? unknown))

      """
  }
}
