// SPDX-License-Identifier: Apache-2.0

internal import CFreeType
internal import CTypeScaleShims
import TypeScaleInternals

/// The owner of one `FT_Library`.
///
/// Wraps `FT_Init_FreeType()` / `FT_Done_FreeType()`.
///
/// FreeType requires that faces of one library be created and destroyed by one thread at a time,
/// so a library is used by one registration at a time: ``FreeTypeLibraryPool`` hands them out.
/// It is `@unchecked Sendable` only so the pool can move it between threads; it is never used by
/// two threads at once.
final class FreeTypeLibrary: @unchecked Sendable {
  let handle: FT_Library

  /// Creates a library.
  ///
  /// - Throws: ``FontError`` when FreeType cannot allocate one (out of memory).
  init() throws(FontError) {
    var library: FT_Library?
    try FreeTypeCheck.call(FT_Init_FreeType(&library), "FT_Init_FreeType", file: "FreeType")
    guard let library else {
      throw FontError(
        .invalidArgument, "FreeType returned no library", function: "FT_Init_FreeType")
    }
    handle = library
  }

  deinit { FT_Done_FreeType(handle) }

  /// FreeType's version as `major.minor.patch`, from `FT_Library_Version` (pkg-config prints a
  /// libtool number instead).
  var version: String {
    var major: FT_Int = 0
    var minor: FT_Int = 0
    var patch: FT_Int = 0
    FT_Library_Version(handle, &major, &minor, &patch)
    return "\(major).\(minor).\(patch)"
  }
}

/// The checkpoint every FreeType status goes through, in this module and in `TypeScaleRender`.
///
/// It names the statuses TypeScale tells apart (FreeType's `FT_Err_*` codes, through the shim);
/// each module turns them into its own error with a `call` of its own.
package enum FreeTypeCheck {
  /// What a non-zero FreeType status means.
  package enum Failure: Equatable, Sendable {
    /// `FT_Err_Unknown_File_Format`: the bytes are not a font FreeType recognises.
    case unknownFileFormat
    /// `FT_Err_Invalid_Argument`: a bad argument, such as a face index past the last face.
    case invalidArgument
    /// `FT_Err_Invalid_Pixel_Size`: no bitmap strike of the requested size.
    case invalidPixelSize
    /// `FT_Err_Out_Of_Memory`.
    case outOfMemory
    /// Any other status: the data is damaged or unsupported.
    case other
  }

  /// The status that stands for "invalid argument", for callers that got no handle and no status.
  package static let invalidArgument: Int32 = CTypeScaleShims_FT_Err_Invalid_Argument

  /// The failure `status` reports, or `nil` for `FT_Err_Ok`.
  package static func failure(_ status: Int32) -> Failure? {
    switch status {
    case CTypeScaleShims_FT_Err_Ok: nil
    case CTypeScaleShims_FT_Err_Unknown_File_Format: .unknownFileFormat
    case CTypeScaleShims_FT_Err_Invalid_Argument: .invalidArgument
    case CTypeScaleShims_FT_Err_Invalid_Pixel_Size: .invalidPixelSize
    case CTypeScaleShims_FT_Err_Out_Of_Memory: .outOfMemory
    default: .other
    }
  }

  /// Throws when `error` is not `FT_Err_Ok`, recording the C function and the file it concerned.
  ///
  /// Errors that mean the bytes are not a font map to ``FontError/Code/corruptFont``, as do out
  /// of memory and everything else, since the bytes made FreeType fail; an invalid argument (a
  /// face index past the last face) to ``FontError/Code/faceIndexOutOfRange``.
  static func call(_ error: FT_Error, _ function: String, file: String) throws(FontError) {
    guard let failure = failure(error) else { return }
    let code: FontError.Code
    let what: String
    switch failure {
    case .unknownFileFormat:
      code = .corruptFont
      what = "is truncated or corrupt: FreeType does not recognise its table directory"
    case .outOfMemory:
      code = .corruptFont
      what = "could not be loaded: out of memory"
    case .invalidArgument:
      code = .faceIndexOutOfRange
      what = "has no such face"
    case .invalidPixelSize, .other:
      code = .corruptFont
      what = "is truncated or corrupt"
    }
    throw FontError(code, "\(file) \(what)", underlying: error, function: function)
  }
}

/// Hands out FreeType libraries, one per concurrent user, and keeps them for reuse.
final class FreeTypeLibraryPool: Sendable {
  private let _free = Locked<[FreeTypeLibrary]>([])

  /// Runs `body` with a library no other thread is using.
  func withLibrary<R>(_ body: (FreeTypeLibrary) throws(FontError) -> R) throws(FontError) -> R {
    let library: FreeTypeLibrary
    if let reused = _free.withLock({ $0.popLast() }) {
      library = reused
    } else {
      library = try FreeTypeLibrary()
    }
    defer { _free.withLock { $0.append(library) } }
    return try body(library)
  }

  /// Frees idle libraries beyond `count` (each holds about 70 KB once it has opened a face).
  func trim(keeping count: Int) {
    _free.withLock { free in
      if free.count > count { free.removeLast(free.count - count) }
    }
  }
}
