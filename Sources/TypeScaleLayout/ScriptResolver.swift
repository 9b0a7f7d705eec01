// SPDX-License-Identifier: Apache-2.0

/// Resolves Common and Inherited scripts (UAX #24) one scalar at a time, in text order: a
/// combining mark takes the script before it, punctuation the preceding script, a closing
/// bracket the script of its opening bracket (UAX #24 §5.1).
///
/// Text that starts with Common or Inherited characters takes the first real script for them,
/// which is not known until it appears: ``resolve(_:)`` answers `nil` for those, and the caller
/// gives them ``firstScript`` once it is set (or Common if the text has none). The itemizer
/// resolves as it walks the grapheme clusters; ``Itemizer/scripts(_:)`` fills an array.
struct ScriptResolver {
  /// The last real script, once one has appeared.
  private(set) var previous: ScriptCode? = nil
  /// Open brackets with the script before each.
  private var brackets: [(scalar: UInt32, script: ScriptCode?)] = []

  /// The text's first real script, once it has appeared: what leading Common and Inherited
  /// characters take.
  private(set) var firstScript: ScriptCode? = nil

  /// The script of the next scalar, or `nil` when it is Common or Inherited and no real script
  /// has appeared yet.
  @inline(__always)
  mutating func resolve(_ value: UInt32) -> ScriptCode? {
    let script = Itemizer.script(of: value)
    if script == .inherited { return previous }
    if script != .common {
      if firstScript == nil { firstScript = script }
      previous = script
      return script
    }
    if let opening = Self.openingBracket(for: value), let index = innermost(opening) {
      let paired = brackets[index].script ?? previous
      brackets.removeSubrange(index...)
      return paired
    }
    if Self.closingBracket(for: value) != nil { brackets.append((value, previous)) }
    // Other Common characters take the preceding script, whatever their Script_Extensions say
    // (ICU's `UScriptRun` does the same).
    return previous
  }

  /// How many of the innermost open brackets a closing bracket is paired with: 64.
  ///
  /// A closing bracket whose opening bracket is deeper is unpaired, so that each searches a
  /// bounded part of the stack (ICU's `UScriptRun` remembers 32 open brackets). Real text nests
  /// a few deep.
  static let bracketDepth = 64

  /// The index of the innermost open bracket `opening` among the ``bracketDepth`` innermost
  /// open brackets.
  private func innermost(_ opening: UInt32) -> Int? {
    var index = brackets.count
    let floor = max(0, index - Self.bracketDepth)
    while index > floor {
      index -= 1
      if brackets[index].scalar == opening { return index }
    }
    return nil
  }

  /// The closing bracket of an opening one, for the brackets that pair in text.
  private static func closingBracket(for scalar: UInt32) -> UInt32? {
    switch scalar {
    case 0x28: 0x29
    case 0x5B: 0x5D
    case 0x7B: 0x7D
    case 0x2018: 0x2019
    case 0x201C: 0x201D
    case 0x3008...0x3011 where scalar % 2 == 0: scalar + 1
    case 0xFF08: 0xFF09
    default: nil
    }
  }

  /// The opening bracket of a closing one.
  private static func openingBracket(for scalar: UInt32) -> UInt32? {
    switch scalar {
    case 0x29: 0x28
    case 0x5D: 0x5B
    case 0x7D: 0x7B
    case 0x2019: 0x2018
    case 0x201D: 0x201C
    case 0x3009...0x3011 where scalar % 2 == 1: scalar - 1
    case 0xFF09: 0xFF08
    default: nil
    }
  }
}
