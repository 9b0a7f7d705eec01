// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleMetrics
import TypeScaleTestSupport

@testable import TypeScaleFonts
@testable import TypeScaleLayout

/// Descriptions of non-finite and huge values.
///
/// Every public `description` that prints a floating-point value prints non-finite and huge
/// values as text (`inf`, `-inf`, `nan`, `1e+20`) and never traps. A type whose initializer
/// refuses a value is held to the formatter its description calls (`NumberText`).
@Suite struct HugeValueDescriptionTests {
  /// The values, and what `NumberText.shortest(_:)` prints for each.
  static let values: [(Double, String)] = [
    (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"), (1e20, "1e+20"),
    (1e300, "1e+300"), (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (-1e20, "-1e+20"),
  ]

  @Test(arguments: values)
  func shortest(value: Double, text: String) {
    #expect(NumberText.shortest(value) == text)
  }

  /// `LayoutFont` refuses a size that is not finite and positive; any other prints in full.
  @Test(arguments: values)
  func layoutFont(value: Double, text: String) throws {
    let face = try FontFixture.defaultFont().face
    if value.isFinite, value > 0 {
      let font = try LayoutFont(face: face, pointSize: value)
      #expect(font.description == "\(face.postScriptName) \(text)pt")
    } else {
      #expect(throws: LayoutError.self) { try LayoutFont(face: face, pointSize: value) }
    }
  }

  @Test(arguments: values)
  func fontSlope(value: Double, text: String) {
    #expect(FontSlope.oblique(degrees: value).description == "oblique \(text)°")
  }

  /// `FontWidth` refuses a width that is not finite and positive.
  @Test(arguments: values)
  func fontWidth(value: Double, text: String) throws {
    if value.isFinite, value > 0 {
      #expect(try FontWidth(percent: value).description == "\(text)%")
    } else {
      #expect(throws: FontError.self) { try FontWidth(percent: value) }
    }
  }

  @Test(arguments: values)
  func variationAxisAndNamedInstance(value: Double, text: String) {
    let axis = VariationAxis(
      tag: "wght", name: "Weight", minimum: value, defaultValue: value, maximum: value)
    #expect(axis.description == "wght \(text)…\(text) (default \(text))")
    let instance = NamedInstance(
      styleName: "Bold", postScriptName: nil, coordinates: ["wght": value])
    #expect(instance.description == "Bold (wght \(text))")
  }

  /// `DesignSize` and `ResolvedSize` refuse such sizes; their descriptions print
  /// `NumberText.shortest` of the points, and the largest size accepted prints as it is.
  @Test func designSize() throws {
    #expect(throws: MetricsError.self) { try DesignSize(.infinity) }
    #expect(throws: MetricsError.self) { try DesignSize(.nan) }
    #expect(throws: MetricsError.self) { try DesignSize(1e20) }
    #expect(try DesignSize(17.5).description == "17.5pt")
  }

  /// The lengths of `TextLayout`, `Line`, `GlyphRun` and `CategoryLayout` descriptions: at most
  /// two decimals, trimmed, every integer digit printed (what `printf("%.2f")` prints).
  @Test(arguments: values)
  func layoutLengths(value: Double, text: String) {
    var expected = String(format: "%.2f", value)
    if expected.hasSuffix(".00") { expected.removeLast(3) }
    #expect(NumberText.fixed(value, decimals: 2, trimsZeros: true) == expected)
    if value.isFinite {
      #expect(expected.count > 20)
    } else {
      #expect(expected == text)
    }
  }
}
