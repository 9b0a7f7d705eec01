// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScale

/// The facade and the layout options refuse values outside `ValueRanges` with typed errors
/// naming the value and the range (issue 15, finding 12).
@Suite struct ValueRangeTests {
  fileprivate struct BadOptions: Sendable, CustomTestStringConvertible {
    let name: String
    let options: LayoutOptions
    let message: String
    var testDescription: String { name }
  }

  private static func options(_ change: (inout LayoutOptions) -> Void) -> LayoutOptions {
    var options = LayoutOptions()
    change(&options)
    return options
  }

  private static let badOptions = [
    BadOptions(
      name: "width 1e8", options: LayoutOptions(width: 1e8),
      message: "width 100000000 is not valid; use a finite number in 0…100000 points "
        + "(ValueRanges.maximumPoints), or none for no wrapping"),
    BadOptions(
      name: "width 1e308", options: LayoutOptions(width: 1e308),
      message: "width 1e+308 is not valid; use a finite number in 0…100000 points"),
    BadOptions(
      name: "display scale 1e308", options: options { $0.displayScale = 1e308 },
      message: "display scale 1e+308 is not valid; use a number of pixels per point in 0.5…10 "
        + "(ValueRanges.displayScales), or none for exact sizes"),
    BadOptions(
      name: "display scale 1e-308", options: options { $0.displayScale = 1e-308 },
      message: "display scale 1e-308 is not valid; use a number of pixels per point in 0.5…10"),
    BadOptions(
      name: "display scale 0.25", options: options { $0.displayScale = 0.25 },
      message: "display scale 0.25 is not valid"),
    BadOptions(
      name: "tracking 1e300", options: options { $0.tracking = 1e300 },
      message: "tracking 1e+300 is not valid; use a finite number of points in "
        + "-100000…100000 (ValueRanges.maximumPoints)"),
    BadOptions(
      name: "line spacing 1e6", options: options { $0.lineHeight.spacing = 1e6 },
      message: "line spacing 1000000 is not valid; use a finite number ≥ 0 and ≤ 100000"),
    BadOptions(
      name: "line limit -1", options: LayoutOptions(lineLimit: -1),
      message: "line limit -1 is not valid; use 0 or nil for no limit, or "
        + "1…9223372036854775807"),
  ]

  @Test(arguments: badOptions)
  fileprivate func layoutOptions_outOfRange_throwsNamingTheRange(_ bad: BadOptions) {
    let error = #expect(throws: LayoutError.self) { try bad.options.validate() }
    #expect(error?.code == .invalidOption)
    #expect(error?.message.hasPrefix(bad.message) == true, "\(error?.message ?? "")")
  }

  @Test(arguments: [0, 1, Int.max])
  func layoutOptions_anyLineLimitFromZero_isValid(_ limit: Int) throws {
    try LayoutOptions(lineLimit: limit).validate()
  }

  @Test func dynamicType_layout_widthOutOfRange_throws() throws {
    let dynamicType = DynamicType(registry: try FontRegistry())
    let error = #expect(throws: TypeScaleError.self) {
      try dynamicType.layout("Hello", style: .body, width: 1e7)
    }
    #expect(error?.message.contains("width 10000000 is not valid") == true)
    // The largest width lays out, and its numbers are finite.
    let layout = try dynamicType.layout("Hello", style: .body, width: ValueRanges.maximumPoints)
    #expect(layout.width.isFinite && layout.height.isFinite)
  }

  @Test(arguments: [1e308, 1e-308, 0.4])
  func dynamicType_scaledValue_displayScaleOutOfRange_throws(_ scale: Double) throws {
    var dynamicType = DynamicType(registry: try FontRegistry())
    dynamicType.displayScale = scale
    let error = #expect(throws: TypeScaleError.self) { try dynamicType.scaledValue(for: 16) }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains("in 0.5…10 (ValueRanges.displayScales") == true)
  }

  @Test func dynamicType_scaledFont_sizeOutOfRange_throws() throws {
    let dynamicType = DynamicType(registry: try FontRegistry())
    let error = #expect(throws: TypeScaleError.self) {
      try dynamicType.scaledFont(
        for: BaseFont("Noto Sans", size: 17), textStyle: .body, maximumPointSize: 1e300)
    }
    #expect(error?.message.contains("≤ 100000 (ValueRanges.maximumPoints)") == true)
  }
}
