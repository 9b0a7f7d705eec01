// SPDX-License-Identifier: Apache-2.0

/// The "did you mean" of unknown options and subcommands: the nearest valid name by edit
/// distance.
///
/// The distance is the optimal string alignment distance (Damerau–Levenshtein without
/// repeated edits of one substring): an insertion, a deletion, a substitution or a swap of two
/// adjacent characters each cost 1, so `mesure` is 1 from `measure` and `--widht` is 1 from
/// `--width`. Case is ignored.
///
/// ```swift
/// EditDistance.suggestion(for: "mesure", among: ["sizes", "measure"])  // "measure"
/// EditDistance.suggestion(for: "xyz", among: ["sizes", "measure"])     // nil
/// ```
enum EditDistance {
  /// The distance between two strings, compared by `Character`, ignoring case.
  ///
  /// - Parameters:
  ///   - a: One string.
  ///   - b: The other.
  /// - Returns: The number of insertions, deletions, substitutions and adjacent swaps that turn
  ///   one into the other.
  /// - Complexity: O(`a.count` × `b.count`).
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, table[i - 2][j - 2] + 1)
        }
        table[i][j] = best
      }
    }
    return table[a.count][b.count]
  }

  /// The candidate nearest to a mistyped name, when it is near enough to be what was meant.
  ///
  /// Near enough is at most a third of the typed name's length (leading dashes not counted),
  /// and at least 1: `mesure` (1 edit) suggests `measure`, `--sise` (1) suggests `--size`,
  /// `--frobnicate` suggests nothing. Ties go to the first candidate.
  ///
  /// - Parameters:
  ///   - name: What was typed.
  ///   - candidates: The valid names, spelt as they should be shown (`--width`, `measure`).
  /// - Returns: The nearest candidate, or `nil` when none is near enough.
  static func suggestion(for name: String, among candidates: [String]) -> String? {
    let letters = name.drop { $0 == "-" }.count
    let limit = max(1, letters / 3)
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = distance(name, candidate)
      if distance <= limit, distance < best?.distance ?? .max {
        best = (candidate, distance)
      }
    }
    return best?.name
  }
}
