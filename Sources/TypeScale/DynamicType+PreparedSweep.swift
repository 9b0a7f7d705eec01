// SPDX-License-Identifier: Apache-2.0

extension DynamicType {
  /// A sweep with its font, sizes and options resolved once, for laying out many texts in one
  /// style: a feed server's cell heights, `typescale check`'s thousands of translations.
  ///
  /// ``sweep(_:style:width:options:)`` resolves the style's font in the registry (CSS matching)
  /// and its options on every call; a prepared sweep does that once, and each
  /// ``sweep(_:language:)`` is the engine's shape-once sweep alone. The layouts are the same as
  /// ``sweep(_:token:width:options:)``'s for the same text and options (tested over every text
  /// style and a table of texts and languages).
  ///
  /// ```swift
  /// let cells = try dynamicType.preparedSweep(style: .body, width: 343)
  /// for message in ["Hello", "안녕하세요"] {
  ///   let heights = try cells.sweep(message).map(\.layout.height)
  ///   print(message, heights)
  /// }
  /// ```
  ///
  /// The font is the registry's match when the sweep was prepared: register fonts first.
  public struct PreparedSweep: Sendable {
    let engine: TextLayoutEngine
    let font: LayoutFont
    let scale: ContentSizeScale
    let options: LayoutOptions

    /// Lays a text out at every category of the range, shaping once.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - language: A BCP 47 language for this text (line breaking, shaping), or `nil` for the
    ///     prepared options' language.
    /// - Returns: One layout per category of the range, smallest first.
    /// - Throws: ``TypeScaleError``: `layoutFailed` when a font file cannot be read or the
    ///   engine fails.
    public func sweep(_ text: String, language: String? = nil) throws(TypeScaleError)
      -> [CategoryLayout]
    {
      var options = options
      if let language { options.language = language }
      do throws(LayoutError) {
        return try engine.sweep(text, font: font, scale: scale, options: options)
      } catch {
        throw TypeScaleError(error)
      }
    }
  }

  /// Resolves a style's sweep once, for many texts; see ``PreparedSweep``.
  ///
  /// - Parameters:
  ///   - style: The text style.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options, as ``sweep(_:style:width:options:)`` takes them.
  /// - Returns: The prepared sweep.
  /// - Throws: ``TypeScaleError`` as ``sweep(_:style:width:options:)`` throws for a bad option
  ///   or size.
  public func preparedSweep(
    style: TextStyle, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> PreparedSweep {
    try preparedSweep(entry: typography.entry(for: style), width: width, options: options)
  }

  /// Resolves a text style's or custom token's sweep once, for many texts; see
  /// ``PreparedSweep``.
  ///
  /// - Parameters:
  ///   - token: The style or token.
  ///   - width: The wrapping width in points, 0…`ValueRanges.maximumPoints`, or `nil`.
  ///   - options: Other options, as ``sweep(_:token:width:options:)`` takes them.
  /// - Returns: The prepared sweep.
  /// - Throws: ``TypeScaleError``: `invalidValue` for a name the typography does not know,
  ///   otherwise as ``sweep(_:token:width:options:)``.
  public func preparedSweep(
    token: some TypographyToken, width: Double? = nil, options: LayoutOptions = .init()
  ) throws(TypeScaleError) -> PreparedSweep {
    try preparedSweep(entry: typography.entry(for: token), width: width, options: options)
  }

  private func preparedSweep(
    entry: Typography.Entry, width: Double?, options: LayoutOptions
  ) throws(TypeScaleError) -> PreparedSweep {
    let prepared = try prepare(entry, width: width, options: options)
    // The options and sizes are checked as a sweep checks them, so that errors surface here.
    _ = try prepared.sweep("")
    return prepared
  }

  /// The font, sizing and options a sweep of `entry` uses; what every sweep resolves.
  func prepare(_ entry: Typography.Entry, width: Double?, options: LayoutOptions)
    throws(TypeScaleError) -> PreparedSweep
  {
    let spec = entry.style
    let (sizing, _) = Self.scalableSizing(entry.sizing, name: entry.name, size: spec.size)
    let design = try with(category: .large).font(for: entry)
    let scale: ContentSizeScale
    do throws(MetricsError) {
      scale = try ContentSizeScale(
        spec.size, sizing: sizing, maximumPointSize: spec.maximumPointSize, categories: range)
    } catch {
      throw TypeScaleError(.invalidValue, "\(entry.name): \(error.message)", cause: error)
    }
    do throws(LayoutError) {
      return PreparedSweep(
        engine: engine, font: try design.layoutFont(pointSize: spec.size.points), scale: scale,
        options: _options(options, width: width))
    } catch {
      throw TypeScaleError(error)
    }
  }
}
