// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFontStore

/// `typescale fonts remove NAME [--store DIR]`: removes a stored font by PostScript name or
/// key, unregistering it before its file is deleted.
///
/// ```
/// $ typescale fonts remove Pretendard-SemiBold --store .fonts
/// ```
struct FontsRemoveCommand: Command {
  /// The command's options and positionals.
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove a font from a font store by PostScript name or key.",
    discussion: """
      The font's faces are unregistered first and its file is deleted only after the index no \
      longer names it; a file another key shares stays. See the names with \
      `typescale fonts list`.
      """,
    options: [StoreOption.spec],
    positionals: [
      PositionalSpec("name", help: "A PostScript name, or a key as `fonts list` shows it.")
    ])

  let name: String
  let directory: URL

  /// Reads the name and options.
  ///
  /// - Parameter parsed: The parsed command line.
  /// - Throws: ``CLIError`` when no name is given.
  init(parsed: ParsedArguments) throws(CLIError) {
    guard let name = parsed.positional(0), !name.isEmpty else {
      throw .validation("give the PostScript name or key of the font to remove")
    }
    self.name = name
    directory = StoreOption.directory(parsed)
  }

  /// Removes the font and prints what was removed.
  ///
  /// - Parameters:
  ///   - output: Where the result goes.
  ///   - errorOutput: Where problems found while opening the store go.
  /// - Returns: ``ExitCode/success``.
  /// - Throws: ``CLIError`` (exit 2) when no stored font has the name, or removal fails.
  func run(
    output: inout some TextOutputStream, errorOutput: inout some TextOutputStream
  ) async throws(CLIError) -> ExitCode {
    let store = try StoreOption.open(directory, errorOutput: &errorOutput)
    let removed: [FontStoreEntry]
    do throws(FontStoreError) {
      removed =
        store.entry(forKey: name) != nil
        ? [try store.remove(key: name)] : try store.remove(postScriptName: name)
    } catch {
      throw CLIError(error)
    }
    for entry in removed {
      print(
        "removed \(entry.postScriptNames.joined(separator: ", ")) (key \(entry.key))",
        to: &output)
    }
    return .success
  }
}
