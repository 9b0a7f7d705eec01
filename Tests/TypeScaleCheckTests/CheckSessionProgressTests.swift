// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleCheck
import TypeScaleInternals

/// A run lays out on a thread of its own, not on Swift's cooperative pool.
///
/// The run blocks its thread for its whole length; had it held a thread of the cooperative pool,
/// `DispatchQueue.concurrentPerform` could take the pool's other thread on a 2-core machine and
/// the reader of ``CheckSession/progress`` would get no thread until the end (`typescale check
/// --json` on a real app drew two progress lines in 50 s that way).
@Suite struct CheckSessionProgressTests {
  @Test func run_laysOutOnItsOwnThreadWithTheCallersTaskLocals() async throws {
    let folder = try CheckFolder()
    defer { withExtendedLifetime(folder) {} }
    try folder.write("constraints.json", CheckSessionTests.constraints)
    try folder.write("Resources/en.lproj/Localizable.strings", "\"button.save\" = \"OK\";\n")
    let session = try CheckSession(
      constraintsPath: folder.url.appendingPathComponent("constraints.json").path)
    let junit = folder.url.appendingPathComponent("check.xml").path
    // The writer asks the task-local hook before each file: the caller's value must reach the
    // run's thread.
    let written = Locked<[String]>([])
    let printout = try await OutputFile.$injectedFailure.withValue({ path in
      written.withLock { $0.append(path) }
      return nil
    }) {
      async let printout = session.run(writing: CheckOutputs(junit: junit))
      var last: CheckProgress?
      for await state in session.progress { last = state }
      #expect(last?.done == 1)
      return try await printout
    }
    #expect(printout.exitStatus == 0)
    #expect(session.ranInsideATask == false)
    #expect(written.withLock { $0 } == [junit])
    #expect(FileManager.default.fileExists(atPath: junit))
  }
}
