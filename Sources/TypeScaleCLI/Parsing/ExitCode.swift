// SPDX-License-Identifier: Apache-2.0

/// The status a command returns to the shell, shaped like swift-argument-parser's `ExitCode`.
///
/// Three values carry one meaning in every command, the convention of `diff(1)`, `cmp(1)` and
/// `grep(1)`, so a CI job tells "the check ran and found a difference" from "the check could not
/// run":
///
/// | Status | Meaning |
/// |---|---|
/// | 0 ``success`` | The command did its work and every check it was asked to make passed. |
/// | 1 ``failure`` | A check failed: golden files differ, a case that must fit does not, `--strict` found characters no font draws. |
/// | 2 ``validationFailure`` | The command could not do its work: a mistake on the command line (unknown option or subcommand, invalid value), or an input or output it cannot use (a font file, folder, typography, cases or golden file that is missing, unreadable or not valid; a file it cannot write; a download that fails). |
///
/// Usage mistakes and unusable files share 2 because both mean "nothing was checked"; there is
/// no boundary between them a script could rely on (a font file that exists but is truncated, a
/// path inside a cases file). The message tells them apart, and only usage mistakes end with a
/// hint to run `--help`. `main.swift` passes ``rawValue`` to `exit(_:)`; nothing in this module
/// exits.
struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The numeric status, as passed to `exit(_:)`.
  let rawValue: Int32

  /// Creates an exit code from a numeric status.
  ///
  /// - Parameter rawValue: The status, 0 for success.
  init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Creates an exit code from a numeric status.
  ///
  /// - Parameter code: The status, 0 for success.
  init(_ code: Int32) {
    self.rawValue = code
  }

  /// The command did what was asked (status 0).
  static let success = ExitCode(0)
  /// The command ran but a check it performed failed (status 1).
  static let failure = ExitCode(1)
  /// The command could not do its work: the command line was wrong (an unknown option, a missing
  /// or invalid value), or an input or output could not be used (status 2).
  static let validationFailure = ExitCode(2)

  /// The table above as the top-level `--help` and the README print it.
  static let helpTable = """
    Exit status (the same in every command):
      0  success: the work is done and every check asked for passed
      1  a check failed: golden files differ, a case that must fit does not, or
         --strict found characters no font draws
      2  nothing was checked: a mistake on the command line, or a file that is
         missing, unreadable or not valid, or an output that cannot be written
    """

  /// Whether this is ``success``.
  var isSuccess: Bool { rawValue == 0 }

  /// The numeric status, such as `2`.
  var description: String { String(rawValue) }
}
