// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// One registry and engine for the layout tests: building a registry opens the embedded fonts.
enum LayoutFixture {
  static let registry: FontRegistry = {
    do {
      return try FontRegistry()
    } catch {
      preconditionFailure("the embedded fonts must load: \(error)")
    }
  }()

  /// A fresh engine (its own shape cache) over the shared registry.
  static func engine() -> TextLayoutEngine { TextLayoutEngine(registry: registry) }

  /// The embedded default face at a size.
  static func defaultFont(_ size: Double = 17) throws -> LayoutFont {
    try LayoutFont(face: registry.defaultFace, pointSize: size)
  }

  /// A fixture font file's first face at a size, registered once.
  static func fixtureFont(_ file: String, size: Double = 17) throws -> LayoutFont {
    let faces = try registry.register(fileAt: Fixtures.font(file))
    guard let face = faces.first else { preconditionFailure("\(file) has no face") }
    return try LayoutFont(face: face, pointSize: size)
  }
}
