// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleCheck
import TypeScaleInternals

/// Progress reaches its reader while the run lays out, not only when it ends.
///
/// The run blocks a thread for its whole length; had it held a thread of Swift's cooperative
/// pool, `DispatchQueue.concurrentPerform` could take the pool's other thread on a 2-core
/// machine and the reader would get no thread until the end (`typescale check --json` on a real
/// app printed two progress lines in 50 s that way).
@Suite struct CheckSessionProgressTests {
  /// Keys enough for a run of several progress ticks (``CheckRunner/progressInterval``).
  static let keys = 800

  @Test func progress_arrivesWhileTheRunLaysOut() async throws {
    let folder = try CheckFolder()
    defer { withExtendedLifetime(folder) {} }
    try folder.write("constraints.json", CheckSessionTests.constraints)
    let lines = (0..<Self.keys).map { "\"button.key\($0)\" = \"Save \($0) changes\";" }
    try folder.write("Resources/en.lproj/Localizable.strings", lines.joined(separator: "\n"))
    let session = try CheckSession(
      constraintsPath: folder.url.appendingPathComponent("constraints.json").path,
      options: CheckSession.Options(workers: 2))
    let finished = Locked(false)
    async let printout: CheckPrintout = {
      let printout = try await session.run(writing: CheckOutputs(printed: .json))
      finished.withLock { $0 = true }
      return printout
    }()
    var duringRun: [Int] = []
    for await state in session.progress where state.done > 0 && state.done < state.total {
      if !finished.withLock({ $0 }) { duringRun.append(state.done) }
    }
    let result = try await printout
    #expect(result.summary.run.layouts == Self.keys * 12)
    // Several ticks of 0.1 s each reached the reader while entries were still being laid out.
    #expect(duringRun.count >= 2, "progress values seen during the run: \(duringRun)")
    #expect(duringRun == duringRun.sorted())
  }
}
