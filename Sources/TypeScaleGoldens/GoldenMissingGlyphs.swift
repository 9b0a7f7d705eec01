// SPDX-License-Identifier: Apache-2.0

import TypeScaleInternals

/// A text of a suite with characters no font draws: they are drawn as `.notdef` and measured
/// with its width, so its golden records hold the `.notdef` widths.
///
/// One per text, font and face (not per category or width): ``text`` is the case id without its
/// style, category and width (`greetings/amharic/default`). Golden files do not hold these — a
/// golden file stays as it was — they come from ``GoldenMeasurer/missingGlyphs`` as each case
/// is measured, and `typescale goldens record`/`verify` print each as a `warning:` line (with
/// `strict`, an `error:` that exits 1). Apple draws such characters with a last-resort font
/// without a word.
public struct GoldenMissingGlyphs: Hashable, Sendable {
  /// The text: the first case's id without its style, category and width
  /// (`set/text/font`).
  public var text: String
  /// The id of the first case that has them.
  public var caseID: String
  /// The characters no face draws, distinct, in the order met.
  public var characters: [Unicode.Scalar]
  /// The PostScript name of the face asked to draw them.
  public var face: String
  /// Whether they fail the run (the set's `strict`, or `--strict`).
  public var strict: Bool

  /// Creates a record.
  ///
  /// - Parameters:
  ///   - text: The text's name (`set/text/font`).
  ///   - caseID: The first case with the characters.
  ///   - characters: The characters, distinct.
  ///   - face: The face asked to draw them.
  ///   - strict: Whether they fail the run.
  public init(
    text: String, caseID: String, characters: [Unicode.Scalar], face: String, strict: Bool
  ) {
    self.text = text
    self.caseID = caseID
    self.characters = characters
    self.face = face
    self.strict = strict
  }

  /// `greetings/amharic/default: no glyph for U+1230 ሰ, … in NotoSans-Regular or its fallbacks;
  /// they are drawn as .notdef and measured with its width`, the wording of `typescale measure`
  /// (at most 20 characters named, then how many more), without `warning: `.
  public var message: String {
    "\(text): " + MissingGlyphsText.message(characters, face: face)
  }

  /// The text's name for a case id `set/text/font/style/category/width`: the id without its last
  /// three components.
  static func textName(of id: String) -> String {
    var parts = id.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count > 3 { parts.removeLast(3) }
    return parts.joined(separator: "/")
  }
}

/// Collects the missing characters of measured cases, one record per text and face.
struct GoldenMissingGlyphsCollector {
  private(set) var records: [GoldenMissingGlyphs] = []
  private var index: [String: Int] = [:]
  private var seen: [Set<Unicode.Scalar>] = []

  /// Adds a case's missing characters, if any.
  mutating func add(_ test: GoldenCase, missing: [Unicode.Scalar], face: String) {
    guard !missing.isEmpty else { return }
    let name = GoldenMissingGlyphs.textName(of: test.id)
    let key = name + "\u{0}" + face
    if let at = index[key] {
      for scalar in missing where seen[at].insert(scalar).inserted {
        records[at].characters.append(scalar)
      }
      records[at].strict = records[at].strict || test.strict
      return
    }
    var distinct: Set<Unicode.Scalar> = []
    let characters = missing.filter { distinct.insert($0).inserted }
    index[key] = records.count
    seen.append(distinct)
    records.append(
      GoldenMissingGlyphs(
        text: name, caseID: test.id, characters: characters, face: face, strict: test.strict))
  }
}
