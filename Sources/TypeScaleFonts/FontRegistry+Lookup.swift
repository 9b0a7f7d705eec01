// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

extension FontRegistry {
  /// What a name lookup found: a match, a name whose faces' files are all gone, or nothing.
  enum _Lookup {
    case matched(FontMatch)
    /// The name is registered but no face it could give is usable; the error for the first file
    /// found changed, and a note for each.
    case unusable(FontError, [FontDiagnostic])
    case unknown
  }

  /// The files found deleted or replaced during one lookup, checked once per source.
  private struct _Usability {
    let registry: FontRegistry
    var checked: [FontSource: FontError?] = [:]
    var notes: [FontDiagnostic] = []
    var firstError: FontError?

    /// Whether the face's bytes can still be read as registered: cached, or its file unchanged.
    mutating func isUsable(_ face: FontFace) -> Bool {
      let source = face.source
      if let known = checked[source] { return known == nil }
      var error: FontError?
      if source.kind == .file, !registry.dataCache.holds(source) {
        error = source._file.change()
      }
      checked[source] = error
      if let error {
        firstError = firstError ?? error
        notes.append(
          FontDiagnostic(
            kind: .fileUnavailable,
            message: "skipped \(face.postScriptName) and the other faces of its file: "
              + error.message))
      }
      return error == nil
    }
  }

  /// The lookup behind ``match(_:)`` and ``resolve(_:)``: PostScript name, family, full name, in
  /// the order ``match(_:)`` documents, over usable faces only.
  func _lookup(_ query: FontQuery) -> _Lookup {
    let name = query.family
    let (byPostScriptName, family, byFullName) = state.withLock { state in
      (
        state.face(postScriptName: name), state.faces(family: name),
        state.face(fullName: name)
      )
    }
    var usability = _Usability(registry: self)

    // 1. A PostScript name, when no style or that face's own style is asked for.
    if let face = byPostScriptName, query.asksForNoStyle || face.hasStyle(of: query),
      usability.isUsable(face)
    {
      return .matched(FontMatch(face: face, isExact: true, variations: [:], diagnostics: []))
    }

    // 2. A family, by CSS Fonts 4 matching over the faces whose files are usable.
    var candidates = family
    while let match = Self._match(query, among: candidates) {
      if usability.isUsable(match.face) {
        let notes = usability.notes
        return .matched(
          FontMatch(
            face: match.face, isExact: match.isExact && notes.isEmpty,
            variations: match.variations, diagnostics: notes + match.diagnostics))
      }
      candidates.removeAll { $0.source == match.face.source }
    }

    // 3. One named face: a PostScript name that is not a family, else a full name.
    if family.isEmpty, let face = byPostScriptName ?? byFullName, usability.isUsable(face) {
      let ignored = Self._styleNotApplied(query, face: face, byFullName: byPostScriptName == nil)
      return .matched(
        FontMatch(
          face: face, isExact: ignored.isEmpty, variations: [:], diagnostics: ignored))
    }

    if let error = usability.firstError { return .unusable(error, usability.notes) }
    return .unknown
  }

  /// The diagnostics for a face selected by its name that lacks a style the query asks for: a
  /// weight, slope or width other than the default (regular, upright, normal).
  private static func _styleNotApplied(
    _ query: FontQuery, face: FontFace, byFullName: Bool
  ) -> [FontDiagnostic] {
    let named =
      "\"\(query.family)\" is the \(byFullName ? "full" : "PostScript") name of one face, "
      + face.postScriptName
    let advice = "; ask for the family \"\(face.family)\" to match styles"
    var notes: [FontDiagnostic] = []
    if query.width.percent != FontWidth.normal.percent, face.width.percent != query.width.percent {
      notes.append(
        FontDiagnostic(
          kind: .widthSubstituted,
          message: "\(named) (width \(face.width.name)); the requested \(query.width.name) "
            + "width was not applied\(advice)"))
    }
    if query.slope != .upright, face.slope != query.slope {
      notes.append(
        FontDiagnostic(
          kind: .slopeSubstituted,
          message: "\(named) (\(face.slope)); the requested \(query.slope) was not applied "
            + "(TypeScale does not synthesize slopes)\(advice)"))
    }
    if query.weight.value != 400, face.weight.value != query.weight.value {
      notes.append(
        FontDiagnostic(
          kind: .weightSubstituted,
          message: "\(named) (weight \(face.weight.value)); the requested \(query.weight.name) "
            + "(\(query.weight.value)) was not applied (bold is not synthesized)\(advice)"))
    }
    return notes
  }
}

extension FontQuery {
  /// Whether the query asks for no particular style: regular weight, upright and normal width,
  /// its defaults.
  var asksForNoStyle: Bool {
    weight.value == 400 && slope == .upright && width.percent == FontWidth.normal.percent
  }
}

extension FontFace {
  /// Whether the face has exactly the query's weight, slope and width.
  func hasStyle(of query: FontQuery) -> Bool {
    weight.value == query.weight.value && slope == query.slope
      && width.percent == query.width.percent
  }
}
