// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleLayout

@Suite struct LayoutErrorTests {
  /// Every metrics failure under layout is a bad option, with the message and the cause kept.
  @Test(arguments: [
    MetricsError(.invalidSize, "maximum point size -1 is not a valid point size"),
    MetricsError(.styleNotInTable, "extraLargeTitle has no scaling data"),
    MetricsError(.categoryNotInTable, "watchOS has no column for AX5"),
  ])
  func init_metricsError_isInvalidOption(_ original: MetricsError) {
    let error = LayoutError(original)
    #expect(error.code == .invalidOption)
    #expect(error.message == original.message)
    #expect((error.underlying as? MetricsError) == original)
    #expect(error.localizedDescription == original.message)
  }

  @Test(arguments: [
    (FontError.Code.invalidArgument, LayoutError.Code.invalidOption),
    (.fileNotFound, .fontUnavailable),
    (.corruptFont, .fontUnavailable),
    (.tooLarge, .fontUnavailable),
  ])
  func init_fontError_keepsBadInputApart(_ code: FontError.Code, _ expected: LayoutError.Code) {
    let original = FontError(code, "the registry said \(code)")
    let error = LayoutError(original)
    #expect(error.code == expected)
    #expect(error.message == original.message)
    #expect((error.underlying as? FontError) == original)
  }

  /// A sweep whose maximum point size the metrics engine refuses throws the metrics error's
  /// message as `invalidOption`, with the `MetricsError` as the cause.
  @Test func sweep_invalidMaximumPointSize_keepsTheMetricsError() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let error = #expect(throws: LayoutError.self) {
      try engine.sweep("Hi", font: font, maximumPointSize: -1)
    }
    #expect(error?.code == .invalidOption)
    let cause = error?.underlying as? MetricsError
    #expect(cause?.code == .invalidSize)
    #expect(cause?.message == error?.message)
  }

  /// A style the table has no scaling data for is a bad option, caused by the table lookup.
  @Test func sweep_styleNotInTable_keepsTheMetricsError() throws {
    let engine = FontFixture.engine()
    let font = try FontFixture.defaultFont()
    let error = #expect(throws: LayoutError.self) {
      try engine.sweep("Hi", font: font, sizing: .relative(to: .extraLargeTitle))
    }
    #expect(error?.code == .invalidOption)
    #expect((error?.underlying as? MetricsError)?.code == .styleNotInTable)
  }
}
