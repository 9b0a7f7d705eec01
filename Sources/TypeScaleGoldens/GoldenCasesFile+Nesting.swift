// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

extension GoldenCasesFile {
  /// The deepest nesting of arrays and objects a cases file may have: 32.
  ///
  /// A cases file nests five levels (the file, `sets`, a set, its `texts`, a text); the limit
  /// leaves room to spare. It is checked in one pass over the bytes before the JSON is decoded,
  /// because decoding a deeply nested document costs time that grows with the square of its
  /// depth (16 KB of `[[[[…` took 22 s). A constant.
  public static let maximumNestingDepth = 32

  /// Throws when `data` nests arrays and objects deeper than ``maximumNestingDepth``.
  ///
  /// The message names the line and column of the first bracket past the limit. Linear in the
  /// size; brackets inside strings do not count.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - name: The file name, for messages.
  /// - Throws: ``GoldenError/Code/malformedCases``.
  static func checkNesting(_ data: Data, name: String) throws(GoldenError) {
    var depth = 0
    var inString = false
    var escaped = false
    var line = 1
    var column = 0
    var failure: (line: Int, column: Int)?
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      for byte in bytes {
        column += 1
        if byte == 0x0A {
          line += 1
          column = 0
        }
        if inString {
          if escaped {
            escaped = false
          } else if byte == 0x5C {  // backslash
            escaped = true
          } else if byte == 0x22 {  // quotation mark
            inString = false
          }
          continue
        }
        switch byte {
        case 0x22: inString = true
        case 0x5B, 0x7B:  // [ {
          depth += 1
          if depth > maximumNestingDepth {
            failure = (line, column)
            return
          }
        case 0x5D, 0x7D: depth = max(0, depth - 1)  // ] }
        default: break
        }
      }
    }
    guard let failure else { return }
    throw GoldenError(
      .malformedCases,
      "\(name):\(failure.line):\(failure.column): arrays and objects nest deeper than "
        + "\(maximumNestingDepth) levels (GoldenCasesFile.maximumNestingDepth); a cases file "
        + "needs five")
  }
}
