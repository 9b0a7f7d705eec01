// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleCheck
import TypeScaleFonts
import TypeScaleInternals
import TypeScaleStrings

/// The paths `typescale check` and `typescale check merge` read and write, checked with
/// ``RunPaths`` before any work starts, so that no report or baseline is written over an input
/// of the run or over another output.
///
/// The inputs of `check` are the constraints file, the typography and font folders it names, the
/// catalogs (each file; for a folder, every file in it the strings loader would read: a
/// `.xcstrings`, `.strings`, `.stringsdict` or `.xliff` name, or `strings.xml`) and the baseline
/// unless `--update-baseline` writes it; those of `check merge` are its reports and the baseline.
enum CheckOutputPlan {
  /// Refuses an output of `typescale check` that is an input or another output.
  ///
  /// - Parameters:
  ///   - constraintsPath: The constraints file as given.
  ///   - constraints: The constraints read from it.
  ///   - catalogPaths: The catalogs as given on the command line; the constraints file's own
  ///     when empty.
  ///   - options: The report flags.
  ///   - updatesBaseline: Whether `--update-baseline` writes the baseline.
  /// - Throws: ``CLIError/validation(_:)`` with ``RunPaths/Conflict/message``.
  static func check(
    constraintsPath: String, constraints: CheckConstraints, catalogPaths: [String],
    options: CheckReportOptions, updatesBaseline: Bool
  ) throws(CLIError) {
    var inputs: [RunPaths.Input] = [.file(constraintsPath, role: "the constraints file")]
    if let typography = constraints.typographyFile {
      inputs.append(.file(typography.path, role: "the typography"))
    }
    for folder in constraints.fontDirectories {
      inputs.append(.folder(folder.path, role: "the font folder", reads: readsFont))
    }
    let catalogs = catalogPaths.isEmpty ? constraints.catalogs.map(\.path) : catalogPaths
    for catalog in catalogs {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: catalog, isDirectory: &isFolder),
        isFolder.boolValue
      {
        inputs.append(.folder(catalog, role: "the catalog folder", reads: readsStrings))
      } else {
        inputs.append(.file(catalog, role: "the catalog"))
      }
    }
    var outputs = options.outputs
    if let baseline = options.baseline {
      if updatesBaseline {
        outputs.append(RunPaths.Output(baseline, role: "--baseline"))
      } else {
        inputs.append(.file(baseline, role: "the baseline"))
      }
    }
    try refuseConflicts(inputs: inputs, outputs: outputs)
  }

  /// Refuses an output of `typescale check merge` that is one of its reports, the baseline or
  /// another output.
  ///
  /// - Parameters:
  ///   - reports: The reports as given.
  ///   - options: The report flags.
  /// - Throws: ``CLIError/validation(_:)`` with ``RunPaths/Conflict/message``.
  static func merge(reports: [String], options: CheckReportOptions) throws(CLIError) {
    var inputs = reports.map { RunPaths.Input.file($0, role: "the report") }
    if let baseline = options.baseline { inputs.append(.file(baseline, role: "the baseline")) }
    try refuseConflicts(inputs: inputs, outputs: options.outputs)
  }

  /// Refuses conflicts, then installs the SIGINT/SIGTERM clean-up of the outputs' temporary
  /// files.
  private static func refuseConflicts(
    inputs: [RunPaths.Input], outputs: [RunPaths.Output]
  ) throws(CLIError) {
    InterruptCleanup.install()
    do throws(RunPaths.Conflict) {
      try RunPaths.check(inputs: inputs, outputs: outputs)
    } catch {
      throw .validation(error.message)
    }
  }

  /// Whether the strings loader reads a file of this name when it walks a folder.
  @Sendable static func readsStrings(_ path: String) -> Bool {
    StringsLoader.reads(path)
  }

  /// Whether a font folder's registration reads a file of this name.
  @Sendable static func readsFont(_ path: String) -> Bool {
    FontRegistry.fontFileExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
  }
}
