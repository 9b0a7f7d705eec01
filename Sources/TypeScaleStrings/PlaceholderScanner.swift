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
    /// `%%`: a literal percent sign, no argument.
    case percent
    /// `%n` (Android): a line separator, no argument.
    case newline
  }

  /// The specifier's UTF-16 range in the text.
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

  /// Whether the specifier consumes an argument.
  var takesArgument: Bool { kind != .percent && kind != .newline }
}

/// Finds the format specifiers of `String(format:)` (``PlaceholderSyntax/apple``) or Android's
/// `String.format` (``PlaceholderSyntax/android``) in a text.
enum PlaceholderScanner {
  /// A specifier the syntax does not accept, and what would be valid.
  struct Failure: Error, Equatable {
    /// The 1-based column, in characters, where the bad specifier starts.
    var column: Int
    /// The bad specifier as written.
    var spelling: String
    /// What was wrong and what is valid.
    var detail: String
  }

  static let appleConversions = "@dDiuUxXoOfFeEgGaAcCsSp"
  static let androidConversions = "sSdxXofeEgGaAcCbBhH"
  static let appleLengths = ["hh", "h", "ll", "l", "q", "L", "z", "t", "j"]

  /// The specifiers of `text`, in order.
  ///
  /// - Throws: ``Failure`` for a `%` at the end, an unknown conversion (`%y`), a position
  ///   without a conversion (`%1$`), a width taken from an argument (`*`), or a text mixing
  ///   positional (`%1$@`) and sequential (`%@`) specifiers, or a width or precision over
  ///   ``PlaceholderSamples/maximumWidth``.
  static func scan(_ text: String, syntax: PlaceholderSyntax) throws(Failure) -> [Placeholder] {
    var found: [Placeholder] = []
    var index = text.startIndex
    while let start = text[index...].firstIndex(of: "%") {
      let placeholder = try scanOne(text, at: start, syntax: syntax)
      found.append(placeholder)
      index = placeholder.range.upperBound
    }
    let arguments = found.filter(\.takesArgument)
    if let positional = arguments.first(where: { $0.position != nil }),
      let sequential = arguments.first(where: { $0.position == nil })
    {
      let later =
        positional.range.lowerBound > sequential.range.lowerBound ? positional : sequential
      throw Failure(
        column: column(of: later.range.lowerBound, in: text), spelling: later.spelling,
        detail:
          "mixes positional (\(positional.spelling)) and sequential (\(sequential.spelling)) "
          + "specifiers; expected all specifiers numbered (%1$…) or none")
    }
    return found
  }

  static func column(of index: String.Index, in text: String) -> Int {
    text.distance(from: text.startIndex, to: index) + 1
  }

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
    if syntax == .apple {
      for length in appleLengths where text[index...].hasPrefix(length) {
        index = text.index(index, offsetBy: length.count)
        break
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
    } else if conversion == "@", syntax == .apple, flags.contains("#") {
      let name = text[index...].prefix { $0 != "@" }
      throw Failure(
        column: column(of: start, in: text), spelling: spelling + name + "@",
        detail: "is a substitution (%#@name@) that the reader did not expand; expected its "
          + "stringsdict or catalog substitution to define it")
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
