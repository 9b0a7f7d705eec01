// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFontStore

/// The `--store` option the `fonts install`, `list` and `remove` commands share, and opening
/// the store it names.
enum StoreOption {
  /// The declaration.
  static let spec = OptionSpec.option(
    "store", valueName: "folder",
    help: "The font store's folder (default: $XDG_CACHE_HOME/typescale/fonts, or "
      + "~/.cache/typescale/fonts).")

  /// The folder the command line names, or the default.
  static func directory(_ parsed: ParsedArguments) -> URL {
    parsed.value("store").map { URL(fileURLWithPath: $0) } ?? FontStore.defaultDirectory()
  }

  /// Opens the store with a fresh registry, reporting problems found while opening to
  /// `errorOutput`.
  ///
  /// - Parameters:
  ///   - directory: The store's folder.
  ///   - access: `.readOnly` for commands that only read (`fonts list`): nothing in the folder
  ///     is created, moved or deleted.
  ///   - errorOutput: Where the problems go, one `warning:` line each.
  /// - Returns: The open store.
  /// - Throws: ``CLIError`` (exit 2) when the registry or the store cannot be opened.
  static func open(
    _ directory: URL, access: FontStore.AccessMode = .readWrite,
    errorOutput: inout some TextOutputStream
  ) throws(CLIError) -> FontStore {
    let registry: FontRegistry
    do throws(FontError) {
      registry = try FontRegistry()
    } catch {
      throw .input(error.message)
    }
    let store: FontStore
    do throws(FontStoreError) {
      store = try FontStore(directory: directory, registry: registry, access: access)
    } catch {
      throw .input(error.message)
    }
    for issue in store.issues { errorOutput.write("warning: \(issue.message)\n") }
    return store
  }
}
