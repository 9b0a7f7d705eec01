// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleGoldens
import TypeScaleMetrics
import TypeScaleTestSupport

@Suite struct GoldenErrorCauseTests {
  /// A suite whose font file is missing fails to record with `measurement`, naming the alias,
  /// and keeps the registry's `FontError` as the cause.
  @Test func record_missingFontFile_keepsTheFontError() throws {
    let folder = try Fixtures.temporaryDirectory("golden-cause")
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = """
      {"format": 1, "fonts": {"brand": "Fonts/missing.ttf"},
       "sets": [{"name": "a", "font": "brand", "styles": ["body"], "categories": ["L"],
                 "texts": {"hi": "Hi"}}]}
      """
    let suite = try GoldenCasesFile.parse(Data(json.utf8), name: "ui.cases")
    let error = #expect(throws: GoldenError.self) {
      try GoldenMeasurer().measure(suite, baseDirectory: folder)
    }
    #expect(error?.code == .measurement)
    #expect(error?.message.contains("font brand:") == true, "\(error?.message ?? "")")
    let cause = error?.underlying as? FontError
    #expect(cause?.code == .fileNotFound)
    #expect(cause.map { error?.message.hasSuffix($0.message) == true } == true)
    #expect(error?.localizedDescription == error?.message)
  }

  /// A layout failure given its case's name keeps its code and its cause.
  @Test func goldenLayoutsFailure_prefixedKeepsCodeAndCause() {
    let cause = MetricsError(.unknownCategory, "unknown content-size category \"AX9\"")
    let failure = GoldenLayouts.Failure(.layout, "style x: \(cause.message)", cause: cause)
    let prefixed = failure.prefixed("case a/b")
    #expect(prefixed.code == .layout)
    #expect(prefixed.message == "case a/b: style x: \(cause.message)")
    #expect((prefixed.underlying as? MetricsError) == cause)
    #expect("\(prefixed)" == prefixed.message)
  }
}
