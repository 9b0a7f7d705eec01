// SPDX-License-Identifier: Apache-2.0

extension LayoutFont {
  /// The spacing a type scale gives a font: tracking, kern and line-height multiple, applied
  /// wherever a layout's ``LayoutOptions`` leave theirs at the default.
  ///
  /// A typography style (`"tracking": 0.4`) belongs to the font, not to one call, so a font
  /// made from it carries the spacing into every layout and sweep of it: the engine's
  /// ``TextLayoutEngine/layout(_:font:options:)`` and `DynamicType`'s layouts give the same
  /// result for the same font.
  ///
  /// ```swift
  /// let spaced = font.withSpacing(LayoutFont.Spacing(tracking: 0.4, lineHeightMultiple: 1.2))
  /// let layout = try engine.layout("Continue", font: spaced)   // tracked 0.4 pt, 1.2 lines
  /// ```
  public struct Spacing: Hashable, Sendable {
    /// Apple's `.tracking` in points, or `nil` for none (``LayoutOptions/tracking``).
    public var tracking: Double?
    /// Apple's `.kern` in points, or `nil` for none (``LayoutOptions/kern``).
    public var kern: Double?
    /// The line-height multiple, or `nil` for the natural height
    /// (``LineHeight/multiple``).
    public var lineHeightMultiple: Double?

    /// Creates a spacing.
    ///
    /// - Parameters:
    ///   - tracking: Tracking in points, or `nil`.
    ///   - kern: Kern in points, or `nil`.
    ///   - lineHeightMultiple: A line-height multiple, or `nil`.
    public init(tracking: Double? = nil, kern: Double? = nil, lineHeightMultiple: Double? = nil) {
      self.tracking = tracking
      self.kern = kern
      self.lineHeightMultiple = lineHeightMultiple
    }

    /// No spacing: the options' own values apply.
    public static let none = Spacing()

    /// The options with this spacing where they leave tracking, kern or the line-height multiple
    /// at 0.
    ///
    /// Options that set their own keep them. Values are checked later, with the options
    /// (``LayoutOptions/validate()``).
    ///
    /// - Parameter options: A layout's options.
    /// - Returns: The options to lay out with.
    public func applied(to options: LayoutOptions) -> LayoutOptions {
      guard self != .none else { return options }
      var resolved = options
      if resolved.tracking == 0, let tracking { resolved.tracking = tracking }
      if resolved.kern == 0, let kern { resolved.kern = kern }
      if resolved.lineHeight.multiple == 0, let lineHeightMultiple {
        resolved.lineHeight.multiple = lineHeightMultiple
      }
      return resolved
    }
  }

  /// The same font with a type scale's spacing.
  ///
  /// - Parameter spacing: The tracking, kern and line-height multiple to carry.
  /// - Returns: The font, laid out with `spacing` wherever options leave those at 0.
  public func withSpacing(_ spacing: Spacing) -> LayoutFont {
    var copy = self
    copy.spacing = spacing
    return copy
  }
}
