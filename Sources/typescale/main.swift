// SPDX-License-Identifier: Apache-2.0

import TypeScaleCLI
import TypeScaleInternals

// With `-static-stdlib` (a release build on Linux, see Package.swift) the link needs the static
// libraries behind Foundation's networking and XML modules (libcurl's and libxml2's interfaces,
// CoreFoundation, ICU's data): importing the modules here lists them for the linker.
#if os(Linux) && canImport(FoundationNetworking) && canImport(FoundationXML)
  import FoundationNetworking
  import FoundationXML
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Writes all of `bytes` to a file descriptor, retrying after interruptions
/// (`SystemCall.writeAll(_:_:)`); gives up quietly when the reader has gone away (EPIPE).
func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
  _ = SystemCall.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
}

/// Writes to a file descriptor; the CLI library itself never touches the process's streams.
struct FileDescriptorStream: TextOutputStream {
  let descriptor: Int32
  mutating func write(_ string: String) {
    var text = string
    text.withUTF8 { writeAll(descriptor, $0) }
  }
}

/// Runs the tool on this process's arguments and standard streams.
func runTool() async -> Int32 {
  var standardOutput = FileDescriptorStream(descriptor: 1)
  var standardError = FileDescriptorStream(descriptor: 2)
  return await CLI.main(
    arguments: Array(CommandLine.arguments.dropFirst()), output: &standardOutput,
    errorOutput: &standardError)
}

exit(await runTool())
