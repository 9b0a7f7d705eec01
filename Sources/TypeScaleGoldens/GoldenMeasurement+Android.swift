// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals
import TypeScaleLayout
import TypeScaleMetrics

extension GoldenMeasurement {
  /// Reads an Android record (its `sizing` column starts with `android`): the `style` column is
  /// the Material role or the size in `sp`, the `category` column the font scale (`1.3x`), the
  /// `sizing` column the release, density, `sp` and pixels, `pointSize` the size in `dp`, and
  /// the target `textview` or `compose`.
  static func parseAndroidRecord(
    _ fields: [String: String], place: String
  ) throws(GoldenError) -> GoldenMeasurement {
    let columns = GoldenRecordFields(values: fields, place: place)
    func field(_ column: String) -> String { columns.text(column) }
    func double(_ column: String) throws(GoldenError) -> Double { try columns.number(column) }
    func int(_ column: String) throws(GoldenError) -> Int { try columns.wholeNumber(column) }
    let (android, pixels) = try parseAndroid(
      style: field("style"), step: field("category"), sizing: field("sizing"), place: place)
    guard let target = GoldenCase.target(named: field("target")), target.isAndroid else {
      throw GoldenError(
        .malformedGolden,
        "\(place): target \"\(DisplayText.quoted(field("target")))\" is not textview or compose "
          + "(an Android record)")
    }
    guard let truncation = LayoutOptions.Truncation(rawValue: field("truncation")) else {
      throw GoldenError(
        .malformedGolden,
        "\(place): truncation \"\(DisplayText.quoted(field("truncation")))\" is not tail, head, "
          + "middle or clip")
    }
    let strategy: LayoutOptions.LineBreakStrategy
    do throws(LayoutError) {
      strategy = try LayoutOptions.LineBreakStrategy.parse(field("strategy")).strategy
    } catch {
      throw GoldenError(.malformedGolden, "\(place): \(error.message)", cause: error)
    }
    let isTruncated = try columns.flag("truncated")
    let breaks = try columns.breaks()
    let text = try GoldenText.unescape(field("text"), place: place)
    let widthLimit = field("widthLimit") == "-" ? nil : try double("widthLimit")
    let language = field("language")
    var test = GoldenCase(
      id: field("id"), text: text, font: field("font"), width: widthLimit,
      lineLimit: try int("lineLimit"), truncation: truncation, target: target,
      strategy: strategy, language: language == "-" ? nil : language)
    test.android = android
    var record = GoldenMeasurement(
      testCase: test, pointSize: try double("pointSize"), width: try double("width"),
      height: try double("height"), lineCount: try int("lines"),
      isTruncated: isTruncated, breaks: breaks)
    record.pixelSize = pixels
    return record
  }
}
