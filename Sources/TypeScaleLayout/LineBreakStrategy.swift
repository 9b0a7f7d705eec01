// SPDX-License-Identifier: Apache-2.0

extension LayoutOptions {
  /// How lines break beyond ICU's plain rules: Apple's `NSParagraphStyle.LineBreakStrategy`.
  ///
  /// The options and their raw values are Apple's (`NSParagraphStyle.h`):
  ///
  /// | Swift | Raw value | CLI and JSON | Apple |
  /// |---|---|---|---|
  /// | ``pushOut`` | 1 | `push-out` | `.pushOut` |
  /// | ``hangulWordPriority`` | 2 | `hangul-word-priority` | `.hangulWordPriority` |
  /// | ``standard`` | `0xFFFF` | `standard` | `.standard`, `UILabel`'s default |
  /// | `[]` | 0 | `none` | `NSLineBreakStrategyNone`, `NSParagraphStyle`'s default |
  ///
  /// ``standard`` includes both options, as Apple's does (`0xFFFF` holds every bit).
  ///
  /// ```swift
  /// var options = LayoutOptions(width: 343)
  /// options.lineBreakStrategy = []                     // ICU's rules only
  /// options.lineBreakStrategy = .hangulWordPriority    // no push-out
  /// options.lineBreakStrategy = .standard              // what a UILabel does
  /// ```
  public struct LineBreakStrategy: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// Apple's raw value.
    public let rawValue: UInt

    /// Creates a strategy from Apple's raw value.
    ///
    /// - Parameter rawValue: The bits, as `NSLineBreakStrategy`.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Pushes lines out so that a paragraph's last line is not one orphan word: after greedy
    /// breaking, a paragraph of two or more lines whose last line holds one word takes the last
    /// word of the line above, when the two fit the width together.
    ///
    /// Apple's header (`NSParagraphStyle.h`): "pushes out individual lines to avoid an orphan
    /// word on the last line of the paragraph"; "the current implementation usually pushes out
    /// the last line by a single word". `UILabel` has done so since iOS 11. TypeScale moves
    /// exactly one word, and only when the line above keeps a word of its own and did not end
    /// inside a word too wide for the line. A line separator (U+2028) or another line terminator
    /// ends a block of lines as the paragraph's end does, and words never move across one (Apple
    /// documents paragraphs only). Character wrapping is never pushed out. It applies to the
    /// paragraph's lines before the line limit and truncation, and never changes how many lines
    /// there are.
    public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)

    /// Prohibits breaking between Hangul characters, so Korean wraps word by word (Apple's
    /// documentation: "prohibits breaking between Hangul characters").
    ///
    /// Only breaks with Hangul on both sides go: syllables, jamo (conjoining, compatibility and
    /// halfwidth) and the Hangul tone marks. Breaks between Hangul and Latin letters, digits or
    /// ideographs stay where ICU puts them ("iOS에서" may break before "에"), since Apple's
    /// documentation names Hangul characters only; CSS `word-break: keep-all` would keep those
    /// together too, and this differs from it deliberately.
    public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)

    /// What the system uses for standard UI labels: every strategy (Apple's `0xFFFF`), so both
    /// ``pushOut`` and ``hangulWordPriority``.
    public static let standard = LineBreakStrategy(rawValue: 0xFFFF)

    /// The names of the strategy's parts, in the spelling the CLI and JSON use: `standard`,
    /// `none`, or the options joined by commas (`push-out,hangul-word-priority`).
    public var description: String {
      if rawValue == Self.standard.rawValue { return "standard" }
      if isEmpty { return "none" }
      var names: [String] = []
      if contains(.pushOut) { names.append("push-out") }
      if contains(.hangulWordPriority) { names.append("hangul-word-priority") }
      let known = Self.pushOut.rawValue | Self.hangulWordPriority.rawValue
      if rawValue & ~known != 0 { names.append("0x" + String(rawValue & ~known, radix: 16)) }
      return names.joined(separator: ",")
    }

    /// The spellings ``parse(_:)`` accepts, in help order.
    public static let names = ["standard", "none", "push-out", "hangul-word-priority"]

    /// Spellings of earlier releases that still parse, with the spelling that replaces each.
    ///
    /// Before this release `standard` meant ICU's plain rules, which is now `none`; the name
    /// `standard` now means Apple's standard strategy, so it cannot keep its old meaning.
    public static let deprecatedNames = [
      "hangulwordpriority": "hangul-word-priority", "hangul_word_priority": "hangul-word-priority",
      "pushout": "push-out", "push_out": "push-out",
    ]

    /// Parses `standard`, `none`, or options joined by commas or `+`
    /// (`push-out,hangul-word-priority`), ignoring case.
    ///
    /// - Parameter text: The spelling.
    /// - Returns: The strategy and the deprecated spellings it used (empty when none).
    /// - Throws: ``LayoutError/Code/invalidOption`` naming the part that is not a strategy and
    ///   the spellings that are.
    public static func parse(_ text: String) throws(LayoutError)
      -> (strategy: LineBreakStrategy, deprecated: [String])
    {
      var strategy: LineBreakStrategy = []
      var deprecated: [String] = []
      let parts = text.lowercased().split(whereSeparator: { $0 == "," || $0 == "+" })
        .map {
          String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
      guard !parts.isEmpty else {
        throw .option(
          "line-break strategy \"\(text)\" is not valid; use \(names.joined(separator: ", ")), "
            + "or options joined by commas")
      }
      for part in parts {
        var name = part
        if let replacement = deprecatedNames[part] {
          deprecated.append(part)
          name = replacement
        }
        switch name {
        case "standard": strategy.formUnion(.standard)
        case "none": break
        case "push-out": strategy.formUnion(.pushOut)
        case "hangul-word-priority": strategy.formUnion(.hangulWordPriority)
        default:
          throw .option(
            "line-break strategy \"\(part)\" is not valid; use "
              + "\(names.joined(separator: ", ")), or options joined by commas")
        }
      }
      return (strategy, deprecated)
    }
  }
}
