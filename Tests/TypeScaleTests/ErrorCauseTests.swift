// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScale
import TypeScaleFontStore
import TypeScaleGoldens
import TypeScaleRender
import TypeScaleTestSupport

/// One error of each public type, with the message it was made with.
struct ErrorSample: Sendable, CustomTestStringConvertible {
  let type: String
  let error: any Error & Sendable
  let message: String

  var testDescription: String { type }

  static let all: [ErrorSample] = [
    ErrorSample(
      type: "MetricsError", error: MetricsError(.invalidSize, "size -1 is not valid"),
      message: "size -1 is not valid"),
    ErrorSample(
      type: "FontError",
      error: FontError(.corruptFont, "a.ttf is damaged", underlying: 3, function: "FT_Open_Face"),
      message: "a.ttf is damaged"),
    ErrorSample(
      type: "LayoutError", error: LayoutError(.invalidOption, "width -1 is not valid"),
      message: "width -1 is not valid"),
    ErrorSample(
      type: "RenderError",
      error: RenderError(.png, "not a PNG file", function: "png_image_begin_read_from_memory"),
      message: "not a PNG file"),
    ErrorSample(
      type: "GoldenError", error: GoldenError(.malformedGolden, "ui.golden:3: bad number"),
      message: "ui.golden:3: bad number"),
    ErrorSample(
      type: "FontStoreError",
      error: FontStoreError(.httpStatus, "GET x answered 404", statusCode: 404),
      message: "GET x answered 404"),
    ErrorSample(
      type: "TypeScaleError", error: TypeScaleError(.invalidValue, "value nan is not finite"),
      message: "value nan is not finite"),
  ]
}

@Suite struct ErrorCauseTests {
  // MARK: - Every type

  /// `localizedDescription` is the message, not "The operation could not be completed", and
  /// `print(error)` starts with it (FontError and RenderError add the C call after it).
  @Test(arguments: ErrorSample.all)
  func localizedDescription_isTheMessage(_ sample: ErrorSample) {
    #expect(sample.error.localizedDescription == sample.message)
    #expect((sample.error as? any LocalizedError)?.errorDescription == sample.message)
    #expect("\(sample.error)".hasPrefix(sample.message))
  }

  /// Equality and hashing leave the cause out: the same code and message are the same error.
  @Test func equality_ignoresTheCause() {
    let cause = MetricsError(.invalidSize, "size -1 is not valid")
    let pairs: [(AnyHashable, AnyHashable)] = [
      (MetricsError(.invalidValue, "m", cause: cause), MetricsError(.invalidValue, "m")),
      (FontError(.notAFont, "f", cause: cause), FontError(.notAFont, "f")),
      (LayoutError(.invalidOption, "l", cause: cause), LayoutError(.invalidOption, "l")),
      (RenderError(.layout, "r", cause: cause), RenderError(.layout, "r")),
      (GoldenError(.measurement, "g", cause: cause), GoldenError(.measurement, "g")),
      (FontStoreError(.storage, "s", cause: cause), FontStoreError(.storage, "s")),
      (TypeScaleError(.invalidValue, "t", cause: cause), TypeScaleError(.invalidValue, "t")),
    ]
    for (with, without) in pairs {
      #expect(with == without)
      #expect(with.hashValue == without.hashValue)
    }
    #expect(LayoutError(.invalidOption, "l") != LayoutError(.engineFailure, "l"))
    #expect(TypeScaleError(.invalidValue, "t") != TypeScaleError(.invalidValue, "u"))
    #expect(FontError(.notAFont, "f", underlying: 1) != FontError(.notAFont, "f", underlying: 2))
  }

  @Test func code_descriptionIsItsName() {
    #expect(LayoutError.Code.fontUnavailable.description == "fontUnavailable")
    #expect(TypeScaleError.Code.layoutFailed.description == "layoutFailed")
    #expect(GoldenError.Code.invalidSetting.description == "invalidSetting")
  }

  // MARK: - Conversions

  static let metricsErrors: [MetricsError] = [
    MetricsError(.invalidSize, "size -1 is not a valid point size"),
    MetricsError(.invalidValue, "value nan is not finite"),
    MetricsError(.unknownCategory, "unknown content-size category \"huge\""),
    MetricsError(.categoryNotInTable, "watchOS has no column for AX5"),
  ]

  @Test(arguments: metricsErrors)
  func fromMetricsError_isBadInputEverywhere(_ original: MetricsError) {
    let layout = LayoutError(original)
    #expect(layout.code == .invalidOption)
    #expect(layout.message == original.message)
    #expect((layout.underlying as? MetricsError) == original)

    let entry = TypeScaleError(original)
    #expect(entry.code == .invalidValue)
    #expect(entry.message == original.message)
    #expect((entry.underlying as? MetricsError) == original)

    let golden = GoldenError(original)
    #expect(golden.code == .measurement)
    #expect(golden.message == original.message)
    #expect((golden.underlying as? MetricsError) == original)
  }

  /// A layout code and what each layer above makes of it.
  struct LayoutRow: Sendable, CustomTestStringConvertible {
    let code: LayoutError.Code
    let entry: TypeScaleError.Code
    let render: RenderError.Code
    var testDescription: String { "\(code)" }
  }

  static let layoutRows: [LayoutRow] = [
    LayoutRow(code: .invalidOption, entry: .invalidValue, render: .invalidOption),
    LayoutRow(code: .fontUnavailable, entry: .layoutFailed, render: .font),
    LayoutRow(code: .engineFailure, entry: .layoutFailed, render: .layout),
  ]

  @Test(arguments: layoutRows)
  func fromLayoutError_keepsBadInputApart(_ row: LayoutRow) {
    let code = row.code
    let entryCode = row.entry
    let renderCode = row.render
    let original = LayoutError(code, "layout said \(code)")
    let entry = TypeScaleError(original)
    #expect(entry.code == entryCode)
    #expect(entry.message == original.message)
    #expect((entry.underlying as? LayoutError) == original)

    let render = RenderError(original)
    #expect(render.code == renderCode)
    #expect(render.message == original.message)
    #expect((render.cause as? LayoutError) == original)
    #expect(render.underlying == nil && render.function == nil)

    let golden = GoldenError(original)
    #expect(golden.code == .measurement)
    #expect((golden.underlying as? LayoutError) == original)
  }

  /// A registry code and what each layer above makes of it.
  struct FontRow: Sendable, CustomTestStringConvertible {
    let code: FontError.Code
    let layout: LayoutError.Code
    let entry: TypeScaleError.Code
    let render: RenderError.Code
    let store: FontStoreError.Code
    var testDescription: String { "\(code)" }

    init(
      _ code: FontError.Code, _ layout: LayoutError.Code, _ entry: TypeScaleError.Code,
      _ render: RenderError.Code, _ store: FontStoreError.Code
    ) {
      self.code = code
      self.layout = layout
      self.entry = entry
      self.render = render
      self.store = store
    }
  }

  static let fontRows: [FontRow] = [
    FontRow(.invalidArgument, .invalidOption, .invalidValue, .invalidOption, .corrupt),
    FontRow(.fileNotFound, .fontUnavailable, .layoutFailed, .font, .storage),
    FontRow(.unreadableFile, .fontUnavailable, .layoutFailed, .font, .storage),
    FontRow(.notAFont, .fontUnavailable, .layoutFailed, .font, .notAFont),
    FontRow(.corruptFont, .fontUnavailable, .layoutFailed, .font, .corrupt),
    FontRow(.faceIndexOutOfRange, .fontUnavailable, .layoutFailed, .font, .corrupt),
    FontRow(.duplicatePostScriptName, .fontUnavailable, .layoutFailed, .font, .conflict),
    FontRow(.notRegistered, .fontUnavailable, .layoutFailed, .font, .corrupt),
    FontRow(.defaultFontMissing, .fontUnavailable, .layoutFailed, .font, .corrupt),
    FontRow(.tooLarge, .fontUnavailable, .layoutFailed, .font, .tooLarge),
  ]

  @Test(arguments: fontRows)
  func fromFontError_mapsEachCode(_ row: FontRow) {
    let code = row.code
    let layoutCode = row.layout
    let entryCode = row.entry
    let renderCode = row.render
    let storeCode = row.store
    let original = FontError(code, "the registry said \(code)", underlying: 2, function: "FT_X")

    let layout = LayoutError(original)
    #expect(layout.code == layoutCode)
    #expect(layout.message == original.message)
    #expect((layout.underlying as? FontError) == original)

    let entry = TypeScaleError(original)
    #expect(entry.code == entryCode)
    #expect(entry.message == original.message)
    #expect((entry.underlying as? FontError) == original)

    let render = RenderError(original)
    #expect(render.code == renderCode)
    #expect(render.message == original.message)
    #expect((render.cause as? FontError) == original)

    let store = FontStoreError(original)
    #expect(store.code == storeCode)
    #expect(store.message == original.message)
    #expect(store.fontError == original)
    #expect((store.underlying as? FontError) == original)

    let golden = GoldenError(original)
    #expect(golden.code == .measurement)
    #expect(golden.message == original.message)
    #expect((golden.underlying as? FontError) == original)
  }

  @Test func goldenError_fromTypeScaleError_keepsIt() {
    let original = TypeScaleError(.invalidValue, "style body: size nan", problems: ["$.a: b"])
    let golden = GoldenError(original)
    #expect(golden.code == .measurement)
    #expect(golden.message == original.message)
    #expect((golden.underlying as? TypeScaleError) == original)
  }

  @Test func fontStoreError_givenOnlyAFontError_hasItAsCause() {
    let fontError = FontError(.notAFont, "x is not a font")
    let store = FontStoreError(.conflict, "y", fontError: fontError)
    #expect((store.underlying as? FontError) == fontError)
    let cause = CocoaError(.fileWriteNoPermission)
    let both = FontStoreError(.storage, "z", fontError: fontError, cause: cause)
    #expect((both.underlying as? CocoaError)?.code == .fileWriteNoPermission)
  }

  // MARK: - Through the entry point

  private static let registry: FontRegistry = {
    do {
      return try FontRegistry()
    } catch {
      preconditionFailure("the embedded fonts must load: \(error)")
    }
  }()

  /// An invalid option, and the message naming it.
  struct BadOption: Sendable, CustomTestStringConvertible {
    let name: String
    let displayScale: Double
    let width: Double?
    let options: LayoutOptions
    let message: String
    var testDescription: String { name }
  }

  static let badOptions: [BadOption] = [
    BadOption(
      name: "display scale 20", displayScale: 20, width: nil, options: LayoutOptions(),
      message: "display scale 20"),
    BadOption(
      name: "width -1", displayScale: 3, width: -1, options: LayoutOptions(),
      message: "width -1"),
    BadOption(
      name: "options display scale 0", displayScale: 3, width: nil,
      options: {
        var options = LayoutOptions()
        options.displayScale = 0
        return options
      }(), message: "display scale 0"),
  ]

  /// A bad option is bad input at the entry point too (`invalidValue`, not `layoutFailed`),
  /// with the engine's message and its `LayoutError` as the cause.
  @Test(arguments: badOptions)
  func dynamicTypeLayout_invalidOption_isInvalidValue(_ bad: BadOption) {
    let base = DynamicType(registry: Self.registry, displayScale: bad.displayScale)
    let error = #expect(throws: TypeScaleError.self) {
      try base.layout("Hi", style: .body, width: bad.width, options: bad.options)
    }
    #expect(error?.code == .invalidValue)
    #expect(error?.message.contains(bad.message) == true, "\(error?.message ?? "")")
    let cause = error?.underlying as? LayoutError
    #expect(cause?.code == .invalidOption)
    #expect(cause?.message == error?.message)
    #expect(error?.localizedDescription == error?.message)

    let sweep = #expect(throws: TypeScaleError.self) {
      try base.sweep("Hi", style: .body, width: bad.width, options: bad.options)
    }
    #expect(sweep?.code == .invalidValue)
    #expect((sweep?.underlying as? LayoutError)?.code == .invalidOption)
  }

  @Test func dynamicTypeScaledValue_notFinite_keepsTheMetricsError() {
    let base = DynamicType(registry: Self.registry)
    let error = #expect(throws: TypeScaleError.self) {
      try base.scaledValue(for: .nan)
    }
    #expect(error?.code == .invalidValue)
    let cause = error?.underlying as? MetricsError
    #expect(cause?.code == .invalidValue)
    #expect(cause?.message == error?.message)
  }
}
