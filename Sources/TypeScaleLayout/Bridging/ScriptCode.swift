// SPDX-License-Identifier: Apache-2.0

internal import CUnicode

/// A UAX #24 script: ICU's `UScriptCode`, by name instead of by number.
///
/// The named values come from CUnicode's `CUnicode_script*` constants, which `CUnicode.c` checks
/// against ICU's `USCRIPT_*` enum at compile time, so a number here cannot drift from ICU's.
/// Only the scripts the layout engine tests for are named; any other code ICU returns is kept
/// as it is. ``UnicodeServices/scriptTag(_:)`` gives the ISO 15924 tag.
struct ScriptCode: RawRepresentable, Hashable, Sendable {
  /// ICU's `UScriptCode` value.
  var rawValue: Int32

  @inline(__always)
  init(rawValue: Int32) { self.rawValue = rawValue }

  /// Zyyy: characters shared by many scripts, such as digits and punctuation.
  static var common: ScriptCode { ScriptCode(rawValue: CUnicode_scriptCommon) }
  /// Zinh: combining marks that take the script of their base character.
  static var inherited: ScriptCode { ScriptCode(rawValue: CUnicode_scriptInherited) }
  /// Zzzz: unassigned code points.
  static var unknown: ScriptCode { ScriptCode(rawValue: CUnicode_scriptUnknown) }
  /// Arab.
  static var arabic: ScriptCode { ScriptCode(rawValue: CUnicode_scriptArabic) }
  /// Cyrl.
  static var cyrillic: ScriptCode { ScriptCode(rawValue: CUnicode_scriptCyrillic) }
  /// Deva.
  static var devanagari: ScriptCode { ScriptCode(rawValue: CUnicode_scriptDevanagari) }
  /// Grek.
  static var greek: ScriptCode { ScriptCode(rawValue: CUnicode_scriptGreek) }
  /// Hani.
  static var han: ScriptCode { ScriptCode(rawValue: CUnicode_scriptHan) }
  /// Hang.
  static var hangul: ScriptCode { ScriptCode(rawValue: CUnicode_scriptHangul) }
  /// Hebr.
  static var hebrew: ScriptCode { ScriptCode(rawValue: CUnicode_scriptHebrew) }
  /// Hira.
  static var hiragana: ScriptCode { ScriptCode(rawValue: CUnicode_scriptHiragana) }
  /// Kana.
  static var katakana: ScriptCode { ScriptCode(rawValue: CUnicode_scriptKatakana) }
  /// Latn.
  static var latin: ScriptCode { ScriptCode(rawValue: CUnicode_scriptLatin) }
  /// Taml.
  static var tamil: ScriptCode { ScriptCode(rawValue: CUnicode_scriptTamil) }
  /// Thai.
  static var thai: ScriptCode { ScriptCode(rawValue: CUnicode_scriptThai) }

  /// Jpan: Han, Hiragana and Katakana together.
  ///
  /// No character has it: the typesetter gives it to a run that joins the three, so that one
  /// shaping call sees the whole Japanese run.
  static var japanese: ScriptCode { ScriptCode(rawValue: CUnicode_scriptJapanese) }

  /// Whether this is Han, Hiragana or Katakana: the scripts a ``japanese`` run joins.
  var isHanOrKana: Bool { self == .han || self == .hiragana || self == .katakana }
}
