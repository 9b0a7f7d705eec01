// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import TypeScaleFontStore

/// `CSSFontFace.Style`'s description prints infinite and huge angles as text, without trapping.
@Suite struct CSSFontStyleDescriptionTests {
  @Test(arguments: [
    (-Double.infinity, Double.infinity, "oblique -infdeg infdeg"),
    (1e20, 1e20, "oblique 1e+20deg"), (1e300, 1e300, "oblique 1e+300deg"),
    (-1e20, Double.greatestFiniteMagnitude, "oblique -1e+20deg 1.7976931348623157e+308deg"),
  ])
  func obliqueAngles(lower: Double, upper: Double, text: String) {
    #expect(CSSFontFace.Style.oblique(lower...upper).description == text)
  }
}
