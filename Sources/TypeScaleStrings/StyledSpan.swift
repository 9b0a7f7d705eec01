// SPDX-License-Identifier: Apache-2.0

/// A run of an entry's text that a styling tag applies to: where it is and what it does.
///
/// Android strings style parts of their text with HTML tags: `<b>`, `<i>`, `<u>` and the others
/// of the "Formatting and styling" section of Android's string-resource guide
/// (developer.android.com/guide/topics/resources/string-resource#StylingWithHTML). aapt2 keeps
/// each tag as a span over the text it encloses (`StyleString` in aapt2's `ResourceUtils.cpp`)
/// and `Resources.getText` turns it into a platform span (`StringBlock.applyStyles` in AOSP
/// `core/java/android/content/res/StringBlock.java`); texts escaped as `&lt;b&gt;` or in
/// CDATA are styled when the app passes them through `Html.fromHtml`. The layout measures a
/// bold span in the bold face, a `<big>` span 1.25 times larger, and so on.
///
/// Offsets count UTF-16 code units of ``LocalizedEntry/text``, as Android's spans do, so they
/// survive copying the entry; `start` ≤ `end` ≤ the text's UTF-16 length.
public struct StyledSpan: Hashable, Sendable, CustomStringConvertible {
  /// What a span does to its text.
  public enum Style: Hashable, Sendable, CustomStringConvertible {
    /// `<b>`, `<strong>`: the bold face (`StyleSpan(Typeface.BOLD)`).
    case bold
    /// `<i>`, `<em>`, `<cite>`, `<dfn>`: the italic face (`StyleSpan(Typeface.ITALIC)`).
    case italic
    /// `<u>`: underlined; the width does not change.
    case underline
    /// `<s>`, `<strike>`, `<del>`: struck through; the width does not change.
    case strikethrough
    /// `<sup>`: superscript, which Android draws at the same size, raised.
    case superscript
    /// `<sub>`: subscript, at the same size, lowered.
    case `subscript`
    /// `<tt>`: the monospace family (`TypefaceSpan("monospace")`).
    case monospace
    /// `<big>` (1.25) and `<small>` (0.8): the size times this factor
    /// (`RelativeSizeSpan`, `StringBlock.applyStyles`).
    case relativeSize(Double)
    /// `<font>` with its attributes as written (`face`, `color`, `size`, `height`, …).
    case font([String: String])
    /// `<a href="…">`: a link, drawn in the same face.
    case link(String)
    /// `<annotation …>` with its attributes: the app's own marker, which styles nothing
    /// by itself.
    case annotation([String: String])
    /// Any other tag, by name, kept so that a report can show it; it styles nothing.
    case other(String)

    /// The style in words, such as `bold`, `italic`, `size×1.25` or `font(face=serif)`.
    public var description: String {
      func list(_ attributes: [String: String]) -> String {
        attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
          separator: ",")
      }
      switch self {
      case .bold: return "bold"
      case .italic: return "italic"
      case .underline: return "underline"
      case .strikethrough: return "strikethrough"
      case .superscript: return "superscript"
      case .subscript: return "subscript"
      case .monospace: return "monospace"
      case .relativeSize(let factor): return "size×\(factor)"
      case .font(let attributes): return "font(\(list(attributes)))"
      case .link(let target): return "link(\(target))"
      case .annotation(let attributes): return "annotation(\(list(attributes)))"
      case .other(let name): return "<\(name)>"
      }
    }

    /// The style of an HTML tag, as `StringBlock.applyStyles` and `Html.fromHtml` map them.
    ///
    /// - Parameters:
    ///   - tag: The tag's name, in any case (`b`, `FONT`).
    ///   - attributes: Its attributes.
    public init(tag: String, attributes: [String: String] = [:]) {
      switch tag.lowercased() {
      case "b", "strong": self = .bold
      case "i", "em", "cite", "dfn": self = .italic
      case "u", "ins": self = .underline
      case "s", "strike", "del": self = .strikethrough
      case "sup": self = .superscript
      case "sub": self = .subscript
      case "tt": self = .monospace
      case "big": self = .relativeSize(1.25)
      case "small": self = .relativeSize(0.8)
      case "font": self = .font(attributes)
      case "a": self = .link(attributes["href"] ?? "")
      case "annotation": self = .annotation(attributes)
      default: self = .other(tag.lowercased())
      }
    }

    /// Whether the style changes the glyphs' widths or the line's height (bold, italic,
    /// monospace, a size or a font face), so that the layout must measure the span on its own.
    public var changesMetrics: Bool {
      switch self {
      case .bold, .italic, .monospace, .relativeSize: true
      case .font(let attributes): attributes["face"] != nil || attributes["size"] != nil
      default: false
      }
    }
  }

  /// The first UTF-16 offset of the span in the entry's text.
  public var start: Int
  /// The UTF-16 offset just past the span.
  public var end: Int
  /// What the span does.
  public var style: Style

  /// Creates a span.
  ///
  /// - Parameters:
  ///   - start: The first UTF-16 offset.
  ///   - end: The UTF-16 offset past the span, at least `start`.
  ///   - style: What the span does.
  public init(start: Int, end: Int, style: Style) {
    self.start = start
    self.end = max(start, end)
    self.style = style
  }

  /// The UTF-16 range `start..<end`.
  public var range: Range<Int> { start..<end }

  /// `bold 6..<10`.
  public var description: String { "\(style) \(start)..<\(end)" }
}
