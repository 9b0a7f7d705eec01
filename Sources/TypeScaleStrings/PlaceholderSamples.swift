// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals

/// Sample values that replace a text's placeholders before it is laid out.
///
/// A text such as `"%1$@ shared %2$lld photos"` cannot be measured as written: its width
/// depends on what the app puts in. This type fills each specifier with a sample chosen to be
/// on the long side, so that a label that fits with the samples is likely to fit in use:
///
/// | Specifier | Default sample | Why |
/// |---|---|---|
/// | `%@`, `%s`, `%S` | `Maximilian Mustermann` | A real, long German name (21 characters, wide capitals), longer than most names a UI shows |
/// | `%d`, `%i`, `%u`, `%ld`, `%lld`, `%lu`, `%x`, `%o` | `88888` | Five digits (counts into the tens of thousands); `8` is among the widest digits of proportional fonts |
/// | `%f`, `%e`, `%g`, `%a` | `8888.88`, formatted by the specifier | Four integer digits; the specifier's own precision decides the decimals (`%.1f` → `8888.9`, `%f` → `8888.880000`), as the app would print it |
/// | `%c`, `%C` | `W` | The widest Latin letter in most fonts |
/// | `%p` | `0x600000c04000` | The shape of a 64-bit heap address |
/// | `%b` (Android) | `false` | The longer of the two answers |
/// | `%,d` (Android) | `88,888` | `java.util.Formatter`'s grouping flag |
/// | `%tB`, `%tA`, `%tY`, … (Android) | `September`, `Wednesday`, `2028`, … | The longest English value of the field (`%TB` in capitals) |
/// | `%%` | `%` | |
/// | `%n` (Android) | a line feed | |
///
/// Numbers are printed the way `String(format:)` without a locale prints them (ASCII digits,
/// `.` as the decimal separator), and width, flags and precision are honoured (`%05d` →
/// `88888`, `%-8s` pads on the right; `%@` ignores them, as Foundation does). Integer and float
/// samples that are not numbers are used as written.
///
/// **Plural numbers.** When an entry's variant has plural steps (``StringVariant/Step/plural(_:)``
/// or ``StringVariant/Step/substitution(name:plural:)``), the integer placeholders take a number
/// that CLDR puts in that category for the entry's language (``PluralSamples``): the integer
/// sample itself when CLDR puts it there (English and Russian `other`, Russian `many` take
/// `88888`, the widest), else the smallest number of the category (Russian `few` is laid out
/// with 2, English `one` with 1). A stringsdict variable's step takes the variable's own
/// argument (``LocalizedEntry/pluralArguments``); otherwise the plural steps, in variant order,
/// take the integer arguments in the order they first appear in the text: a `.plural` step the first
/// integer placeholder, as Android's `<plurals>` and `.stringsdict` write them, and the
/// substitutions of a String Catalog the integer specifiers its reader wrote for them (`%lld`,
/// or `%N$lld` from `argNum`), which follow the text's order. An integer argument left over gets
/// the integer sample. A category the language does not have (Japanese `one`) gets `0`, `1` or
/// `2` for `zero`, `one`, `two` and the integer sample otherwise.
///
/// **Configuration.** The constraints file's `placeholders` object decodes into this type:
///
/// ```json
/// { "string": "Anna", "integer": "88888", "float": "8888.88",
///   "overrides": [ { "keys": "cart.*", "integer": "3", "arguments": { "1": "Bob" } } ] }
/// ```
///
/// Every field is optional. The first override whose `keys` glob (`*`, `?`) matches the whole
/// key replaces the samples it names; `arguments` sets the sample of one argument by its
/// 1-based number (the `N` of `%N$@`, or the order of sequential specifiers), and beats plural
/// numbers.
///
/// Each sample goes into the argument Foundation gives the specifier (a sequential `%ld` beside
/// `%1$@` takes argument 1, as CoreFoundation numbers them), and what Foundation writes
/// literally is written literally; ``sample(for:)`` returns what looks wrong as warnings.
public struct PlaceholderSamples: Sendable, Hashable, Decodable {
  /// The default string sample, `Maximilian Mustermann`.
  public static let defaultString = "Maximilian Mustermann"
  /// The default integer sample, `88888`.
  public static let defaultInteger = "88888"
  /// The default float sample, `8888.88`, formatted by each specifier's precision.
  public static let defaultFloat = "8888.88"

  /// The largest width or precision a specifier may have, 1,000 (`%1000d` pads a number to a
  /// thousand characters, more than any label shows); `%999999d` is an error naming the key,
  /// file, line and specifier rather than a megabyte of spaces laid out.
  public static let maximumWidth = 1000

  /// Samples for the keys matching a glob.
  public struct Override: Sendable, Hashable, Decodable {
    /// The key pattern, with `*` and `?` wildcards, matched against the whole key.
    public var keys: String
    /// The string sample for these keys, or `nil` to keep the base one.
    public var string: String?
    /// The integer sample for these keys, or `nil` to keep the base one.
    public var integer: String?
    /// The float sample for these keys, or `nil` to keep the base one.
    public var float: String?
    /// Samples by 1-based argument number, whatever the argument's kind.
    public var arguments: [Int: String]

    /// Creates an override.
    ///
    /// - Parameters:
    ///   - keys: The key pattern (`*`, `?`).
    ///   - string: The string sample, if it changes.
    ///   - integer: The integer sample, if it changes.
    ///   - float: The float sample, if it changes.
    ///   - arguments: Samples by 1-based argument number.
    public init(
      keys: String, string: String? = nil, integer: String? = nil, float: String? = nil,
      arguments: [Int: String] = [:]
    ) {
      self.keys = keys
      self.string = string
      self.integer = integer
      self.float = float
      self.arguments = arguments
    }

    private enum CodingKeys: String, CodingKey {
      case keys, string, integer, float, arguments
    }

    /// Decodes an override; sample values may be JSON strings or numbers.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when `keys` is missing or an `arguments` key is not a
    ///   positive integer.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      keys = try container.decode(String.self, forKey: .keys)
      string = try PlaceholderSamples.sample(container, .string)
      integer = try PlaceholderSamples.sample(container, .integer)
      float = try PlaceholderSamples.sample(container, .float)
      arguments = [:]
      if container.contains(.arguments) {
        let raw = try container.decode([String: SampleValue].self, forKey: .arguments)
        for (key, value) in raw {
          guard let number = Int(key), number > 0 else {
            throw DecodingError.dataCorruptedError(
              forKey: .arguments, in: container,
              debugDescription:
                "the argument number \"\(DisplayText.quoted(key))\" is not valid; expected a positive integer "
                + "such as \"1\" (the N of %N$@)")
          }
          arguments[number] = value.text
        }
      }
    }
  }

  /// The sample for `%@`, `%s` and `%S`.
  public var string: String
  /// The sample for integer specifiers (`%d`, `%lld`, …).
  public var integer: String
  /// The sample for floating-point specifiers (`%f`, `%.2f`, …).
  public var float: String
  /// Per-key samples; the first whose glob matches the key applies.
  public var overrides: [Override]

  /// The documented default samples (see the table above), with no overrides.
  public init() {
    self.init(string: Self.defaultString)
  }

  /// Creates samples.
  ///
  /// - Parameters:
  ///   - string: The string sample.
  ///   - integer: The integer sample.
  ///   - float: The float sample.
  ///   - overrides: Per-key samples, first match wins.
  public init(
    string: String = PlaceholderSamples.defaultString,
    integer: String = PlaceholderSamples.defaultInteger,
    float: String = PlaceholderSamples.defaultFloat,
    overrides: [Override] = []
  ) {
    self.string = string
    self.integer = integer
    self.float = float
    self.overrides = overrides
  }

  private enum CodingKeys: String, CodingKey {
    case string, integer, float, overrides
  }

  /// Decodes samples from the constraints file's `placeholders` object; absent fields keep
  /// their defaults, and sample values may be JSON strings or numbers.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a malformed object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    string = try Self.sample(container, .string) ?? Self.defaultString
    integer = try Self.sample(container, .integer) ?? Self.defaultInteger
    float = try Self.sample(container, .float) ?? Self.defaultFloat
    overrides = try container.decodeIfPresent([Override].self, forKey: .overrides) ?? []
  }

  /// A sample value written as a JSON string or number.
  private struct SampleValue: Decodable {
    var text: String
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        self.text = text
      } else if let number = try? container.decode(Int.self) {
        self.text = String(number)
      } else if let number = try? container.decode(Double.self) {
        self.text = String(number)
      } else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "expected a sample as a string or a number")
      }
    }
  }

  private static func sample<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key)
    throws -> String?
  {
    try container.decodeIfPresent(SampleValue.self, forKey: key)?.text
  }

  // MARK: - Substitution

  /// The entry's text with every placeholder replaced by a sample; a plural variant's own
  /// number is one CLDR picks for that category in the entry's language.
  ///
  /// - Parameter entry: The entry.
  /// - Returns: The text to lay out, ``sample(for:)``'s.
  /// - Throws: ``StringsError``, as ``sample(for:)`` throws.
  public func text(for entry: LocalizedEntry) throws(StringsError) -> String {
    try sample(for: entry).text
  }

  /// The entry's text as the platform formats it with the samples, and what looked wrong.
  ///
  /// Text that Foundation (or, for Android, `java.util.Formatter`) still formats is measured as
  /// it formats it, and what is suspicious about it is a ``StringsWarning``: a `%` that starts
  /// no specifier (`%$1@` is written `$1@`, `%1η` is written `1`), a sequential specifier that
  /// takes the argument of a positional one, an argument no specifier takes, `%@` with a width
  /// (ignored), `%n`, a `*` width or an undefined `%#@name@` variable. The checking article's
  /// "Placeholders as Foundation formats them" lists each rule and its source.
  ///
  /// - Parameter entry: The entry.
  /// - Returns: The text to lay out and the warnings, each naming the entry's file and line,
  ///   key, language, variant, the specifier and its column within the text.
  /// - Throws: ``StringsError`` (``StringsError/Code/invalid``) naming the entry's file and
  ///   line, the specifier, its column within the text, and what is valid, for text that
  ///   cannot be formatted or measured: a position over 127 (Foundation formats nothing), a
  ///   width or precision over ``maximumWidth`` (`%999999d`). For Android these are warnings
  ///   instead, as are a `%` at the end, an unknown conversion (`%y`), a position without a
  ///   conversion (`%1$`) or a `*` width, for which `java.util.Formatter` throws: the text is
  ///   measured as written, as `getString` shows it.
  public func sample(for entry: LocalizedEntry) throws(StringsError) -> PlaceholderSample {
    // Every placeholder of both syntaxes starts with `%`: a text without one has none (the
    // scanner finds nothing in it, which PlaceholderSamplesTests checks).
    guard entry.text.utf8.contains(UInt8(ascii: "%")) else {
      return PlaceholderSample(text: entry.text, spans: entry.spans)
    }
    let variant = entry.variant.isEmpty ? "" : ", \(entry.variant)"
    func describe(_ spelling: String, column: Int, _ detail: String) -> String {
      "the placeholder \"\(DisplayText.quoted(spelling, limit: 40))\" at character "
        + "\(column) of the text of \"\(DisplayText.quoted(entry.key))\" "
        + "(\(entry.language)\(variant)) \(detail)"
    }
    let placeholders: [Placeholder]
    do {
      placeholders = try PlaceholderScanner.scan(entry.text, syntax: entry.syntax)
    } catch  where entry.syntax == .android {
      // `getString` shows such a text as written; only `String.format` with arguments throws.
      return PlaceholderSample(
        text: entry.text, spans: entry.spans,
        warnings: [
          StringsWarning(
            file: entry.file, line: entry.line, key: entry.key,
            describe(
              error.spelling, column: error.column,
              error.detail + "; java.util.Formatter throws for it (an "
                + "IllegalFormatException) when the app formats the text, and getString shows "
                + "it as written, so the text is measured as written"))
        ])
    } catch {
      throw StringsError(
        .invalid, file: entry.file, line: entry.line,
        describe(error.spelling, column: error.column, error.detail))
    }
    guard !placeholders.isEmpty else {
      return PlaceholderSample(text: entry.text, spans: entry.spans)
    }
    // A plural variant's `%#@name@` variables took arguments its expanded text may not show.
    let isPlural = entry.variant.steps.contains { step in
      if case .device = step { false } else { true }
    }
    let arguments = PlaceholderArguments(
      placeholders, syntax: entry.syntax, reportsGaps: !isPlural)
    let warnings = arguments.findings.map { finding in
      let placeholder = placeholders[finding.index]
      return StringsWarning(
        file: entry.file, line: entry.line, key: entry.key,
        describe(
          placeholder.spelling,
          column: PlaceholderScanner.column(of: placeholder.range.lowerBound, in: entry.text),
          finding.detail))
    }
    let numbers = arguments.numbers.map { $0 ?? 0 }
    let (text, moves) = fill(entry, placeholders, numbers)
    return PlaceholderSample(
      text: text, spans: Self.move(entry.spans, moves), warnings: warnings)
  }

  /// The spans of an entry's text moved to the filled text, given where each placeholder
  /// (`from`) and its sample (`to`) are, in UTF-16 offsets: an offset after a placeholder moves
  /// by the difference in lengths, and a span that starts or ends inside a placeholder takes in
  /// the whole sample.
  static func move(_ spans: [StyledSpan], _ moves: [(from: Range<Int>, to: Range<Int>)])
    -> [StyledSpan]
  {
    func map(_ offset: Int, isEnd: Bool) -> Int {
      var delta = 0
      for move in moves {
        if offset >= move.from.upperBound {
          delta = move.to.upperBound - move.from.upperBound
        } else if offset > move.from.lowerBound {
          return isEnd ? move.to.upperBound : move.to.lowerBound
        } else {
          break
        }
      }
      return offset + delta
    }
    return spans.map { span in
      StyledSpan(
        start: map(span.start, isEnd: false), end: map(span.end, isEnd: true), style: span.style)
    }
  }

  /// The entry's text with each placeholder replaced by the sample of the argument it takes.
  private func fill(_ entry: LocalizedEntry, _ placeholders: [Placeholder], _ numbers: [Int])
    -> (String, [(from: Range<Int>, to: Range<Int>)])
  {
    let override = overrides.first { KeyGlob(unchecked: $0.keys).matches(entry.key) }
    let string = override?.string ?? self.string
    let integer = override?.integer ?? self.integer
    let float = override?.float ?? self.float

    // The plural steps take the integer arguments in the order they first appear.
    let categories: [String] = entry.variant.steps.compactMap { step in
      switch step {
      case .plural(let category): category
      case .substitution(_, let category): category
      case .device: nil
      }
    }
    var pluralNumbers: [Int: String] = [:]
    var integerArguments: [Int] = []
    for (placeholder, number) in zip(placeholders, numbers)
    where placeholder.kind == .integer && !integerArguments.contains(number) {
      integerArguments.append(number)
    }
    // A stringsdict variable's own argument, when the reader knows it.
    let known = entry.pluralArguments
    let arguments =
      known.count == categories.count && !known.contains(0) ? known : integerArguments
    for (category, argument) in zip(categories, arguments) {
      // The integer sample itself when CLDR puts it in the category (English and Russian
      // "other", Russian "many" for 88888): the widest number the variant shows; else the
      // smallest number of the category.
      pluralNumbers[argument] =
        PluralSamples.number(integer, isIn: category, language: entry.language)
        ? integer
        : PluralSamples.number(for: category, language: entry.language)
          ?? ["zero": "0", "one": "1", "two": "2"][category] ?? integer
    }

    var result = ""
    var index = entry.text.startIndex
    // Where each placeholder was and where its sample is, in UTF-16 offsets, for the spans.
    var moves: [(from: Range<Int>, to: Range<Int>)] = []
    let text = entry.text
    var originalOffset = 0
    for (placeholder, number) in zip(placeholders, numbers) {
      let run = text[index..<placeholder.range.lowerBound]
      result += run
      let tracking = !entry.spans.isEmpty
      let placeholderStart = originalOffset + (tracking ? run.utf16.count : 0)
      let placeholderEnd = placeholderStart + (tracking ? text[placeholder.range].utf16.count : 0)
      let sampleStart = tracking ? result.utf16.count : 0
      defer {
        if tracking {
          moves.append(
            (placeholderStart..<placeholderEnd, sampleStart..<result.utf16.count))
          originalOffset = placeholderEnd
        }
      }
      index = placeholder.range.upperBound
      if number > 0, let chosen = override?.arguments[number] {
        result += pad(chosen, placeholder)
        continue
      }
      switch placeholder.kind {
      case .percent: result += "%"
      case .newline: result += "\n"
      case .nothing: break
      case .literal(let written): result += written
      case .variable: result += string
      case .string where entry.syntax == .apple && placeholder.conversion == "@":
        // Foundation ignores a width and precision for `%@` (CFString.c's CFFormatCFType
        // case appends the description as is).
        result += string
      case .string:
        var text = string
        if let precision = placeholder.precision { text = String(text.prefix(precision)) }
        if entry.syntax == .android, placeholder.conversion == "S" { text = text.uppercased() }
        result += pad(text, placeholder)
      case .character: result += pad("W", placeholder)
      case .pointer: result += pad("0x600000c04000", placeholder)
      case .boolean:
        result += pad(placeholder.conversion == "B" ? "FALSE" : "false", placeholder)
      case .dateTime(let suffix):
        let field = Self.dateTimeSample(suffix)
        result += pad(placeholder.conversion == "T" ? field.uppercased() : field, placeholder)
      case .integer:
        result += formatInteger(pluralNumbers[number] ?? integer, placeholder)
      case .float:
        result += formatFloat(pluralNumbers[number] ?? float, placeholder)
      }
    }
    result += entry.text[index...]
    return (result, moves)
  }

  /// Flags `String(format:)` accepts for a number, without the locale-dependent ones.
  private func numericFlags(_ placeholder: Placeholder) -> String {
    placeholder.flags.filter { "-+ #0".contains($0) }
  }

  private func formatInteger(_ sample: String, _ placeholder: Placeholder) -> String {
    guard let value = Int64(sample) else { return pad(sample, placeholder) }
    let conversion: String =
      switch placeholder.conversion {
      case "x", "h": "llx"
      case "X", "H": "llX"
      case "o", "O": "llo"
      default: "lld"
      }
    let precision = placeholder.precision.map { ".\($0)" } ?? ""
    let grouped = placeholder.flags.contains(",") && conversion == "lld"
    // Grouping first, then the width pads the grouped digits, as `java.util.Formatter` does.
    let width = grouped ? "" : placeholder.width.map(String.init) ?? ""
    let formatted = String(
      format: "%\(numericFlags(placeholder))\(width)\(precision)\(conversion)", value)
    return grouped ? pad(Self.grouped(formatted), placeholder) : formatted
  }

  /// `88888` as `88,888`: the `,` flag of `java.util.Formatter` groups the integer digits in
  /// threes (with the locale's separator; `,` here, as wide as `.` and the narrow space).
  static func grouped(_ number: String) -> String {
    let digits = number.reversed().prefix { $0.isASCII && $0.isNumber }
    let sign = number.dropLast(digits.count)
    var out = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, offset % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return sign + String(out.reversed())
  }

  /// The sample of a `%t` field: the longest value of that field in English, as
  /// `java.util.Formatter` writes it (`%tB` → `September`, `%tA` → `Wednesday`), so a label
  /// that fits it fits every date.
  static func dateTimeSample(_ suffix: Character) -> String {
    switch suffix {
    case "B": "September"
    case "b", "h": "Sep"
    case "A": "Wednesday"
    case "a": "Wed"
    case "C", "y", "m", "d", "e", "H", "I", "k", "l", "M", "S": "28"
    case "Y": "2028"
    case "j": "288"
    case "L": "888"
    case "N": "888888888"
    case "p": "pm"
    case "z": "+0100"
    case "Z": "CEST"
    case "s": "1838888888"
    case "Q": "1838888888888"
    case "R": "23:58"
    case "T": "23:58:58"
    case "r": "11:58:58 PM"
    case "D": "09/28/28"
    case "F": "2028-09-28"
    default: "Wed Sep 28 23:58:58 CEST 2028"  // c
    }
  }

  private func formatFloat(_ sample: String, _ placeholder: Placeholder) -> String {
    guard let value = Double(sample), value.isFinite else { return pad(sample, placeholder) }
    let width = placeholder.width.map(String.init) ?? ""
    let precision = placeholder.precision.map { ".\($0)" } ?? ""
    return String(
      format: "%\(numericFlags(placeholder))\(width)\(precision)\(placeholder.conversion)", value)
  }

  /// The text padded with spaces to the specifier's width: on the left, or on the right with
  /// the `-` flag.
  private func pad(_ text: String, _ placeholder: Placeholder) -> String {
    guard let width = placeholder.width, text.count < width else { return text }
    let padding = String(repeating: " ", count: width - text.count)
    return placeholder.flags.contains("-") ? text + padding : padding + text
  }
}
