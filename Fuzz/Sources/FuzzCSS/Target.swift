// SPDX-License-Identifier: Apache-2.0
//
// Parses arbitrary bytes as a stylesheet of @font-face rules, the way GoogleFontsSource reads
// the CSS2 API's answers: every outcome must be rules or a typed error, never a crash or a hang.

import Foundation
import TypeScale
import TypeScaleFontStore

/// The stylesheet's URL, against which relative `url()`s resolve.
private let base = URL(string: "https://fonts.example.com/css2?family=Fuzz")

func fuzzOneInput(_ bytes: UnsafeBufferPointer<UInt8>) {
  let css = String(decoding: bytes, as: UTF8.self)
  do throws(FontStoreError) {
    let faces = try CSSFontFace.parse(css, baseURL: base)
    precondition(!faces.isEmpty, "a stylesheet without rules parsed")
    for face in faces {
      // What the source reads of a rule must be computable for any rule that parses.
      _ = face.fileURL
      _ = face.isVariable
      _ = face.styleDescription
      _ = face.description
      precondition(face.weight.lowerBound <= face.weight.upperBound, "an inverted weight range")
      if let url = face.fileURL {
        let scheme = url.scheme?.lowercased()
        precondition(scheme == "http" || scheme == "https", "a file URL TypeScale cannot fetch")
      }
    }
  } catch {
    precondition(error.code == .invalidArgument, "the parser threw \(error.code)")
    _ = error.message
  }
}

/// libFuzzer's entry point: one input per call.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzOneInput(UnsafeBufferPointer(start: data, count: size))
  return 0
}
