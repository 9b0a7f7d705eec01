// SPDX-License-Identifier: Apache-2.0

import Foundation

/// One localized text of an app: a key in one language and one variant, with the file and line
/// it came from.
///
/// A reader returns one entry per (key, language, variant). A key without variations has one
/// entry per language with an empty ``variant``; a key that varies by plural, device or
/// substitution has one entry per combination, so that each can be laid out on its own.
public struct LocalizedEntry: Hashable, Sendable {
  /// The key the app looks the text up by; for a String Catalog, often the source text itself.
  public var key: String
  /// The language code the text is for, as the catalog spells it (`de`, `pt-BR`, `zh-Hans`).
  public var language: String
  /// Which plural category, device or substitution branch this text is; empty when the key
  /// does not vary.
  public var variant: StringVariant
  /// The text, placeholders (`%@`, `%lld`, `%1$@`) still in it.
  public var text: String
  /// The translation state the catalog records (`new`, `needs_review`, `translated`, `stale`,
  /// or any other spelling it holds), or `nil` when it records none or the entry is a
  /// fallback (``isFallback``).
  public var state: String?
  /// Whether the text is not the language's own: the language had no value, so the text is the
  /// source language's (or the key), as iOS shows it.
  public var isFallback: Bool
  /// The file the entry was read from.
  public var file: URL
  /// The 1-based line of the key in ``file``.
  public var line: Int
  /// How the text writes its placeholders: `String(format:)`'s (Apple's files) or Android's.
  public var syntax: PlaceholderSyntax
  /// The argument each plural step of ``variant`` selects by, in step order, when the reader
  /// knows it (a stringsdict variable's own argument, as Foundation numbers it); empty
  /// otherwise, and then the plural steps take the integer arguments in order.
  public var pluralArguments: [Int]
  /// The runs of ``text`` that styling tags apply to (Android's `<b>`, `<i>`, `<u>`, …), in
  /// the order their tags open; empty for plain text and for Apple's files.
  public var spans: [StyledSpan]

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - language: The language code.
  ///   - variant: The variant; empty when the key does not vary.
  ///   - text: The text.
  ///   - state: The translation state, if recorded.
  ///   - isFallback: Whether the text falls back to the source language or the key.
  ///   - file: The file the entry was read from.
  ///   - line: The 1-based line of the key.
  ///   - syntax: How the text writes its placeholders; `String(format:)`'s by default.
  ///   - pluralArguments: The argument each plural step selects by, if known.
  ///   - spans: The styled runs of `text`; none by default.
  public init(
    key: String, language: String, variant: StringVariant = StringVariant(), text: String,
    state: String? = nil, isFallback: Bool = false, file: URL, line: Int,
    syntax: PlaceholderSyntax = .apple, pluralArguments: [Int] = [], spans: [StyledSpan] = []
  ) {
    self.key = key
    self.language = language
    self.variant = variant
    self.text = text
    self.state = state
    self.isFallback = isFallback
    self.file = file
    self.line = line
    self.syntax = syntax
    self.pluralArguments = pluralArguments
    self.spans = spans
  }
}

/// Which branch of a varying string an entry is: a path of plural, device and substitution
/// choices, outermost first.
///
/// String Catalogs nest variations (a device, then a plural within it) and expand
/// substitutions (`%#@files@`) with plural variants of their own; the path records each choice.
/// Its ``description`` is a stable, readable spelling such as `device=ipad/plural=one` or
/// `plural=other/files=few`, suitable for reports and baselines.
public struct StringVariant: Hashable, Sendable, CustomStringConvertible {
  /// One choice on the path.
  public enum Step: Hashable, Sendable, CustomStringConvertible {
    /// A plural category of the key's own text: `zero`, `one`, `two`, `few`, `many` or
    /// `other`, as CLDR names them.
    case plural(String)
    /// A device the text is for, as the catalog spells it (`iphone`, `ipad`, `mac`, …).
    case device(String)
    /// A plural category of the named substitution (`%#@name@`).
    case substitution(name: String, plural: String)

    /// `plural=one`, `device=ipad`, or `name=few` for a substitution.
    public var description: String {
      switch self {
      case .plural(let category): "plural=\(category)"
      case .device(let device): "device=\(device)"
      case .substitution(let name, let category): "\(name)=\(category)"
      }
    }
  }

  /// The choices, outermost first; empty when the key does not vary.
  public var steps: [Step]

  /// Creates a variant from its choices, outermost first.
  ///
  /// - Parameter steps: The choices; none for a key that does not vary.
  public init(_ steps: [Step] = []) {
    self.steps = steps
  }

  /// Whether the key does not vary.
  public var isEmpty: Bool { steps.isEmpty }

  /// The steps joined with `/`; empty for a key that does not vary.
  public var description: String { steps.map(\.description).joined(separator: "/") }
}
