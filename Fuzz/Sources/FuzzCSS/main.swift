// SPDX-License-Identifier: Apache-2.0
//
// The libFuzzer driver: `LLVMFuzzerTestOneInput` is in Target.swift (it must not be in
// main.swift, reference/toolchain.md); this calls libFuzzer's own main loop.

typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: TestOneInput
) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
_ = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
  fuzzOneInput(UnsafeBufferPointer(start: data, count: size))
  return 0
}
