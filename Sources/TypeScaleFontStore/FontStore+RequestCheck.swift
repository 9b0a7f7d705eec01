// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts
import TypeScaleInternals
import TypeScaleMetrics

/// How a fetched file differs from the face it was fetched for: the ``FontStoreError/underlying``
/// error of a ``FontStoreError/Code/mismatch``.
///
/// ```swift
/// do {
///   try await store.load(family: "Inter", styles: [.regular], from: hosted)
/// } catch let error where error.code == .mismatch {
///   let mismatch = error.underlying as? FontMismatch
///   mismatch?.aspect   // .style
///   mismatch?.found    // ["Inter-Thin (\"Inter\" Thin, full name \"Inter Thin\", weight 100, upright)"]
/// }
/// ```
public struct FontMismatch: Error, Hashable, Sendable, CustomStringConvertible {
  /// What differs.
  public enum Aspect: Hashable, Sendable, CustomStringConvertible {
    /// No face of the file is in the requested family.
    case family
    /// Faces of the family, but none in the requested weight and slope.
    case style

    /// `family` or `style`.
    public var description: String {
      switch self {
      case .family: "family"
      case .style: "style"
      }
    }
  }

  /// What differs.
  public let aspect: Aspect
  /// The face that was asked for.
  public let request: FontRequest
  /// Each face of the file: PostScript name, family, style, full name, weight (or `wght` range)
  /// and slope.
  public let found: [String]

  /// `"Inter" Regular: family differs; the file holds …`.
  public var description: String {
    "\(request): \(aspect) differs; the file holds \(found.joined(separator: "; "))"
  }
}

extension FontRequest {
  /// The faces the registry finds under the request's family: those with the family among
  /// their family names (typographic, legacy and WWS, in every language; compared
  /// case-insensitively, as the registry does), or whose PostScript name it is.
  func facesInFamily(_ faces: [FontFace]) -> [FontFace] {
    let wanted = Self._fold(family)
    return faces.filter { face in
      face.postScriptName == family || Self._fold(face.family) == wanted
        || face.familyNames.contains { Self._fold($0) == wanted }
    }
  }

  /// Whether a face draws the requested style: the same weight class (or a `wght` axis whose
  /// range holds the weight) and the same slope (or an `ital` or `slnt` axis that reaches it).
  func isDrawn(by face: FontFace) -> Bool {
    let weight = Double(style.weight.value)
    let weightHolds: Bool
    if let axis = face.axes.first(where: { $0.tag == "wght" }) {
      weightHolds = axis.minimum <= weight && weight <= axis.maximum
    } else {
      weightHolds = face.weight == style.weight
    }
    let italicAxis = face.axes.first { $0.tag == "ital" }
    let slantAxis = face.axes.first { $0.tag == "slnt" }
    let slopeHolds: Bool
    if style.italic {
      slopeHolds =
        face.slope.isSlanted || (italicAxis.map { $0.maximum >= 1 } ?? false)
        || (slantAxis.map { $0.minimum < 0 || $0.maximum > 0 } ?? false)
    } else {
      slopeHolds =
        !face.slope.isSlanted || (italicAxis.map { $0.minimum <= 0 } ?? false)
        || (slantAxis.map { $0.minimum <= 0 && $0.maximum >= 0 } ?? false)
    }
    return weightHolds && slopeHolds
  }

  /// `weight 400, upright`.
  var styleSummary: String {
    "weight \(style.weight.value), \(style.italic ? "italic" : "upright")"
  }

  /// Folds case as the registry's family lookup does (CSS Fonts 4 §5.1: full case folding, no
  /// normalization), approximated by upper- then lower-casing.
  static func _fold(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
    return name.uppercased().lowercased()
  }
}

extension FontStore {
  // MARK: - Checking a fetched file against its request

  /// What the store expects of a fetched file: the request, and whether the source may name
  /// the family differently (``RemoteFontSource/familyNamesMayDiffer``).
  struct Expectation: Sendable {
    let request: FontRequest
    let familyMayDiffer: Bool
    let source: String
  }

  /// Checks a fetched file's faces against the face it was fetched for, before anything is
  /// stored.
  ///
  /// The family must be one the registry finds the faces under (see
  /// ``FontRequest/facesInFamily(_:)``); a face of it must draw the style (see
  /// ``FontRequest/isDrawn(by:)``). For a source whose family names may differ, a family that
  /// differs is a note, and the style is checked over every face.
  ///
  /// - Returns: The note for a family that differs, or `nil`.
  /// - Throws: ``FontStoreError/Code/mismatch``, with a ``FontMismatch`` as its cause.
  static func _check(
    _ faces: [FontFace], against expectation: Expectation, name: String
  ) throws(FontStoreError) -> String? {
    let request = expectation.request
    var inFamily = request.facesInFamily(faces)
    var note: String?
    if inFamily.isEmpty {
      guard expectation.familyMayDiffer else {
        throw mismatch(.family, request: request, faces: faces, name: name, source: expectation)
      }
      inFamily = faces
      let names = Set(faces.map { "\"\($0.family)\"" }).sorted().joined(separator: ", ")
      note =
        "\(name) was served for \(request) and names its family \(names); "
        + "\(expectation.source) names families itself, so it is stored and registered under "
        + "the file's family: look it up by \(names) or by its PostScript name "
        + "(\(faces.map(\.postScriptName).first ?? ""))"
    }
    guard inFamily.contains(where: request.isDrawn(by:)) else {
      throw mismatch(.style, request: request, faces: inFamily, name: name, source: expectation)
    }
    return note
  }

  /// The error for a file that is not the requested face.
  static func mismatch(
    _ aspect: FontMismatch.Aspect, request: FontRequest, faces: [FontFace], name: String,
    source: Expectation
  ) -> FontStoreError {
    let found = faces.prefix(8).map(describe) + (faces.count > 8 ? ["…"] : [])
    let cause = FontMismatch(aspect: aspect, request: request, found: found)
    let asked = aspect == .family ? "\(request)" : "\(request) (\(request.styleSummary))"
    let fix =
      aspect == .family
      ? "check the file \(source.source) serves for \(request), or ask for the family the file "
        + "names"
      : "check the file \(source.source) serves for \(request), or ask for the style the file "
        + "holds"
    return FontStoreError(
      .mismatch,
      "\(name) is not \(asked): it holds \(found.joined(separator: "; ")); nothing was "
        + "stored: \(fix)",
      cause: cause)
  }

  /// `Inter-Thin ("Inter" Thin, full name "Inter Thin", weight 100, upright)`, with a `wght`
  /// range for a variable face.
  static func describe(_ face: FontFace) -> String {
    var parts = ["\"\(face.family)\" \(face.styleName)"]
    if let full = face.fullName { parts.append("full name \"\(full)\"") }
    if let axis = face.axes.first(where: { $0.tag == "wght" }) {
      parts.append("wght \(NumberText.shortest(axis.minimum))…\(NumberText.shortest(axis.maximum))")
    } else {
      parts.append("weight \(face.weight.value)")
    }
    parts.append(face.slope.description)
    return "\(face.postScriptName) (\(parts.joined(separator: ", ")))"
  }
}
