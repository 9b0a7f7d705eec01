// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The check-app scenario's synthetic app: String Catalogs of real CLDR text in 45 languages, a
/// constraints file and links to the fonts it names, written by `Scripts/make-synthetic-app.py`
/// (see its docstring for what each key kind is and which rule it meets).
struct SyntheticApp {
  /// What the generator wrote: its `synthetic-app.json`.
  struct Manifest: Codable {
    /// The random seed.
    let seed: Int
    /// The keys, over all catalogs.
    let keys: Int
    /// Keys by kind (`button`, `title`, `count`, `menu`, `label`, `body`).
    let keysByKind: [String: Int]
    /// The languages, as the catalogs spell them.
    let languages: [String]
    /// Every entry the catalogs hold: one per language, plural category and device.
    let entries: Int
    /// The translations `typescale check` lays out (the iphone variant of device keys).
    let translations: Int
    /// The layouts it plans: each translation at the 12 categories xS…AX5.
    let layouts: Int
    /// Keys per catalog, by path relative to the app's folder.
    let catalogs: [String: Int]
    /// Bytes per file written, by path relative to the app's folder.
    let bytes: [String: Int]
    /// The generator's own time, in seconds (reading CLDR to writing the last file).
    let generationSeconds: Double
    /// The Android variant (`--android`): its `strings.xml` files, entries and the layouts its
    /// rules plan (each entry at Android 14's seven font scales).
    let android: Android?

    /// What `--android` wrote.
    struct Android: Codable {
      /// The `res/values*/strings.xml` files.
      let files: Int
      /// Their entries: one per string and plural item.
      let entries: Int
      /// The layouts the Android rules plan.
      let layouts: Int
    }
  }

  /// The keys the scenario's app has unless `--check-app-keys` says otherwise.
  static let defaultKeys = 2000
  /// The seed the scenario's app is made with.
  static let seed = 34

  /// The app's folder.
  let folder: URL
  /// What the generator wrote.
  let manifest: Manifest
  /// The generation's wall time, in seconds: the generator process from start to exit.
  let seconds: Double

  /// The constraints file.
  var constraints: URL { folder.appendingPathComponent("constraints.json") }

  /// The catalogs, in a fixed order (sorted by path).
  var catalogs: [URL] {
    manifest.catalogs.keys.sorted().map { folder.appendingPathComponent($0) }
  }

  /// The Android variant's `res` folder (written with `--android`).
  var androidResources: URL { folder.appendingPathComponent("android/res") }

  /// The catalogs' bytes, summed.
  var catalogBytes: Int {
    manifest.bytes.filter { $0.key.hasSuffix(".xcstrings") }.values.reduce(0, +)
  }

  /// Runs the generator and reads what it wrote.
  ///
  /// - Parameters:
  ///   - folder: Where to write the app (created; files already there are replaced).
  ///   - keys: The number of keys.
  ///   - root: The repository, whose `Scripts/make-synthetic-app.py` runs.
  /// - Returns: The app.
  /// - Throws: ``CorpusError`` when `python3` cannot start, the generator fails (its message is
  ///   passed on) or its manifest cannot be read.
  static func generate(into folder: URL, keys: Int, root: URL) throws -> SyntheticApp {
    let script = root.appendingPathComponent("Scripts/make-synthetic-app.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", script.path, "--output", folder.path, "--keys", String(keys), "--seed",
      String(seed), "--android",
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let start = ContinuousClock.now
    do {
      try process.run()
    } catch {
      throw CorpusError(description: "cannot run python3 \(script.path): \(error)")
    }
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = ContinuousClock.now - start
    guard process.terminationStatus == 0 else {
      throw CorpusError(
        description: "\(relative(script, to: root)) failed (exit \(process.terminationStatus)): "
          + String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      )
    }
    let manifestURL = folder.appendingPathComponent("synthetic-app.json")
    let manifest: Manifest
    do {
      manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
    } catch {
      throw CorpusError(description: "cannot read \(manifestURL.path): \(error)")
    }
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return SyntheticApp(folder: folder, manifest: manifest, seconds: seconds)
  }

  /// The app in a sentence: keys, languages, entries, translations, layouts and bytes.
  var summary: String {
    "\(grouped(manifest.keys)) keys × \(manifest.languages.count) languages in "
      + "\(manifest.catalogs.count) String Catalogs (\(megabytes(catalogBytes))): "
      + "\(grouped(manifest.entries)) entries (plural and device variants), "
      + "\(grouped(manifest.translations)) checked, \(grouped(manifest.layouts)) layouts planned"
  }
}
