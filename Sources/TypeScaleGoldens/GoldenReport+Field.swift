// SPDX-License-Identifier: Apache-2.0

extension GoldenReport {
  /// A quantity a mismatch names: an input of the case (a changed cases file explains the
  /// numbers) or a measurement.
  ///
  /// The raw values are the names a report's ``Mismatch/fields``, its JSON and its message use;
  /// the cases come in the order the message lists them, inputs first.
  public enum Field: String, CaseIterable, Hashable, Sendable {
    /// The case id, for a renamed case: [old, new].
    case id
    /// The text, escaped as in golden files.
    case text
    /// The font alias.
    case font
    /// The text style or typography token.
    case style
    /// The content-size category.
    case category
    /// The width the text wraps in, `-` for none.
    case widthLimit
    /// The line limit, 0 for none.
    case lineLimit
    /// The truncation mode.
    case truncation
    /// How the point size was found (system, custom, fixed, typography…).
    case sizing
    /// What the case is laid out as: a label or an attributed string.
    case target
    /// The line-break strategy.
    case strategy
    /// The language, `-` for none.
    case language
    /// The point size.
    case pointSize
    /// The measured width, within the recorded tolerance.
    case width
    /// The measured height, within the recorded tolerance.
    case height
    /// The number of lines.
    case lines
    /// Whether the text was truncated: `1` or `0`.
    case truncated
    /// The UTF-16 offsets where lines start after the first, `;`-separated (`-` for none).
    case breaks

    /// Whether the field is an input of the case rather than a measurement.
    public var isInput: Bool {
      switch self {
      case .pointSize, .width, .height, .lines, .truncated, .breaks: false
      default: true
      }
    }
  }

  /// One differing quantity of a mismatch: what the golden file holds and what was measured
  /// now, as the golden file writes them.
  public struct Change: Hashable, Sendable {
    /// What differs.
    public var field: Field
    /// The recorded value (the old id, for `id`).
    public var expected: String
    /// The value now.
    public var actual: String

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - field: What differs.
    ///   - expected: The recorded value.
    ///   - actual: The value now.
    public init(field: Field, expected: String, actual: String) {
      self.field = field
      self.expected = expected
      self.actual = actual
    }
  }
}

extension GoldenReport.Mismatch {
  /// The differing quantities, typed, in the order the message lists them (inputs, then
  /// measurements): ``fields`` read as ``GoldenReport/Change`` values.
  ///
  /// A field whose name is not a ``GoldenReport/Field`` or that does not hold two values (only
  /// a hand-written report has one) is left out; ``fields`` still holds it.
  public var changes: [GoldenReport.Change] {
    GoldenReport.orderedFields(fields).compactMap { key, values in
      guard let field = GoldenReport.Field(rawValue: key), values.count == 2 else { return nil }
      return GoldenReport.Change(field: field, expected: values[0], actual: values[1])
    }
  }
}
