// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals
import TypeScaleStrings

/// The paths a check session and a merge read and write, checked with ``RunPaths`` before any
/// work starts, so that no report or baseline is written over an input of the run or over
/// another output.
///
/// The inputs of a check are the constraints file, the typography and font folders it names,
/// the catalogs (each file; for a folder, every file in it the strings loader would read: a
/// `.xcstrings`, `.strings`, `.stringsdict` or `.xliff` name, or `strings.xml`) and the
/// baseline unless the session records it; those of a merge are its reports and the baseline.
/// Outputs are named in messages by the command line's options (`--junit`, `--baseline`).
package enum CheckOutputPlan {
  /// Refuses an output of a check that is an input or another output.
  ///
  /// - Parameters:
  ///   - constraintsPath: The constraints file as given, or `nil` for constraints given as a
  ///     value.
  ///   - constraints: The constraints.
  ///   - catalogPaths: The catalogs as given; the constraints file's own when empty.
  ///   - baselinePath: The baseline, or `nil`.
  ///   - recordsBaseline: Whether the baseline is written rather than read.
  ///   - outputs: The reports to write.
  /// - Throws: ``CheckError/Code/outputConflict`` with ``RunPaths/Conflict/message``.
  package static func check(
    constraintsPath: String?, constraints: CheckConstraints, catalogPaths: [String],
    baselinePath: String?, recordsBaseline: Bool, outputs: CheckOutputs
  ) throws(CheckError) {
    var inputs: [RunPaths.Input] = []
    if let constraintsPath { inputs.append(.file(constraintsPath, role: "the constraints file")) }
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
    var written = outputs.files
    if let baselinePath {
      if recordsBaseline {
        written.append(RunPaths.Output(baselinePath, role: "--baseline"))
      } else {
        inputs.append(.file(baselinePath, role: "the baseline"))
      }
    }
    try refuseConflicts(inputs: inputs, outputs: written)
  }

  /// Refuses an output of a merge that is one of its reports, the baseline or another output.
  ///
  /// - Parameters:
  ///   - reports: The reports as given.
  ///   - baselinePath: The baseline, or `nil`.
  ///   - outputs: The reports to write.
  /// - Throws: ``CheckError/Code/outputConflict`` with ``RunPaths/Conflict/message``.
  package static func merge(
    reports: [String], baselinePath: String?, outputs: CheckOutputs
  ) throws(CheckError) {
    var inputs = reports.map { RunPaths.Input.file($0, role: "the report") }
    if let baselinePath { inputs.append(.file(baselinePath, role: "the baseline")) }
    try refuseConflicts(inputs: inputs, outputs: outputs.files)
  }

  private static func refuseConflicts(
    inputs: [RunPaths.Input], outputs: [RunPaths.Output]
  ) throws(CheckError) {
    do throws(RunPaths.Conflict) {
      try RunPaths.check(inputs: inputs, outputs: outputs)
    } catch {
      throw CheckError(error.message, code: .outputConflict)
    }
  }

  /// Whether the strings loader reads a file of this name when it walks a folder.
  @Sendable package static func readsStrings(_ path: String) -> Bool {
    StringsLoader.reads(path)
  }

  /// Whether a font folder's registration reads a file of this name.
  @Sendable package static func readsFont(_ path: String) -> Bool {
    FontRegistry.fontFileExtensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
  }
}
