// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleLayout
import TypeScaleRender

/// The one font registry the layout and render tests share, with its engine and renderer.
///
/// Building a registry opens the embedded fonts, so the suites build it once per process;
/// fixture fonts from `Tests/Fixtures/Fonts/` are registered into it on first use.
///
/// ```swift
/// let layout = try FontFixture.engine().layout(
///   "Hello", font: try FontFixture.defaultFont(), options: LayoutOptions(width: 100))
/// ```
public enum FontFixture {
  /// The shared registry: the embedded fonts, plus the fixture fonts tests have asked for.
  public static let registry: FontRegistry = {
    do {
      return try FontRegistry()
    } catch {
      preconditionFailure("the embedded fonts must load: \(error)")
    }
  }()

  /// The renderer over the shared registry.
  public static let renderer = Renderer(registry: registry)

  /// One engine over the shared registry, whose shape cache every user shares; what
  /// ``layout(_:font:width:lines:)`` uses.
  public static let sharedEngine = TextLayoutEngine(registry: registry)

  /// A fresh engine (its own shape cache) over the shared registry.
  ///
  /// - Returns: The engine.
  public static func engine() -> TextLayoutEngine { TextLayoutEngine(registry: registry) }

  /// The embedded default face at a size.
  ///
  /// - Parameter size: The point size; 17 by default.
  /// - Returns: The font.
  /// - Throws: `LayoutError` for a size the engine refuses.
  public static func defaultFont(_ size: Double = 17) throws -> LayoutFont {
    try LayoutFont(face: registry.defaultFace, pointSize: size)
  }

  /// A fixture font file's first face at a size, registered once.
  ///
  /// - Parameters:
  ///   - file: The file's name in `Tests/Fixtures/Fonts/`, such as `Fixture-Bold.ttf`.
  ///   - size: The point size; 17 by default.
  /// - Returns: The font.
  /// - Throws: `FontError` when the file does not register, `LayoutError` for a refused size.
  public static func fixtureFont(_ file: String, size: Double = 17) throws -> LayoutFont {
    let faces = try registry.register(fileAt: Fixtures.font(file))
    guard let face = faces.first else { preconditionFailure("\(file) has no face") }
    return try LayoutFont(face: face, pointSize: size)
  }

  /// Lays text out with a shared engine.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - font: The font; the embedded default at 17 pt when `nil`.
  ///   - width: The width to wrap at; unbounded when `nil`.
  ///   - lines: The line limit; none when `nil`.
  /// - Returns: The layout.
  /// - Throws: `LayoutError` for options the engine refuses.
  public static func layout(
    _ text: String, font: LayoutFont? = nil, width: Double? = nil, lines: Int? = nil
  ) throws -> TextLayout {
    try sharedEngine.layout(
      text, font: try font ?? defaultFont(), options: LayoutOptions(width: width, lineLimit: lines))
  }
}
