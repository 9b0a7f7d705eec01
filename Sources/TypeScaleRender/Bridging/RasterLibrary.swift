// SPDX-License-Identifier: Apache-2.0

internal import CFreeType
import TypeScaleFonts

/// The renderer's own `FT_Library`, in which it opens the faces it draws with.
///
/// Wraps `FT_Init_FreeType()` / `FT_Done_FreeType()`.
///
/// Not `Sendable`: FreeType objects of one library are used by one thread at a time, so
/// ``Renderer`` keeps the library, its faces and the glyph cache behind one mutex.
final class RasterLibrary {
  let handle: FT_Library

  /// Creates a library.
  ///
  /// - Throws: ``RenderError/Code/freeType`` when FreeType cannot allocate one (out of memory).
  init() throws(RenderError) {
    var library: FT_Library?
    try FreeTypeCheck.call(FT_Init_FreeType(&library), "FT_Init_FreeType", "FreeType")
    guard let library else {
      throw RenderError(.freeType, "FreeType returned no library", function: "FT_Init_FreeType")
    }
    handle = library
  }

  deinit { FT_Done_FreeType(handle) }
}

extension FreeTypeCheck {
  /// Throws when `error` is not `FT_Err_Ok`, naming the C function and what it concerned.
  ///
  /// - Parameters:
  ///   - error: The status FreeType returned.
  ///   - function: The C function that returned it.
  ///   - subject: What it was working on, such as `NotoSans-Regular glyph 42`.
  /// - Throws: ``RenderError/Code/freeType``.
  static func call(
    _ error: FT_Error, _ function: String, _ subject: @autoclosure () -> String
  ) throws(RenderError) {
    guard let failure = failure(error) else { return }
    let what: String
    switch failure {
    case .unknownFileFormat: what = "is not a font FreeType recognises"
    case .invalidArgument: what = "was given an invalid argument"
    case .invalidPixelSize: what = "has no bitmap strike of that size"
    case .outOfMemory: what = "could not be drawn: out of memory"
    case .other: what = "could not be drawn: its data is damaged or unsupported"
    }
    throw RenderError(
      .freeType,
      "\(subject()) \(what); check the font file with 'typescale fonts inspect'",
      underlying: error, function: function)
  }
}
