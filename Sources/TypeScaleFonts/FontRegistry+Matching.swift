// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

extension FontRegistry {
  // MARK: - Lookup

  /// The face registered under an exact PostScript name, like `UIFont(name:size:)`.
  ///
  /// A plain lookup: it does not check that the face's file is still on disk (``match(_:)`` and
  /// ``resolve(_:)`` do).
  ///
  /// - Parameter postScriptName: The PostScript name, such as `Pretendard-SemiBold` (not the
  ///   file name).
  /// - Returns: The face, or `nil` when no registered face has that name.
  public func face(postScriptName: String) -> FontFace? {
    state.withLock { $0.face(postScriptName: postScriptName) }
  }

  /// The face registered under a full name (`name` ID 4), such as `Inter Regular` or
  /// `Noto Sans CJK KR Bold`, matched case-insensitively.
  ///
  /// When two registered faces share a full name, the one registered first answers. A plain
  /// lookup, like ``face(postScriptName:)``; ``match(_:)`` and ``resolve(_:)`` also accept full
  /// names, after PostScript and family names.
  ///
  /// - Parameter fullName: The full name, as `typescale fonts inspect` prints it.
  /// - Returns: The face, or `nil` when no registered face has that full name.
  public func face(fullName: String) -> FontFace? {
    state.withLock { $0.face(fullName: fullName) }
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

  /// The face for a query, strictly: a PostScript name, a family matched with CSS Fonts Level 4
  /// rules (width, then slope, then weight, §5.2), or a full name.
  ///
  /// The query's name is tried in this order:
  ///
  /// 1. A **PostScript name** (exact, case-sensitive) selects that face when the query asks for
  ///    no style — regular weight, upright, normal width, ``FontQuery``'s defaults — or for that
  ///    face's own weight, slope and width. This is `UIFont(name:size:)`.
  /// 2. A **family name** (case-insensitive, in any language the fonts give) is matched over the
  ///    family's faces with CSS Fonts 4 rules. So a name that is both a family and a PostScript
  ///    name — NanumGothic's regular face is named `NanumGothic` — is matched as a family as soon
  ///    as another weight, slope or width is asked for: `NanumGothic` bold is `NanumGothicBold`.
  /// 3. A PostScript name that is not a family name, else a **full name** (`name` ID 4,
  ///    case-insensitive, such as `Inter Regular`), selects that one face. When the query asks
  ///    for a weight, slope or width (one other than the default) that the face does not have,
  ///    the face is kept (the name names it) and the match is inexact with a diagnostic saying
  ///    what was not applied and which family to ask for instead.
  ///
  /// A family with no face of the requested weight or slope gives the nearest one, with
  /// ``FontMatch/isExact`` `false` and a diagnostic; no bold or italic is synthesized. Every
  /// substitution is a diagnostic: ``FontMatch/isExact`` is `true` only when the diagnostics are
  /// empty.
  ///
  /// **Files deleted or replaced after registration.** A face is usable while its bytes are in
  /// the registry's ``dataCache`` (they were read and checked when cached) or its file on disk is
  /// still the one registered: same device, inode, size and modification time, one `stat` per
  /// candidate face. A face whose file was deleted or replaced, and whose bytes are not cached,
  /// is skipped: the family's other faces are matched (with a
  /// ``FontDiagnostic/Kind/fileUnavailable`` diagnostic), and when no usable face answers to the
  /// name this throws. So a match is never followed by a layout that fails to read its face,
  /// short of the file changing in between. The embedded faces are not checked. Register the
  /// file again to use a replacement.
  ///
  /// - Parameter query: The name, weight, slope and width.
  /// - Returns: The match.
  /// - Throws: ``FontError/Code/notRegistered`` when no PostScript, family or full name matches,
  ///   naming the request and some registered families; ``FontError/Code/fileNotFound`` or
  ///   ``FontError/Code/fileChanged`` when the name is registered but every face it could give
  ///   has had its file deleted or replaced since registration.
  public func match(_ query: FontQuery) throws(FontError) -> FontMatch {
    switch _lookup(query) {
    case .matched(let match):
      return match
    case .unusable(let error, _):
      throw error
    case .unknown:
      let known = families
      let listed = known.prefix(8).joined(separator: ", ") + (known.count > 8 ? ", …" : "")
      throw FontError(
        .notRegistered,
        "no registered face is named or in a family named \"\(query.family)\"; registered "
          + "families: \(listed). Pass a PostScript name (see `typescale fonts inspect`), a "
          + "family name or a full name")
    }
  }

  /// The face for a query, never failing: an unknown name resolves to TypeScale's default face,
  /// with a diagnostic, as SwiftUI's `Font.custom` falls back to the system font.
  ///
  /// Names are matched as ``match(_:)`` matches them. The default is matched with the query's
  /// weight and slope, so a bold request for a missing font still gets the default's bold face.
  /// A name whose every usable face had its file deleted or replaced since registration also
  /// resolves to the default, with a ``FontDiagnostic/Kind/fileUnavailable`` diagnostic naming
  /// the file before the ``FontDiagnostic/Kind/notRegistered`` one.
  ///
  /// - Parameter query: The name, weight, slope and width.
  /// - Returns: The match; ``FontMatch/usedDefault`` tells whether the default stands in.
  public func resolve(_ query: FontQuery) -> FontMatch {
    let notes: [FontDiagnostic]
    let reason: String
    switch _lookup(query) {
    case .matched(let match):
      return match
    case .unusable(_, let skipped):
      notes = skipped
      reason = "no usable face remains (its files changed since registration)"
    case .unknown:
      notes = []
      reason = "not registered"
    }
    var fallback = query
    fallback.family = defaultFace.family
    let match = Self._match(
      fallback, among: embeddedFaces.filter { $0.family == defaultFace.family })
    let face = match?.face ?? defaultFace
    let note = FontDiagnostic(
      kind: .notRegistered,
      message: "requested \"\(query.family)\", \(reason); using \(face.postScriptName) "
        + "(TypeScale's default)")
    return FontMatch(
      face: face, isExact: false, variations: match?.variations ?? [:],
      diagnostics: notes + [note] + (match?.diagnostics ?? []))
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
