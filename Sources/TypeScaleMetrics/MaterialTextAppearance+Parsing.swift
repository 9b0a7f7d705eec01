// SPDX-License-Identifier: Apache-2.0

extension MaterialTextAppearance {
  /// The longest name ``init(parsing:)`` reads: 200 characters.
  public static let maximumNameLength = 200

  /// Parses an appearance as a layout, theme or Compose file names it.
  ///
  /// Accepted, ignoring case:
  ///
  /// - Material 3: `labelLarge`, `LabelLarge`, `TextAppearance.Material3.LabelLarge`,
  ///   `@style/TextAppearance.Material3.LabelLarge`, `?attr/textAppearanceLabelLarge`,
  ///   `MaterialTheme.typography.labelLarge`.
  /// - Material 2: `Headline6`, `TextAppearance.MaterialComponents.Headline6`,
  ///   `?attr/textAppearanceHeadline6`, Compose's `h6`, `subtitle1`, `body1`, `button`, `caption`,
  ///   `overline`.
  /// - Platform: `TextAppearance.Material.Body1`, `@android:style/TextAppearance.Material.Body1`,
  ///   `TextAppearance.AppCompat.Body1`, `TextAppearance.Small` (`Medium`, `Large`),
  ///   `?android:attr/textAppearanceSmall`.
  ///
  /// A bare name is looked up in Material 3, then Material 2, then the platform: `Body1` is
  /// Material 2's (16 sp), `TextAppearance.Material.Body1` the platform's (14 sp).
  ///
  /// - Parameter name: The name, at most ``maximumNameLength`` characters.
  /// - Throws: ``MetricsError/Code/unknownTextStyle`` naming the text, the closest known name
  ///   and the Material 3 roles.
  public init(parsing name: String) throws(MetricsError) {
    guard name.count <= Self.maximumNameLength else {
      throw MetricsError(
        .unknownTextStyle,
        "text appearance \"\(MetricsError.quoted(name))\" is too long; names have at most "
          + "\(Self.maximumNameLength) characters, such as labelLarge")
    }
    if let found = Self.lookUp(name) {
      self = found
      return
    }
    var message = "unknown text appearance \"\(MetricsError.quoted(name))\""
    if let closest = Self.closestName(to: name) { message += "; did you mean \(closest)?" }
    message +=
      "; Material 3 roles: " + Self.material3.map(\.name).joined(separator: ", ")
      + "; also Material 2 (Headline1…Overline, TextAppearance.MaterialComponents.*) and "
      + "platform names (TextAppearance.Material.Body1, TextAppearance.AppCompat.*, "
      + "TextAppearance.Small)"
    throw MetricsError(.unknownTextStyle, message)
  }

  // MARK: - Lookup

  /// Compose Material's names of the Material 2 roles.
  private static let composeMaterial2Names: [String: String] = [
    "h1": "Headline1", "h2": "Headline2", "h3": "Headline3", "h4": "Headline4",
    "h5": "Headline5", "h6": "Headline6",
  ]

  /// The appearance a name stands for, or `nil`.
  static func lookUp(_ name: String) -> MaterialTextAppearance? {
    var key = ContentSizeCategory.normalize(name).filter { $0 != " " }
    for prefix in ["@android:style/", "@style/", "?android:attr/", "?attr/", "?android:", "?"] {
      if key.hasPrefix(prefix) {
        key.removeFirst(prefix.count)
        break
      }
    }
    let qualified: [(prefix: String, systems: [System])] = [
      ("textappearance.material3.", [.material3]),
      ("textappearance.materialcomponents.", [.material2]),
      ("textappearance.material.", [.platform]),
      ("textappearance.appcompat.", [.platform]),
      ("textappearance.devicedefault.", [.platform]),
      ("textappearance.", [.platform]),
      ("materialtheme.typography.", [.material3, .material2]),
      ("typography.", [.material3, .material2]),
      ("textappearance", [.material3, .material2]),  // theme attributes
    ]
    for (prefix, systems) in qualified where key.hasPrefix(prefix) {
      let rest = String(key.dropFirst(prefix.count))
      if prefix == "textappearance", ["small", "medium", "large"].contains(rest) {
        return find(rest, in: [.platform])  // ?android:attr/textAppearanceSmall
      }
      return find(rest, in: systems)
    }
    return find(key, in: [.material3, .material2, .platform])
  }

  /// The first appearance of `systems` (in that order) named `key` (lower case).
  private static func find(_ key: String, in systems: [System]) -> MaterialTextAppearance? {
    let name = composeMaterial2Names[key].map { $0.lowercased() } ?? key
    for system in systems {
      if let match = all.first(where: { $0.system == system && $0.name.lowercased() == name }) {
        return match
      }
    }
    return nil
  }

  /// The known bare name nearest to `name` by edit distance, if any is within 4 edits.
  static func closestName(to name: String) -> String? {
    var key = ContentSizeCategory.normalize(name).filter { $0 != " " }
    if let dot = key.lastIndex(of: ".") { key = String(key[key.index(after: dot)...]) }
    if let slash = key.lastIndex(of: "/") { key = String(key[key.index(after: slash)...]) }
    if key.hasPrefix("textappearance") { key.removeFirst("textappearance".count) }
    var best: (name: String, distance: Int)?
    for candidate in all.map(\.name) {
      let distance = editDistance(Array(key), Array(candidate.lowercased()))
      if distance < (best?.distance ?? 5) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// Levenshtein distance between two short character arrays.
  private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: b.count)
      for (j, y) in b.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
