// SPDX-License-Identifier: Apache-2.0

/// The status a C library reported for a failure, and the function that reported it, as
/// `FontError` (FreeType, Fontconfig) and `RenderError` (FreeType, libpng) keep them.
public struct CStatus: Hashable, Sendable {
  /// The C status behind the failure, if any, such as an `FT_Error`.
  public let code: Int32?
  /// The C function that reported the failure, if any, such as `FT_Open_Face`.
  public let function: String?

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - code: The C status, if any.
  ///   - function: The C function that reported it, if any.
  public init(_ code: Int32?, function: String?) {
    self.code = code
    self.function = function
  }
}

/// A `StoredError` that also keeps the `CStatus` a C library reported.
public protocol CStatusError: StoredError {
  /// The C status and function, if a C library reported the failure.
  var status: CStatus { get }
}

extension CStatusError {
  /// The C status behind the failure, if any (`CStatus/code`): an `FT_Error`, or libpng's 0
  /// return.
  public var underlying: Int32? { status.code }
  /// The C function that reported `underlying`, if any, such as `FT_Open_Face`.
  public var function: String? { status.function }
  /// The C status and function, which equality and hashing compare besides the code and the
  /// message.
  public var comparedDetails: [AnyHashable] { [underlying, function] }
}
