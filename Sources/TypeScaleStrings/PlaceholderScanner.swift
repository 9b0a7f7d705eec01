// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

/// One format specifier found in a text: where it is, what it formats, and how.
struct Placeholder: Equatable, Sendable {
  /// What kind of sample the specifier takes.
  enum Kind: Equatable, Sendable {
    /// `%@`, `%s`, `%S`: an object or C string.
    case string
    /// `%d`, `%i`, `%u`, `%x`, `%X`, `%o` and their length modifiers.
    case integer
    /// `%f`, `%F`, `%e`, `%E`, `%g`, `%G`, `%a`, `%A`.
    case float
    /// `%c`, `%C`: one character.
    case character
    /// `%p`: a pointer.
    case pointer
    /// `%b`, `%B` (Android): a boolean.
    case boolean
    /// `%tB`, `%TA`, `%tY`… (Android): a date or time field, the character after `t` or `T`
    /// naming it (`java.util.Formatter`'s "Date/Time Conversions").
    case dateTime(Character)
    /// `%%`: a literal percent sign, no argument.
    case percent
    /// `%n` (Android): a line separator, no argument.
    case newline
    /// `%n` (Apple): takes an argument and writes nothing.
    case nothing
    /// A `%` that does not start a specifier Foundation knows (`%$1@`, `%y`, `%` at the end):
    /// Foundation writes this text in its place (the character after the `%`, or nothing at
    /// the end) and takes no argument.
    case literal(String)
    /// `%#@name@` that no rule defines: Foundation formats its argument as `%@`.
    case variable(String)
  }

  /// Where a width or precision taken from an argument (`*`) comes from.
  enum ArgumentReference: Equatable, Sendable {
    /// The next sequential argument (`%*d`).
    case next
    /// An explicit argument (`%1$*2$d`).
    case position(Int)
  }

  /// The specifier's range in the text.
  var range: Range<String.Index>
  /// The specifier as written, such as `%1$.2f`.
  var spelling: String
  var kind: Kind
  /// The 1-based explicit position (`%2$d`), or `nil`.
  var position: Int?
  var flags: String
  var width: Int?
  var precision: Int?
  /// The conversion character: `d`, `@`, `f`, ….
  var conversion: Character
  /// The argument a `*` width comes from, or `nil`.
  var widthArgument: ArgumentReference? = nil
  /// The argument a `*` precision comes from, or `nil`.
  var precisionArgument: ArgumentReference? = nil

  /// Whether the specifier consumes an argument.
  var takesArgument: Bool {
    switch kind {
    case .percent, .newline, .literal: false
    default: true
    }
  }
}

/// Finds the format specifiers of `String(format:)` (``PlaceholderSyntax/apple``) or Android's
/// `String.format` (``PlaceholderSyntax/android``) in a text.
///
/// Apple's specifiers are read as CoreFoundation's `__CFParseFormatSpec` reads them
/// (swift-corelibs-foundation, `Sources/CoreFoundation/CFString.c`): flags, digits, `*`, `.`
/// and length modifiers in any order up to a conversion; a character that is none of these
/// ends the specifier as a ``Placeholder/Kind/literal(_:)``.
enum PlaceholderScanner {
  /// A specifier that cannot be formatted or measured, and what would be valid.
  struct Failure: Error, Equatable {
    /// The 1-based column, in characters, where the bad specifier starts.
    var column: Int
    /// The bad specifier as written.
    var spelling: String
    /// What was wrong and what is valid.
    var detail: String
  }

  static let appleConversions = "@dDiuUxXoOfFeEgGaAcCsSpPn"
  static let androidConversions = "sSdxXofeEgGaAcCbBhHtT"
  /// The suffixes `java.util.Formatter` accepts after `%t` and `%T` (its "Date/Time
  /// Conversions" table: time fields, date fields and compositions).
  static let dateTimeSuffixes = "HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc"
  /// The highest argument position CoreFoundation accepts (`INT8_MAX`); above it,
  /// `__CFParseFormatSpec` fails with "Overflow occurred" and formats nothing.
  static let maximumPosition = 127

  /// The specifiers of `text`, in order.
  ///
  /// - Throws: ``Failure`` for what cannot be formatted or measured: a position over
  ///   ``maximumPosition`` (Apple), a width or precision over
  ///   ``PlaceholderSamples/maximumWidth``; for Android, also a `%` at the end, an unknown
  ///   conversion (`%y`), a position without a conversion (`%1$`) or a width from an argument
  ///   (`*`), which `java.util.Formatter` throws for.
  static func scan(_ text: String, syntax: PlaceholderSyntax) throws(Failure) -> [Placeholder] {
    var found: [Placeholder] = []
    var index = text.startIndex
    while let start = text[index...].firstIndex(of: "%") {
      let placeholder =
        syntax == .apple
        ? try scanApple(text, at: start) : try scanOne(text, at: start, syntax: syntax)
      found.append(placeholder)
      index = placeholder.range.upperBound
    }
    return found
  }

  static func column(of index: String.Index, in text: String) -> Int {
    text.distance(from: text.startIndex, to: index) + 1
  }

  /// One Apple specifier, read as `__CFParseFormatSpec` reads it.
  private static func scanApple(_ text: String, at start: String.Index) throws(Failure)
    -> Placeholder
  {
    var index = text.index(after: start)
    var flags = ""
    var width: Int?
    var precision: Int?
    var position: Int?
    var seenDot = false
    var widthArgument: Placeholder.ArgumentReference?
    var precisionArgument: Placeholder.ArgumentReference?
    // Whether a following `N$` numbers the `*` of the width (or of the precision).
    var pendingStar: (width: Bool, precision: Bool) = (false, false)
    let limit = PlaceholderSamples.maximumWidth
    func make(_ kind: Placeholder.Kind, _ conversion: Character) throws(Failure) -> Placeholder {
      let spelling = String(text[start..<index])
      for (value, what) in [(width, "width"), (precision, "precision")] {
        if let value, value > limit {
          throw Failure(
            column: column(of: start, in: text), spelling: spelling,
            detail: "has the \(what) \(value); expected a width and precision of at most "
              + "\(limit) (PlaceholderSamples.maximumWidth), more than any label needs")
        }
      }
      return Placeholder(
        range: start..<index, spelling: spelling, kind: kind, position: position, flags: flags,
        width: width, precision: precision, conversion: conversion,
        widthArgument: widthArgument, precisionArgument: precisionArgument)
    }
    while true {
      guard index < text.endIndex else {
        // An incomplete specifier: Foundation writes nothing for it.
        return try make(.literal(""), "%")
      }
      let character = text[index]
      index = text.index(after: index)
      switch character {
      case "#", " ", "-", "+":
        flags.append(character)
      case "0":
        if seenDot { precision = 0 } else { flags.append("0") }
      case "h", "l", "L", "q", "t", "z", "j":
        break
      case "1"..."9":
        var number = character.wholeNumberValue ?? 0
        while index < text.endIndex, text[index].isASCII, let digit = text[index].wholeNumberValue {
          number = number * 10 + digit
          index = text.index(after: index)
          guard number <= Int(Int32.max) else {
            throw Failure(
              column: column(of: start, in: text),
              spelling: String(text[start..<index]),
              detail: "has a number over \(Int32.max), which Foundation refuses (\"Overflow "
                + "occurred\") and formats nothing; expected a width of at most \(limit)")
          }
        }
        if index < text.endIndex, text[index] == "$" {
          index = text.index(after: index)
          guard number <= maximumPosition else {
            throw Failure(
              column: column(of: start, in: text), spelling: String(text[start..<index]),
              detail: "has the position \(number), over the \(maximumPosition) that Foundation "
                + "accepts (\"Overflow occurred\"), so it formats nothing; expected a position "
                + "from 1 to \(maximumPosition)")
          }
          if pendingStar.precision {
            precisionArgument = .position(number)
          } else if pendingStar.width {
            widthArgument = .position(number)
          } else {
            position = number
          }
          pendingStar = (false, false)
        } else if seenDot {
          precision = number
        } else {
          width = number
        }
      case "*":
        widthArgument = .next
        pendingStar = (true, false)
      case ".":
        seenDot = true
        if index < text.endIndex, text[index] == "*" {
          index = text.index(after: index)
          precisionArgument = .next
          pendingStar = (false, true)
        }
      case "@" where flags.contains("#"):
        // `%#@name@`: a variable no rule expanded. As in `__CFParseFormatSpec`, the name has
        // letters, digits and `_`; another character ends it and the specifier goes on (so
        // `%# @name @` is an object, `%@`).
        flags.removeAll { $0 == "#" }
        var end = index
        while end < text.endIndex, text[end].isASCII,
          text[end].isLetter || text[end].isNumber || text[end] == "_"
        {
          end = text.index(after: end)
        }
        guard end < text.endIndex else {
          index = end
          return try make(.literal(""), "@")
        }
        let name = String(text[index..<end])
        index = text.index(after: end)
        if text[end] == "@" {
          return try make(name.isEmpty ? .string : .variable(name), "@")
        }
      case "@", "s", "S", "P":
        return try make(.string, character)
      case "d", "D", "i", "u", "U", "o", "O", "x", "X":
        return try make(.integer, character)
      case "f", "F", "e", "E", "g", "G", "a", "A":
        return try make(.float, character)
      case "c", "C":
        return try make(.character, character)
      case "p":
        return try make(.pointer, character)
      case "n":
        return try make(.nothing, character)
      default:
        // Not part of a specifier: Foundation writes the character after the `%` (`%%` → `%`,
        // `%$1@` → `$` then `1@`) and goes on after this character.
        let after = text[text.index(after: start)]
        if after == "%" && index == text.index(start, offsetBy: 2) {
          return try make(.percent, "%")
        }
        return try make(.literal(String(after)), character)
      }
    }
  }

  /// One Android specifier, as `java.util.Formatter` reads it.
  private static func scanOne(_ text: String, at start: String.Index, syntax: PlaceholderSyntax)
    throws(Failure) -> Placeholder
  {
    var index = text.index(after: start)
    func fail(_ detail: String) -> Failure {
      let end = text.index(index, offsetBy: 1, limitedBy: text.endIndex) ?? text.endIndex
      let spelling = String(text[start..<end])
      return Failure(column: column(of: start, in: text), spelling: spelling, detail: detail)
    }
    let valid =
      syntax == .apple
      ? "expected %% or a specifier such as %@, %d, %lld, %1$@, %.2f (conversions "
        + appleConversions + ")"
      : "expected %%, %n or a specifier such as %s, %d, %1$s, %.1f (conversions "
        + androidConversions + ")"
    func digits() -> Int? {
      var value = 0
      var any = false
      while index < text.endIndex, let digit = text[index].wholeNumberValue, text[index].isASCII {
        value = min(value * 10 + digit, 1_000_000)
        any = true
        index = text.index(after: index)
      }
      return any ? value : nil
    }
    var position: Int?
    let afterPercent = index
    if let number = digits(), index < text.endIndex, text[index] == "$" {
      guard number > 0 else { throw fail("has position 0; positions start at 1. " + valid) }
      position = number
      index = text.index(after: index)
    } else {
      index = afterPercent
    }
    var flags = ""
    let flagSet: Set<Character> =
      syntax == .apple ? ["-", "+", " ", "#", "0", "'"] : ["-", "+", " ", "#", "0", ",", "("]
    while index < text.endIndex, flagSet.contains(text[index]) {
      flags.append(text[index])
      index = text.index(after: index)
    }
    if index < text.endIndex, text[index] == "*" {
      throw fail("takes its width from an argument (*), which is not supported; " + valid)
    }
    // A width or precision over the limit, reported once the whole specifier is read.
    let limit = PlaceholderSamples.maximumWidth
    var excess: String?
    let widthStart = index
    let width = digits()
    if let width, width > limit {
      excess = "the width " + DisplayText.quoted(String(text[widthStart..<index]), limit: 20)
    }
    var precision: Int?
    if index < text.endIndex, text[index] == "." {
      index = text.index(after: index)
      let precisionStart = index
      precision = digits() ?? 0
      if excess == nil, let precision, precision > limit {
        excess =
          "the precision " + DisplayText.quoted(String(text[precisionStart..<index]), limit: 20)
      }
    }
    guard index < text.endIndex else {
      if position != nil { throw fail("has a position but no conversion; " + valid) }
      throw fail("ends the text without a conversion; " + valid)
    }
    let conversion = text[index]
    index = text.index(after: index)
    let spelling = String(text[start..<index])
    if let excess {
      throw Failure(
        column: column(of: start, in: text), spelling: spelling,
        detail: "has \(excess); expected a width and precision of at most \(limit) "
          + "(PlaceholderSamples.maximumWidth), more than any label needs")
    }
    let conversions = syntax == .apple ? appleConversions : androidConversions
    let kind: Placeholder.Kind
    if conversion == "%", position == nil, flags.isEmpty, width == nil, precision == nil {
      kind = .percent
    } else if conversion == "n", syntax == .android, position == nil {
      kind = .newline
    } else if syntax == .android, conversion == "t" || conversion == "T" {
      guard index < text.endIndex, dateTimeSuffixes.contains(text[index]) else {
        let suffix = index < text.endIndex ? "'\(text[index])'" : "nothing"
        throw Failure(
          column: column(of: start, in: text), spelling: String(text[start..<index]),
          detail: "is a date/time conversion followed by \(suffix); expected one of "
            + dateTimeSuffixes + " after %t, such as %tB (month) or %tY (year)")
      }
      let suffix = text[index]
      index = text.index(after: index)
      return Placeholder(
        range: start..<index, spelling: String(text[start..<index]), kind: .dateTime(suffix),
        position: position, flags: flags, width: width, precision: precision,
        conversion: conversion)
    } else if conversion != "%", conversions.contains(conversion) {
      kind =
        switch conversion {
        case "@", "s", "S": .string
        case "f", "F", "e", "E", "g", "G", "a", "A": .float
        case "c", "C": .character
        case "p": .pointer
        case "b", "B": .boolean
        default: .integer  // d D i u U x X o O h H
        }
    } else {
      throw Failure(
        column: column(of: start, in: text), spelling: spelling,
        detail: "has the unknown conversion '\(conversion)'; " + valid)
    }
    return Placeholder(
      range: start..<index, spelling: spelling, kind: kind, position: position, flags: flags,
      width: width, precision: precision, conversion: conversion)
  }
}
