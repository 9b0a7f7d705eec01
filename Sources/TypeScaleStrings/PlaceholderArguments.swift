// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

/// The argument each specifier of a text formats, numbered as Foundation (and Android's
/// `java.util.Formatter`) number them, and what about a text's specifiers looks wrong.
///
/// **Numbering.** A specifier with a position (`%2$@`) takes that argument; the others take 1,
/// 2, … in order, counted on their own, whatever the positioned ones take, and a `*` width or
/// precision takes the next one before its specifier does. This is CoreFoundation's
/// `__CFStringAppendFormatCore` (its `argNum` counter moves only for specifiers without a
/// position), observed on this machine's Foundation: `String(format: "%1$ld and %ld", 5, 7)` is
/// `5 and 5`, and `"%ld %2$ld %ld"` with 5, 7 is `5 7 7`. `java.util.Formatter` documents the
/// same rule ("ordinary index … independent of the indices used by explicit indexing").
struct PlaceholderArguments {
  /// Something that looks wrong about one specifier, and what the platform does with it.
  struct Finding: Equatable {
    /// The index of the specifier in the scanned list.
    var index: Int
    /// What looked wrong and what the platform does, for a warning.
    var detail: String
  }

  /// The 1-based argument each specifier formats, or `nil` for one that takes none.
  var numbers: [Int?] = []
  /// What looked wrong, in the order of the specifiers.
  var findings: [Finding] = []

  /// Numbers the arguments of `placeholders` and reviews them.
  ///
  /// - Parameters:
  ///   - placeholders: The specifiers of one text, in order.
  ///   - syntax: Whose rules apply.
  ///   - reportsGaps: Whether an argument below a used position that no specifier takes is a
  ///     finding (off for plural variants, whose `%#@name@` variables take arguments that the
  ///     expanded text no longer shows).
  ///   - firstArgument: The argument the first sequential specifier takes: 1, or for the text of
  ///     a stringsdict variable's category, the variable's own argument.
  init(
    _ placeholders: [Placeholder], syntax: PlaceholderSyntax, reportsGaps: Bool = true,
    firstArgument: Int = 1
  ) {
    let platform = syntax == .apple ? "Foundation" : "java.util.Formatter"
    var next = firstArgument
    var used: [Int: Int] = [:]  // argument → the index of the first specifier taking it
    var isStar: Set<Int> = []
    func take(_ reference: Placeholder.ArgumentReference?) -> Int? {
      switch reference {
      case .none: return nil
      case .position(let number): return number
      case .next:
        defer { next += 1 }
        return next
      }
    }
    for (index, placeholder) in placeholders.enumerated() {
      for (reference, what) in [
        (placeholder.widthArgument, "width"), (placeholder.precisionArgument, "precision"),
      ] {
        guard let number = take(reference) else { continue }
        isStar.insert(number)
        if used[number] == nil { used[number] = index }
        let measured = what == "width" ? "without padding" : "at full length"
        findings.append(
          Finding(
            index: index,
            detail: "takes its \(what) from argument \(number), whose value is not known "
              + "before the app runs; measured \(measured)"))
      }
      guard placeholder.takesArgument else {
        numbers.append(nil)
        continue
      }
      let number: Int
      if let position = placeholder.position {
        number = position
      } else {
        number = next
        next += 1
      }
      numbers.append(number)
      if let first = used[number] {
        review(placeholders, index, sharing: first, number: number, platform: platform)
      } else {
        used[number] = index
      }
    }
    for (index, placeholder) in placeholders.enumerated() {
      if let detail = Self.detail(placeholder, syntax: syntax) {
        findings.append(Finding(index: index, detail: detail))
      }
    }
    if reportsGaps, syntax == .apple, let highest = used.keys.max() {
      let missing = (1..<highest).filter { used[$0] == nil }
      if let gap = missing.first, let index = used[highest] {
        let rank = used.keys.filter { $0 < highest }.count + 1
        findings.append(
          Finding(
            index: index,
            detail: "takes argument \(highest), but no specifier takes argument \(gap): "
              + "Foundation reads the app's arguments in order for the numbers used, so this "
              + "specifier shows the app's argument \(rank) (observed: \"%1$ld %3$ld\" with 1, "
              + "2, 3 formats \"1 2\"); measured with the sample of argument \(highest)"))
      }
    }
    findings.sort { $0.index < $1.index }
  }

  /// A finding for a specifier that takes an argument another one already takes.
  private mutating func review(
    _ placeholders: [Placeholder], _ index: Int, sharing first: Int, number: Int,
    platform: String
  ) {
    let placeholder = placeholders[index]
    let other = placeholders[first]
    let quoted = DisplayText.quoted(placeholder.spelling, limit: 40)
    let otherQuoted = DisplayText.quoted(other.spelling, limit: 40)
    if (placeholder.position == nil) != (other.position == nil) {
      let sequential = placeholder.position == nil ? quoted : otherQuoted
      let positional = placeholder.position == nil ? otherQuoted : quoted
      findings.append(
        Finding(
          index: index,
          detail: "mixes positional (\(positional)) and sequential (\(sequential)) specifiers: "
            + "\(platform) numbers the sequential ones on their own, from 1, so \(sequential) "
            + "takes argument \(number), as \(positional) does; measured so, each with the "
            + "sample of its own kind"))
    } else if Self.family(placeholder.kind) != Self.family(other.kind) {
      findings.append(
        Finding(
          index: index,
          detail: "formats argument \(number) as \(Self.family(placeholder.kind)), but "
            + "\(otherQuoted) formats it as \(Self.family(other.kind)); measured with the "
            + "sample of each one's kind"))
    }
  }

  /// What a kind of specifier formats, for messages.
  private static func family(_ kind: Placeholder.Kind) -> String {
    switch kind {
    case .string, .variable: "a string or object"
    case .integer: "an integer"
    case .float: "a floating-point number"
    case .character: "a character"
    case .pointer: "a pointer"
    case .boolean: "a boolean"
    case .dateTime: "a date or time"
    case .nothing: "nothing (%n)"
    case .percent, .newline, .literal: "no argument"
    }
  }

  /// A finding about one specifier on its own, or `nil`.
  private static func detail(_ placeholder: Placeholder, syntax: PlaceholderSyntax) -> String? {
    switch placeholder.kind {
    case .literal(let written):
      let shown = written.isEmpty ? "nothing" : "\"\(DisplayText.quoted(written))\""
      let why =
        placeholder.conversion == "%"
        ? "the text ends before its conversion"
        : "'\(DisplayText.quoted(String(placeholder.conversion)))' is not a conversion"
      return "is not a specifier Foundation formats (\(why)): Foundation writes \(shown) in "
        + "its place and takes no argument; measured so"
    case .nothing:
      return "is %n, for which Foundation writes nothing and skips an argument; measured so"
    case .variable(let name):
      return "names the variable \"\(DisplayText.quoted(name))\", which no stringsdict or "
        + "catalog substitution defines: Foundation formats its argument as %@; measured "
        + "with the string sample"
    case .string where syntax == .apple && placeholder.spelling.contains("#"):
      return "is not a variable Foundation recognises (a variable's name has only letters, "
        + "digits and _, between %#@ and @): Foundation formats its argument as %@; measured "
        + "with the string sample"
    case .string
    where syntax == .apple && placeholder.conversion == "@"
      && (placeholder.width != nil || placeholder.precision != nil
        || placeholder.widthArgument != nil || placeholder.precisionArgument != nil):
      return "has a width or precision, which Foundation ignores for %@ (it writes the "
        + "object's description as is); measured without them"
    default:
      return nil
    }
  }
}
