// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

extension FontRegistry {
  // MARK: - Lookup

  /// The face registered under an exact PostScript name, like `UIFont(name:size:)`.
  ///
  /// - Parameter postScriptName: The PostScript name, such as `Pretendard-SemiBold` (not the
  ///   file name).
  /// - Returns: The face, or `nil` when no registered face has that name.
  public func face(postScriptName: String) -> FontFace? {
    state.withLock { $0.face(postScriptName: postScriptName) }
  }

  /// Every registered face of a family, matched case-insensitively in any language the fonts
  /// name it, in registration order.
  ///
  /// - Parameter family: A family name, such as `Pretendard` or `나눔고딕`.
  /// - Returns: The faces; empty when the family is not registered.
  public func faces(family: String) -> [FontFace] {
    state.withLock { $0.faces(family: family) }
  }

  /// The registered families' primary names, sorted.
  public var families: [String] {
    state.withLock { state in
      Set(
        state.facesByPostScriptName.values.map(\.family)
          + state.embeddedByPostScriptName.values.map(\.family)
      ).sorted()
    }
  }

  /// Every registered face, sorted by PostScript name.
  public var allFaces: [FontFace] {
    state.withLock { state in
      state.facesByPostScriptName.merging(state.embeddedByPostScriptName) { registered, _ in
        registered
      }.values.sorted { $0.postScriptName < $1.postScriptName }
    }
  }

  // MARK: - Matching

  /// The face for a query, strictly: a PostScript name, or a family matched with CSS Fonts
  /// Level 4 rules (width, then slope, then weight, §5.2).
  ///
  /// A PostScript name wins over the query's weight and slope, as `UIFont(name:size:)` does. A
  /// family with no face of the requested weight or slope gives the nearest one, with
  /// ``FontMatch/isExact`` `false` and a diagnostic; no bold or italic is synthesized.
  ///
  /// - Parameter query: The family or PostScript name, weight, slope and width.
  /// - Returns: The match.
  /// - Throws: ``FontError/Code/notRegistered`` when neither a PostScript name nor a family
  ///   matches, naming the request and some registered families.
  public func match(_ query: FontQuery) throws(FontError) -> FontMatch {
    if let face = face(postScriptName: query.family) {
      return FontMatch(face: face, isExact: true, variations: [:], diagnostics: [])
    }
    let candidates = faces(family: query.family)
    guard let match = Self._match(query, among: candidates) else {
      let known = families
      let listed = known.prefix(8).joined(separator: ", ") + (known.count > 8 ? ", …" : "")
      throw FontError(
        .notRegistered,
        "no registered face is named or in a family named \"\(query.family)\"; registered "
          + "families: \(listed). Pass a PostScript name (see `typescale fonts inspect`) or a "
          + "family name")
    }
    return match
  }

  /// The face for a query, never failing: an unknown name resolves to TypeScale's default face,
  /// with a diagnostic, as SwiftUI's `Font.custom` falls back to the system font.
  ///
  /// The default is matched with the query's weight and slope, so a bold request for a missing
  /// font still gets the default's bold face.
  ///
  /// - Parameter query: The family or PostScript name, weight, slope and width.
  /// - Returns: The match; ``FontMatch/usedDefault`` tells whether the name was unknown.
  public func resolve(_ query: FontQuery) -> FontMatch {
    if let match = try? match(query) { return match }
    var fallback = query
    fallback.family = defaultFace.family
    let match = Self._match(
      fallback, among: embeddedFaces.filter { $0.family == defaultFace.family })
    let face = match?.face ?? defaultFace
    let note = FontDiagnostic(
      kind: .notRegistered,
      message: "requested \"\(query.family)\", not registered; using \(face.postScriptName) "
        + "(TypeScale's default)")
    return FontMatch(
      face: face, isExact: false, variations: match?.variations ?? [:],
      diagnostics: [note] + (match?.diagnostics ?? []))
  }

  /// Runs CSS Fonts 4 matching over one family's faces.
  static func _match(_ query: FontQuery, among faces: [FontFace]) -> FontMatch? {
    guard !faces.isEmpty else { return nil }
    // One candidate per static face, and one per variable font (its named instances share
    // ranges); sorted so that ties resolve the same way in every run.
    let ordered = faces.sorted {
      ($0.source.description, $0.faceIndex) < ($1.source.description, $1.faceIndex)
    }
    var groups: [[FontFace]] = []
    var groupOfVariable: [String: Int] = [:]
    for face in ordered {
      if face.isVariable {
        let key = "\(face.source.description)#\(face.collectionIndex)"
        if let index = groupOfVariable[key] {
          groups[index].append(face)
          continue
        }
        groupOfVariable[key] = groups.count
      }
      groups.append([face])
    }
    let candidates = groups.enumerated().map { order, group in
      Self._candidate(for: group[0], order: order)
    }
    let request = FaceMatcher.Request(
      weight: Double(query.weight.value), width: query.width.percent, slope: query.slope)
    guard let result = FaceMatcher.match(request, among: candidates) else { return nil }

    // Within a variable font, take the named instance nearest the chosen point.
    let group = groups[result.index]
    let face =
      group.min { lhs, rhs in
        _distance(lhs, weight: result.weight, width: result.width)
          < _distance(rhs, weight: result.weight, width: result.width)
      } ?? group[0]
    var variations: [String: Double] = [:]
    if face.isVariable {
      if face.axes.contains(where: { $0.tag == "wght" }),
        face.variationCoordinates["wght"] != result.weight
      {
        variations["wght"] = result.weight
      }
      if face.axes.contains(where: { $0.tag == "wdth" }),
        face.variationCoordinates["wdth"] != result.width
      {
        variations["wdth"] = result.width
      }
    }

    var diagnostics: [FontDiagnostic] = []
    let family = "\"\(query.family)\""
    if result.width != query.width.percent {
      diagnostics.append(
        FontDiagnostic(
          kind: .widthSubstituted,
          message: "no \(query.width.name) face of \(family); using \(face.postScriptName) "
            + "(width \(_format(result.width))%)"))
    }
    if result.slope != query.slope, !(result.slope.isSlanted == false && query.slope == .upright) {
      diagnostics.append(
        FontDiagnostic(
          kind: .slopeSubstituted,
          message: "no \(query.slope) face of \(family); using \(result.slope) "
            + "\(face.postScriptName) (TypeScale does not synthesize slopes, as Apple does not "
            + "for custom fonts)"))
    }
    if result.weight != Double(query.weight.value) {
      diagnostics.append(
        FontDiagnostic(
          kind: .weightSubstituted,
          message: "no \(query.weight.name) (\(query.weight.value)) face of \(family); using "
            + "\(face.postScriptName) (weight \(_format(result.weight))) by CSS Fonts 4 "
            + "matching; bold is not synthesized"))
    }
    return FontMatch(
      face: face, isExact: result.isExact, variations: variations, diagnostics: diagnostics)
  }

  private static func _distance(_ face: FontFace, weight: Double, width: Double) -> Double {
    abs((face.variationCoordinates["wght"] ?? Double(face.weight.value)) - weight)
      + abs((face.variationCoordinates["wdth"] ?? face.width.percent) - width) / 1000
  }
}

extension FontRegistry {
  /// The ranges a face can be drawn with: its own values, or its variable font's axis ranges.
  static func _candidate(for face: FontFace, order: Int) -> FaceMatcher.Candidate {
    func range(_ tag: String) -> ClosedRange<Double>? {
      face.axes.first { $0.tag == tag }.map { $0.minimum...$0.maximum }
    }
    let weight = range("wght") ?? Double(face.weight.value)...Double(face.weight.value)
    let width = range("wdth") ?? face.width.percent...face.width.percent
    var slope = FaceMatcher.SlopeRange(face.slope)
    let ital = range("ital")
    let slnt = range("slnt")
    if ital != nil || slnt != nil {
      // `slnt` is counter-clockwise degrees: −12…0 is CSS oblique 0…12°.
      let oblique = slnt.map { -$0.upperBound ... -$0.lowerBound } ?? 0...0
      slope = FaceMatcher.SlopeRange(
        italic: ital.map { max(0, $0.lowerBound)...max(0, $0.upperBound) }
          ?? (oblique.contains(0) ? 0...0 : nil),
        oblique: oblique)
    }
    return FaceMatcher.Candidate(weight: weight, width: width, slope: slope, order: order)
  }
}
