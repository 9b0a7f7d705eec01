// SPDX-License-Identifier: Apache-2.0
//
// Parses arbitrary bytes as a golden file, a typography file and a cases file: every outcome must
// be a value or a typed error, never a crash.

import Foundation
import TypeScale
import TypeScaleGoldens

func fuzzOneInput(_ bytes: UnsafeBufferPointer<UInt8>) {
  let data = Data(buffer: bytes)
  let text = String(decoding: bytes, as: UTF8.self)
  do throws(GoldenError) {
    let golden = try GoldenFile.parse(text, name: "fuzz.golden")
    // What parses must render and parse back to the same measurements.
    let again = try GoldenFile.parse(golden.render(), name: "again.golden")
    precondition(
      again.measurements.count == golden.measurements.count, "golden round trip lost records")
  } catch {
    _ = error.message
  }
  do throws(TypeScaleError) {
    _ = try Typography.load(json: data, name: "fuzz.json")
  } catch {
    _ = error.problems
  }
  do throws(GoldenError) {
    let suite = try GoldenCasesFile.parse(data, name: "fuzz.cases")
    _ = suite.cases.count
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
