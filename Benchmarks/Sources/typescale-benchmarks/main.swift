// SPDX-License-Identifier: Apache-2.0
//
// TypeScale's benchmarks, each reported as a ratio to a floor measured in the same run.
//
//   typescale-benchmarks [--fonts FOLDER] [--json]
//
// `make bench` passes a folder of Debian's fonts-noto-core files for the registry benchmark.

import Foundation

let arguments = CommandLine.arguments
let json = arguments.contains("--json")
var folder: URL?
if let index = arguments.firstIndex(of: "--fonts"), index + 1 < arguments.count {
  folder = URL(fileURLWithPath: arguments[index + 1])
}

var results: [Result] = []
do {
  results.append(try metricsBenchmark())
  if let folder {
    results.append(try registryBenchmark(folder: folder))
  }
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

if json {
  let objects = results.map { result in
    var fields = [
      "\"name\": \"\(result.name)\"", "\"unit\": \"\(result.unit)\"",
      "\"value\": \(format(result.value))", "\"floor\": \(format(result.floor))",
      "\"ratioToFloor\": \(format(result.ratio))",
    ]
    fields += result.extra.map { "\"\($0.0)\": \"\($0.1)\"" }
    return "{" + fields.joined(separator: ", ") + "}"
  }
  print("[\n  " + objects.joined(separator: ",\n  ") + "\n]")
} else {
  for result in results {
    print(result.name)
    print(
      "  \(format(result.value)) \(result.unit)   floor \(format(result.floor)) \(result.unit)   "
        + "ratio \(format(result.ratio))×")
    for (key, value) in result.extra { print("  \(key): \(value)") }
  }
  if folder == nil { print("(registry benchmark skipped: pass --fonts FOLDER)") }
  print(
    "(fastest round of each; release build; \(ProcessInfo.processInfo.activeProcessorCount) cores)")
}
