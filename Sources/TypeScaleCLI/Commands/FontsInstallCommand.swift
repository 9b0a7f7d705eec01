// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFontStore

/// `typescale fonts install URL|PATH [--store DIR]`: downloads or copies a font into a font
/// store, validated, and shows the faces it registered; `--google FAMILY` downloads styles of a
/// Google Fonts family instead.
///
/// ```
/// $ typescale fonts install https://cdn.example.com/fonts/Pretendard-SemiBold.otf
/// $ typescale fonts install Fonts/Brand.woff2 --store .fonts
/// $ typescale fonts install --google "Noto Sans KR" --weights 400,700 --store .fonts
/// ```
struct FontsInstallCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "install",
    abstract: "Download or copy a font into a font store and register it.",
    discussion: """
      The font is validated before it is stored: the size limit (32 MiB), its first bytes (an \
      HTML error page is refused, saying so), and FreeType opening every face. It is stored \
      under the SHA-256 of its bytes, WOFF and WOFF2 decoded to plain TrueType or OpenType. \
      Installing under the same key again replaces the stored file.

      --google asks Google Fonts' CSS2 API for the family's styles and stores each style under \
      its own key; styles already stored are not fetched again. Fetching from Google sends \
      your IP address to Google; --google-base-url points at a mirror instead, and a \
      self-hosted copy installs from its URL.
      """,
    usage: """
      typescale fonts install <source> [--store <folder>] [--key <key>]
      typescale fonts install --google <family> [--weights <list>] [--italic]
                              [--google-base-url <url>] [--store <folder>]
      """,
    options: [
      StoreOption.spec,
      .option(
        "key", valueName: "key",
        help: "The key to store the font under (default: the URL, or the file's URL)."),
      .option(
        "google", valueName: "family",
        help: "Install styles of a Google Fonts family, such as \"Noto Sans KR\"."),
      .option(
        "weights", valueName: "list",
        help: "The weights to install with --google, comma-separated (default: 400)."),
      .flag("italic", help: "Install the italic of each weight too (with --google)."),
      .option(
        "google-base-url", valueName: "url",
        help: "The CSS2 API's address, for a mirror or a proxy (default: "
          + "\(GoogleFontsSource.defaultBaseURL.absoluteString))."),
    ],
    positionals: [
      PositionalSpec(
        "source",
        help: "An http(s) URL or the path of a font file (.ttf, .otf, .ttc, .woff, "
          + ".woff2); not with --google.", isOptional: true)
    ])

  /// What to install.
  enum Target {
    /// A file or URL, under a key of the user's or the URL's.
    case file(URL, key: String?)
    /// Styles of a Google Fonts family, from the CSS2 API at a base URL.
    case google(GoogleFontsQuery, source: GoogleFontsSource)
  }

  let target: Target
  let directory: URL

  /// Reads the source and options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when the source is missing or is a URL that cannot be parsed, or
  ///   when the `--google` options are inconsistent (see ``googleTarget(_:)``).
  init(parsed: ParsedArguments) throws(CLIError) {
    directory = StoreOption.directory(parsed)
    if let google = try Self.googleTarget(parsed) {
      target = google
      return
    }
    guard let text = parsed.positional(0), !text.isEmpty else {
      throw .validation("give a URL or the path of a font file to install, or --google FAMILY")
    }
    let lowered = text.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
      || lowered.hasPrefix("file://")
    {
      guard let url = URL(string: text), url.host != nil || url.isFileURL else {
        throw .validation("'\(text)' is not a valid URL")
      }
      target = .file(url, key: parsed.value("key"))
    } else {
      target = .file(URL(fileURLWithPath: text), key: parsed.value("key"))
    }
  }

  /// Installs the font and prints the store, key, file and faces.
  ///
  /// - Parameters:
  ///   - output: Where the result goes.
  ///   - errorOutput: Where problems found while opening the store go, and the store's notes
  ///     on what it accepted (one `warning:` line each).
  /// - Returns: ``ExitCode/success``.
  /// - Throws: ``CLIError`` (exit 2) when the download fails, the bytes are not a valid font,
  ///   the store's folder is not a font store, or Google Fonts lacks the family or a style;
  ///   (exit 2) when the path is a FIFO, a device or a folder rather than a font file.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    let store = try StoreOption.open(directory, errorOutput: &errorOutput)
    let source: URL
    let key: String?
    switch target {
    case .file(let url, let given):
      (source, key) = (url, given)
    case .google(let query, let google):
      try await Self.installGoogle(query, from: google, into: store, output: &output)
      // What the store accepted but noted (a family the file names differently, a style
      // answered from the store while the source was unreachable): never silent.
      for note in store.diagnostics { errorOutput.write("warning: \(note.message)\n") }
      return .success
    }
    // `install(contentsOf:)` blocks while it downloads: on a thread of its own, so that no
    // thread of Swift's cooperative pool (which on Linux also delivers URLSession's answers)
    // waits for the network.
    let installed = await Self.onOwnThread {
      Result { () throws(FontStoreError) in try store.install(contentsOf: source, key: key) }
    }
    let faces: [FontFace]
    do throws(FontStoreError) {
      faces = try installed.get()
    } catch {
      throw CLIError(error)
    }
    let storedKey = key ?? FontStore.key(forContentsOf: source)
    print("store:  \(store.directory.path)", to: &output)
    print("key:    \(storedKey)", to: &output)
    if let entry = store.entry(forKey: storedKey) {
      print("file:   blobs/\(entry.fileURL.lastPathComponent)", to: &output)
    }
    for face in faces {
      print(
        "face:   \(face.postScriptName) (\(face.family) \(face.styleName), weight "
          + "\(face.weight.value), \(face.slope))", to: &output)
    }
    return .success
  }

  /// Runs blocking work on a new thread and awaits its result.
  ///
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  static func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: body()) }
    }
  }
}
