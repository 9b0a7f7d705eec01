// SPDX-License-Identifier: Apache-2.0

import TypeScaleMetrics

/// One registered font face: its names, style, metrics, coverage and source — an immutable,
/// `Sendable` value.
///
/// A face is what CoreText calls a font descriptor with a file behind it. Every face of a
/// collection (`.ttc`) and every named instance of a variable font is its own `FontFace`. Copying
/// a face is cheap (one reference count): the descriptor lives in one shared allocation.
///
/// ```swift
/// let faces = try registry.register(fileAt: url)
/// for face in faces {
///   print(face.postScriptName, face.family, face.weight, face.slope)
///   // Pretendard-SemiBold  Pretendard  semibold  upright
/// }
/// ```
///
/// The file name is not the font's name: look faces up by ``postScriptName`` (what
/// `UIFont(name:size:)` takes) or by ``family`` and style.
public struct FontFace: Hashable, Sendable, Identifiable, CustomStringConvertible {
  final class _Storage: Sendable {
    let postScriptName: String
    let postScriptNameSource: PostScriptNameSource
    let family: String
    let familyNames: [String]
    let styleName: String
    let fullName: String?
    let weight: FontWeight
    let width: FontWidth
    let slope: FontSlope
    let axes: [VariationAxis]
    let namedInstances: [NamedInstance]
    let namedInstanceIndex: Int?
    let variationCoordinates: [String: Double]
    let metrics: FontFaceMetrics
    let coverage: CharacterCoverage
    let source: FontSource
    let faceIndex: Int

    init(
      postScriptName: String, postScriptNameSource: PostScriptNameSource, family: String,
      familyNames: [String], styleName: String, fullName: String?, weight: FontWeight,
      width: FontWidth, slope: FontSlope, axes: [VariationAxis], namedInstances: [NamedInstance],
      namedInstanceIndex: Int?, variationCoordinates: [String: Double], metrics: FontFaceMetrics,
      coverage: CharacterCoverage, source: FontSource, faceIndex: Int
    ) {
      self.postScriptName = postScriptName
      self.postScriptNameSource = postScriptNameSource
      self.family = family
      self.familyNames = familyNames
      self.styleName = styleName
      self.fullName = fullName
      self.weight = weight
      self.width = width
      self.slope = slope
      self.axes = axes
      self.namedInstances = namedInstances
      self.namedInstanceIndex = namedInstanceIndex
      self.variationCoordinates = variationCoordinates
      self.metrics = metrics
      self.coverage = coverage
      self.source = source
      self.faceIndex = faceIndex
    }
  }

  let _storage: _Storage

  init(_ storage: _Storage) { _storage = storage }

  // MARK: - Identity

  /// A face's identity: its source and its FreeType face index.
  public struct ID: Hashable, Sendable {
    /// The source the face was read from.
    public let source: FontSource
    /// The FreeType face index (collection index in bits 0–15, named instance in bits 16–30).
    public let faceIndex: Int
  }

  /// The face's identity: source and face index.
  public var id: ID { ID(source: source, faceIndex: faceIndex) }

  /// Faces are equal when they come from the same registered source at the same index.
  public static func == (lhs: FontFace, rhs: FontFace) -> Bool {
    lhs._storage === rhs._storage || lhs.id == rhs.id
  }

  /// Hashes the identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }

  // MARK: - Names

  /// The PostScript name, the key a face is registered and looked up by (what
  /// `UIFont(name:size:)` takes), such as `NotoSans-Bold`.
  public var postScriptName: String { _storage.postScriptName }

  /// Where ``postScriptName`` came from: the font, or TypeScale's fallback when the font has none.
  public var postScriptNameSource: PostScriptNameSource { _storage.postScriptNameSource }

  /// The family: the typographic family (`name` ID 16) or else the family (ID 1).
  ///
  /// In English when the font has it: `Pretendard` for every weight of Pretendard.
  public var family: String { _storage.family }

  /// Every family name a lookup matches: typographic (ID 16), legacy (ID 1) and WWS (ID 21)
  /// family names in every language the font gives (CSS Fonts 4 §5.1 matches localized names).
  public var familyNames: [String] { _storage.familyNames }

  /// The style within the family: the typographic subfamily (ID 17) or subfamily (ID 2), or the
  /// named instance's name, such as `SemiBold Italic`.
  public var styleName: String { _storage.styleName }

  /// The full name (ID 4), such as `Noto Sans Bold`, if the font gives one.
  public var fullName: String? { _storage.fullName }

  // MARK: - Style

  /// The weight: OS/2 `usWeightClass`, or a named instance's `wght` coordinate (OS/2 is not
  /// per-instance).
  public var weight: FontWeight { _storage.weight }

  /// The width: OS/2 `usWidthClass` as a percentage, or a named instance's `wdth` coordinate.
  public var width: FontWidth { _storage.width }

  /// Upright, italic or oblique: from OS/2 `fsSelection`, `head.macStyle`, `post.italicAngle`, or
  /// a named instance's `ital` and `slnt` coordinates.
  public var slope: FontSlope { _storage.slope }

  // MARK: - Variations

  /// Whether the face comes from a variable font.
  public var isVariable: Bool { !_storage.axes.isEmpty }

  /// The variation axes of the face's font; empty for static fonts.
  public var axes: [VariationAxis] { _storage.axes }

  /// Every named instance of the face's font; empty for static fonts.
  public var namedInstances: [NamedInstance] { _storage.namedInstances }

  /// Which named instance this face is, 0-based into ``namedInstances``; `nil` for static faces.
  public var namedInstanceIndex: Int? { _storage.namedInstanceIndex }

  /// The axis coordinates of this face's named instance, by tag; empty for static faces.
  public var variationCoordinates: [String: Double] { _storage.variationCoordinates }

  // MARK: - Metrics and coverage

  /// Units per em, `hhea` ascender, descender and line gap, cap height, x-height, glyph count.
  public var metrics: FontFaceMetrics { _storage.metrics }

  /// The characters the face can draw.
  public var coverage: CharacterCoverage { _storage.coverage }

  // MARK: - Source

  /// The file or bytes the face was read from.
  public var source: FontSource { _storage.source }

  /// The FreeType face index.
  ///
  /// The face within a collection is in bits 0–15, and the 1-based named instance in bits
  /// 16–30 (0 for none). HarfBuzz's `hb_font_create` reads the same encoding.
  public var faceIndex: Int { _storage.faceIndex }

  /// The face's position in its collection file (bits 0–15 of ``faceIndex``); 0 for single-face
  /// files.
  public var collectionIndex: Int { faceIndex & 0xFFFF }

  /// `PostScriptName (Family Style, weight 400, file.ttf#0)`.
  public var description: String {
    "\(postScriptName) (\(family) \(styleName), weight \(weight.value), "
      + "\(source.fileName)#\(collectionIndex))"
  }
}

/// Where a face's PostScript name came from.
///
/// Fonts must carry a PostScript name, but named instances of variable fonts often do not, and
/// FreeType may return none for them. TypeScale then falls back in this order, as
/// reference/fonts.md §3.4 describes, and says which step gave the name.
public enum PostScriptNameSource: String, Hashable, Sendable, Codable {
  /// The named instance's own `postScriptNameID` entry in `fvar`.
  case namedInstance
  /// FreeType's `FT_Get_Postscript_Name` (name ID 6, or Adobe Technote #5902 for instances).
  case font
  /// Built from the variations PostScript prefix (name ID 25) or family and the style name, with
  /// spaces and characters PostScript forbids removed: `Family-Style`.
  case synthesized
}
