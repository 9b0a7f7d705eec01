// SPDX-License-Identifier: Apache-2.0

/// The status a command returns to the shell, shaped like swift-argument-parser's `ExitCode`.
///
/// Three values carry meaning across the tool: ``success`` (0), ``failure`` (1, a check the
/// command performed did not pass) and ``validationFailure`` (2, the user made a mistake on the
/// command line). `main.swift` passes ``rawValue`` to `exit(_:)`; nothing in this module exits.
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
  /// The command line was wrong: an unknown option, a missing or invalid value (status 2).
  static let validationFailure = ExitCode(2)

  /// Whether this is ``success``.
  var isSuccess: Bool { rawValue == 0 }

  /// The numeric status, such as `2`.
  var description: String { String(rawValue) }
}
