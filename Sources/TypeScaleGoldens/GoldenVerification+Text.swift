// SPDX-License-Identifier: Apache-2.0

import Foundation

extension GoldenVerification.Outcome: CustomStringConvertible {
  /// Who an outcome is written for.
  public enum Presentation: Hashable, Sendable {
    /// One message for a failing test, as `expectGoldens` records it: what happened to the
    /// golden file (the report with the `expected:` and `actual:` files, a recording, or why it
    /// cannot be used), the strict texts with characters no font draws as `error:` lines, then
    /// every warning, then the image's `image:` line.
    case testFailure
    /// `typescale goldens verify`: the report on standard output (as text, or one line of JSON
    /// for `typescale goldens merge`); the warnings and texts with characters no font draws
    /// before it and the image's `image:` line after it on standard error, so a CI log names
    /// the image wherever the report goes.
    case commandLine(json: Bool)
  }

  /// One line of an outcome's text, and the stream it belongs on.
  public struct Line: Hashable, Sendable {
    /// Whether the line belongs on standard error (diagnostics) rather than standard output
    /// (the report); always `false` for ``Presentation/testFailure``.
    public var isDiagnostic: Bool
    /// The line, without a newline (a report may span lines).
    public var text: String

    /// Creates a line.
    ///
    /// - Parameters:
    ///   - isDiagnostic: Whether it belongs on standard error.
    ///   - text: The text.
    public init(isDiagnostic: Bool, text: String) {
      self.isDiagnostic = isDiagnostic
      self.text = text
    }
  }

  /// The outcome as text, in order: the one rendering both `expectGoldens` and `typescale
  /// goldens verify` print.
  ///
  /// - Parameter presentation: Who it is for.
  /// - Returns: The lines; for ``Presentation/testFailure`` none when the outcome passed.
  public func lines(_ presentation: Presentation) -> [Line] {
    switch presentation {
    case .testFailure:
      return testFailureLines().map { Line(isDiagnostic: false, text: $0) }
    case .commandLine(let json):
      var lines = warnings.map { Line(isDiagnostic: true, text: "warning: \($0)") }
      lines += missingGlyphs.map { Line(isDiagnostic: true, text: $0.diagnostic()) }
      if let report {
        lines.append(Line(isDiagnostic: false, text: json ? report.json() : report.message()))
      } else {
        lines += testFailureLines().prefix(1).map { Line(isDiagnostic: false, text: $0) }
      }
      switch failureImage {
      case .written(let url): lines.append(Line(isDiagnostic: true, text: "image: \(url.path)"))
      case .failed(let reason):
        lines.append(Line(isDiagnostic: true, text: "could not draw the failing cases: \(reason)"))
      case nil: break
      }
      return lines
    }
  }

  /// The message a failing test records, or `nil` when the outcome passed:
  /// ``lines(_:)`` for ``Presentation/testFailure``, one per line.
  public var failureMessage: String? {
    let lines = testFailureLines()
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// ``failureMessage``, or the report's message when the outcome passed.
  public var description: String {
    failureMessage ?? report?.message() ?? ""
  }

  /// The lines of ``failureMessage``.
  private func testFailureLines() -> [String] {
    guard !passed else { return [] }
    var lines: [String] = []
    // The comparison alone: characters no font draws follow as `error:` lines of their own.
    var compared = report
    compared?.missingGlyphs = nil
    if let problem {
      lines.append(problem.message)
    } else if case .new(let count, let unfit) = recording {
      let recorded =
        "recorded a new golden file at \(golden) (\(count) cases); check it in and run again"
      lines.append(unfit.map { recorded + "\n\n" + $0 } ?? recorded)
    } else if let compared, !compared.passed {
      if recording == .all {
        lines.append("re-recorded \(golden) (TYPESCALE_RECORD=all):\n" + compared.message())
      } else {
        var message = compared.message()
        if let actualFile { message += "\n\nexpected: \(golden)\nactual:   \(actualFile.path)" }
        if recording == .failed { message += "\nre-recorded \(golden) (TYPESCALE_RECORD=failed)" }
        lines.append(message)
      }
    }
    lines += strictMissingGlyphs.map { $0.diagnostic() }
    lines += warnings.map { "warning: \($0)" }
    lines += missingGlyphs.filter { !$0.strict }.map { $0.diagnostic() }
    switch failureImage {
    case .written(let url): lines.append("image:    \(url.path)")
    case .failed(let reason): lines.append("(could not draw the failing cases: \(reason))")
    case nil: break
    }
    return lines
  }
}

extension GoldenMissingGlyphs {
  /// The text's diagnostic line: `warning: <prefix><message>`, or for a strict text, which
  /// fails the run, `error: <prefix><message> (strict)` — the wording of `typescale measure`.
  ///
  /// - Parameter prefix: Put before the message, such as `ui.cases: `.
  /// - Returns: The line, without a newline.
  package func diagnostic(prefix: String = "") -> String {
    strict ? "error: \(prefix)\(message) (strict)" : "warning: \(prefix)\(message)"
  }
}
