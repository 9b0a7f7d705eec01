// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleMetrics

/// `MetricsError` as a `LocalizedError`, so `error.localizedDescription` is its message.
///
/// `TypeScaleMetrics` has no Foundation, so the conformance lives here, in the first module
/// above it that imports Foundation; every module that throws a `MetricsError` onward links this
/// one. A program that links only `TypeScaleMetrics` gets Foundation's generic description.
/// (Both modules are in this package, so the conformance is not retroactive: the compiler
/// refuses `@retroactive` here and warns about nothing.)
extension MetricsError: LocalizedError {}

extension LocalizedError where Self: CodedError {
  /// The message, for `error.localizedDescription`: every TypeScale error's in a module that
  /// links this one (`StringsError`, whose module does not, gives its own).
  public var errorDescription: String? { message }
}
