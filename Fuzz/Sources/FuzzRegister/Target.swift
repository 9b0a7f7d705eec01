// SPDX-License-Identifier: Apache-2.0
//
// Registers arbitrary bytes as a font: every outcome must be faces or a typed FontError, never a
// crash, a hang or a leak. Seeded with the fixture fonts and their truncations (make fuzz).

import Foundation
import TypeScale

let registry: FontRegistry = {
  do { return try FontRegistry() } catch { fatalError("embedded fonts: \(error)") }
}()

func fuzzOneInput(_ bytes: UnsafeBufferPointer<UInt8>) {
  do throws(FontError) {
    let registration = try registry.register(data: Array(bytes), name: "fuzz")
    // Whatever registered must be usable: read its metrics and coverage, then unregister.
    for face in registration.faces {
      _ = face.metrics.lineHeight(atPointSize: 17)
      _ = face.coverage.contains("A")
    }
    try registry.unregister(registration)
  } catch {
    _ = error.message
  }
}

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzOneInput(UnsafeBufferPointer(start: data, count: size))
  return 0
}
