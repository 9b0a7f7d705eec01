// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale

/// `typescale fonts install URL|PATH [--store DIR]`: downloads or copies a font into a font
/// store, validated, and shows the faces it registered.
///
/// ```
/// $ typescale fonts install https://cdn.example.com/fonts/Pretendard-SemiBold.otf
/// $ typescale fonts install Fonts/Brand.woff2 --store .fonts
/// ```
public struct FontsInstallCommand: Command {
  /// The command's options and positionals.
  public static let configuration = CommandConfiguration(
    commandName: "install",
    abstract: "Download or copy a font into a font store and register it.",
    discussion: """
      The font is validated before it is stored: the size limit (32 MiB), its first bytes (an \
      HTML error page is refused, saying so), and FreeType opening every face. It is stored \
      under the SHA-256 of its bytes, WOFF and WOFF2 decoded to plain TrueType or OpenType. \
      Installing under the same key again replaces the stored file.
      """,
    options: [
      StoreOption.spec,
      .option(
        "key", valueName: "key",
        help: "The key to store the font under (default: the URL, or the file's URL)."),
    ],
    positionals: [
      PositionalSpec(
        "source",
        help: "An http(s) URL or the path of a font file (.ttf, .otf, .ttc, .woff, "
          + ".woff2).")
    ])

  let source: URL
  let directory: URL
  let key: String?

  /// Reads the source and options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when the source is missing or is a URL that cannot be parsed.
  public init(parsed: ParsedArguments) throws(CLIError) {
    guard let text = parsed.positional(0), !text.isEmpty else {
      throw .validation("give a URL or the path of a font file to install")
    }
    let lowered = text.lowercased()
    if lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
      || lowered.hasPrefix("file://")
    {
      guard let url = URL(string: text), url.host != nil || url.isFileURL else {
        throw .validation("'\(text)' is not a valid URL")
      }
      source = url
    } else {
      source = URL(fileURLWithPath: text)
    }
    directory = StoreOption.directory(parsed)
    key = parsed.value("key")
  }

  /// Installs the font and prints the store, key, file and faces.
  ///
  /// - Parameters:
  ///   - output: Where the result goes.
  ///   - errorOutput: Where problems found while opening the store go.
  /// - Returns: ``ExitCode/success``.
  /// - Throws: ``CLIError`` (exit 1) when the download fails or the bytes are not a valid font.
  public func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) throws(CLIError) -> ExitCode {
    let store = try StoreOption.open(directory, errorOutput: &errorOutput)
    let faces: [FontFace]
    do throws(FontStoreError) {
      faces = try store.install(contentsOf: source, key: key)
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
}
