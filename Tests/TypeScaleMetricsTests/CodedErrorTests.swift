// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleMetrics

/// The shape every TypeScale error shares: description, equality and hashing by default.
@Suite struct CodedErrorTests {
  private struct Cause: Error, Sendable {}

  /// A wrapping error of a test's own, with the protocol's defaults only.
  private struct Wrapper: ConvertingError, StoredError {
    enum Code: String, ErrorCode {
      case badValue, failed
    }
    let fields: ErrorFields<Code>
    init(fields: ErrorFields<Code>) { self.fields = fields }
    static func code(converting error: any CodedError) -> Code {
      (error as? MetricsError)?.code == .invalidSize ? .badValue : .failed
    }
  }

  @Test func description_isTheMessage() {
    let error = MetricsError(.invalidSize, "size -1 is not a valid point size")
    #expect(error.description == "size -1 is not a valid point size")
    #expect("\(error)" == "size -1 is not a valid point size")
  }

  @Test func equality_comparesCodeAndMessage_notTheCause() {
    let plain = MetricsError(.invalidSize, "m")
    #expect(plain == MetricsError(.invalidSize, "m", cause: Cause()))
    #expect(plain.hashValue == MetricsError(.invalidSize, "m", cause: Cause()).hashValue)
    #expect(plain != MetricsError(.invalidValue, "m"))
    #expect(plain != MetricsError(.invalidSize, "n"))
  }

  @Test func converting_keepsTheMessageAndTheCause_andTakesTheTypesCode() throws {
    let lower = MetricsError(.invalidSize, "size -1 is not a valid point size")
    let wrapped = Wrapper(lower)
    #expect(wrapped.code == .badValue)
    #expect(wrapped.message == lower.message)
    #expect(try #require(wrapped.cause as? MetricsError) == lower)
    #expect(Wrapper(MetricsError(.unknownCategory, "x")).code == .failed)
  }

  @Test func code_isItsName() {
    #expect(MetricsError.Code.invalidSize.description == "invalidSize")
    #expect("\(Wrapper.Code.badValue)" == "badValue")
  }

  @Test func labelledInit_storesTheFields() throws {
    let error = Wrapper(code: .failed, message: "m", cause: Cause())
    #expect(error.code == .failed)
    #expect(error.message == "m")
    #expect(error.cause is Cause)
    #expect(error == Wrapper(fields: ErrorFields(.failed, "m")))
  }

  @Test func cStatus_isComparedAndKeptApart() {
    let status = CStatus(2, function: "FT_Open_Face")
    #expect(status.code == 2)
    #expect(status.function == "FT_Open_Face")
    #expect(status != CStatus(nil, function: "FT_Open_Face"))
  }
}
