// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals
import TypeScaleLayout
import TypeScaleMetrics

/// A golden file: provenance in a header, then one measured case per line.
///
/// The format is text made for code review: UTF-8, LF, one record per line, tab-separated columns
/// in a fixed order, sizes in points with three decimals, and escaped text.
///
/// ```
/// # typescale-golden: 2
/// # generator: typescale goldens record
/// # harfbuzz: 6.0.0
/// # freetype: 2.12.1
/// # icu: 72.1
/// # unicode: 15.0
/// # cases: ui.cases 41d0…9c
/// # font-file: *embedded NotoSans-Regular.ttf 5f3c…e1
/// # font: kr ../Fonts/Pretendard-Regular.otf
/// # font-file: kr ../Fonts/Pretendard-Regular.otf 9a1b…07
/// # tolerance: size 0.01 pt; line counts, truncation and breaks exact
/// # columns: id text font style category sizing pointSize widthLimit lineLimit truncation target strategy language width height lines truncated breaks
/// buttons-ko/save/kr/body/AX3/120	저장하기	kr	body	AX3	relative	37.000	120.000	1	tail	label	standard	ko	74.000	54.000	1	0	-
/// ```
///
/// - `cases` names the cases file the golden file was recorded from (relative to the golden
///   file) and its SHA-256; `typography` and `font-folder` lines name the suite's typography
///   (with its SHA-256) and the folders registered for it, when it has one.
/// - `font` lines give each alias's files (relative to the golden file), `font-file` lines the
///   SHA-256 of every file a layout may use — the embedded default's under `*embedded` — so that
///   "a font changed" can be told apart from "the layout changed".
/// - `sizing`: how `pointSize` follows the category, `system` (the system text style's size,
///   `UIFont.preferredFont(forTextStyle:)`) or `relative` (`UIFontMetrics`' scaling of a custom
///   font); see ``GoldenCase/Sizing``.
/// - `target`: `label` or `attributed-string` (`LayoutTarget`); `strategy`: the line-break
///   strategy that applied, spelled as `LayoutOptions.LineBreakStrategy.description`
///   (`standard`, `none`, `push-out`, `hangul-word-priority`, or options joined by commas).
/// - `widthLimit` is `-` when unwrapped; `language` is `-` when none.
/// - `width` and `height` are exact, before a label's pixel rounding.
/// - `breaks`: the UTF-16 offsets where lines after the first start, `;`-separated, or `-`.
/// - Text escapes: `\\`, `\t`, `\n`, `\r`, and `\u{XXXX}` for invisible characters (controls,
///   format characters such as U+200D, separators other than the space).
///
/// ## Format 1
///
/// Files recorded before TypeScale laid text out as a `UILabel` does are format 1: no `sizing`
/// and `target` columns, and a strategy column whose `standard` meant ICU's plain rules. They
/// still read, as they were measured: `standard` reads as `none` (`[]`), `hangul-word-priority`
/// as itself, every case as ``GoldenCase/Sizing/relative`` for a label. Verifying one adds a
/// note saying the file predates the change; recording writes format 2.
public struct GoldenFile: Hashable, Sendable {
  /// The largest golden file read, in bytes: 64 MiB, checked with `fstat` before reading.
  ///
  /// A record is a line of about 150 bytes, so 100,000 cases (the default limit of a cases
  /// file, ``GoldenCasesFile/defaultMaximumCaseCount``) take about 15 MB. A constant: split a
  /// larger suite.
  public static let maximumFileSize = 64 << 20

  /// The format version this code writes; it reads this one and format 1.
  public static let formatVersion = 2

  /// The columns, in order.
  public static let columns = [
    "id", "text", "font", "style", "category", "sizing", "pointSize", "widthLimit", "lineLimit",
    "truncation", "target", "strategy", "language", "width", "height", "lines", "truncated",
    "breaks",
  ]

  /// Format 1's columns, in order.
  static let columnsVersion1 = [
    "id", "text", "font", "style", "category", "pointSize", "widthLimit", "lineLimit",
    "truncation", "strategy", "language", "width", "height", "lines", "truncated", "breaks",
  ]

  /// The columns of a format version.
  static func columns(version: Int) -> [String] {
    version == 1 ? columnsVersion1 : columns
  }

  /// Provenance: versions, fonts and their digests, tolerance.
  public var header: GoldenHeader
  /// The measured cases, in suite order.
  public var measurements: [GoldenMeasurement]

  /// Creates a golden file.
  ///
  /// - Parameters:
  ///   - header: The provenance.
  ///   - measurements: The measurements.
  public init(header: GoldenHeader, measurements: [GoldenMeasurement]) {
    self.header = header
    self.measurements = measurements
  }

  /// The `# columns:` line that ends the header.
  static let columnsLine = "# columns: " + columns.joined(separator: " ")

  /// The file's text.
  public func render() -> String {
    var lines = header.render()
    lines.append(Self.columnsLine)
    lines += measurements.map { $0.render() }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The suite the measurements measure: fonts, the typography and its font folders from the
  /// header (paths relative to the golden file), cases from the rows.
  public var suite: GoldenSuite {
    var suite = GoldenSuite(fonts: header.fonts, cases: measurements.map(\.testCase))
    suite.typography = header.typography?.path
    suite.fontFolders = header.fontFolders
    return suite
  }

  /// Parses a golden file.
  ///
  /// Lines may end in CRLF as well as LF: `git` with `core.autocrlf` checks text files out that
  /// way, and a carriage return never appears raw in a golden file otherwise (text escapes it,
  /// ids may not hold it), so dropping it cannot change a record. Files are always written with
  /// LF.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - name: The file name, for messages.
  /// - Returns: The golden file.
  /// - Throws: ``GoldenError/Code/malformedGolden`` naming the line: a missing or bad header,
  ///   a wrong column count, a bad number or name, a raw control character.
  public static func parse(_ text: String, name: String) throws(GoldenError) -> GoldenFile {
    var headerLines: [(Int, String)] = []
    var measurements: [GoldenMeasurement] = []
    var version: Int?
    // Split on the byte: "\r\n" is one Character, so a Character split would not see it.
    for (index, bytes) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      var line = Substring(bytes)
      if line.utf8.last == 0x0D { line = Substring(line.utf8.dropLast()) }
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        guard measurements.isEmpty else {
          throw GoldenError(.malformedGolden, "\(name):\(number): header line after the records")
        }
        if line.hasPrefix("# columns:") {
          let fileVersion = try GoldenHeader.version(of: headerLines, file: name)
          let expected = Self.columns(version: fileVersion)
          let columns = line.dropFirst("# columns:".count).split(separator: " ").map(String.init)
          guard columns == expected else {
            throw GoldenError(
              .malformedGolden,
              "\(name):\(number): columns are \(DisplayText.quoted(columns.joined(separator: " "))); expected "
                + expected.joined(separator: " "))
          }
          version = fileVersion
        } else {
          headerLines.append((number, String(line)))
        }
        continue
      }
      guard let version else {
        throw GoldenError(
          .malformedGolden, "\(name):\(number): a record before the \"# columns:\" line")
      }
      measurements.append(
        try GoldenMeasurement.parse(String(line), file: name, line: number, version: version))
    }
    let header = try GoldenHeader.parse(headerLines, file: name)
    guard version != nil else {
      throw GoldenError(.malformedGolden, "\(name): no \"# columns:\" line; is this a golden file?")
    }
    var seen: Set<String> = []
    for record in measurements where !seen.insert(record.id).inserted {
      throw GoldenError(
        .malformedGolden, "\(name): case \(DisplayText.quoted(record.id)) appears twice")
    }
    return GoldenFile(header: header, measurements: measurements)
  }
}

/// A file a golden file was recorded from: its path relative to the golden file and its
/// SHA-256, so a later run can tell whether it changed.
public struct GoldenSourceFile: Hashable, Sendable {
  /// The path, relative to the golden file's folder (or absolute when it was given so).
  public var path: String
  /// The SHA-256 of the file's bytes, 64 lowercase hex digits.
  public var sha256: String

  /// Creates a reference.
  ///
  /// - Parameters:
  ///   - path: The path, relative to the golden file's folder, or absolute.
  ///   - sha256: The SHA-256 of the bytes, in hex.
  public init(path: String, sha256: String) {
    self.path = path
    self.sha256 = sha256
  }
}

/// A golden file's provenance.
public struct GoldenHeader: Hashable, Sendable {
  /// The cases file the golden file was recorded from (`# cases:`), or `nil` when unknown
  /// (recorded from a suite in code, or before TypeScale recorded it).
  public var casesFile: GoldenSourceFile?
  /// The typography the suite's `typography` cases were measured in (`# typography:`), or
  /// `nil` when the suite has none.
  public var typography: GoldenSourceFile?
  /// The font folders registered for the typography (`# font-folder:`), relative to the golden
  /// file.
  public var fontFolders: [String] = []
  /// Library versions by name (`harfbuzz`, `freetype`, `icu`, `unicode`).
  public var versions: [String: String]
  /// The fonts the cases use, by alias, with their paths relative to the golden file.
  public var fonts: [GoldenFont]
  /// SHA-256 (hex) of every font file by key: `alias path`, or `*embedded name`.
  public var fontDigests: [String: String]
  /// Size tolerance in points.
  public var sizeTolerance: Double
  /// The shard the file holds, if recorded with `--shard`.
  public var shard: String?
  /// The format version the file was written in: ``GoldenFile/formatVersion`` for files this
  /// code writes, 1 for files recorded before TypeScale laid text out as a `UILabel` does.
  public var formatVersion = GoldenFile.formatVersion

  /// The library names the header records, in order.
  static let libraries = ["harfbuzz", "freetype", "icu", "unicode"]

  func render() -> [String] {
    var lines = [
      "# typescale-golden: \(GoldenFile.formatVersion)",
      "# generator: TypeScale (typescale goldens record)",
    ]
    for library in Self.libraries {
      lines.append("# \(library): \(versions[library] ?? "unknown")")
    }
    if let shard { lines.append("# shard: \(shard)") }
    if let casesFile {
      lines.append("# cases: \(Self.encode(casesFile.path)) \(casesFile.sha256)")
    }
    if let typography {
      lines.append("# typography: \(Self.encode(typography.path)) \(typography.sha256)")
    }
    for folder in fontFolders { lines.append("# font-folder: \(Self.encode(folder))") }
    for font in fonts {
      lines.append(
        "# font: \(font.alias) "
          + (font.isEmbedded ? "embedded" : font.paths.map(Self.encode).joined(separator: " ")))
    }
    for (key, digest) in fontDigests.sorted(by: { $0.key < $1.key }) {
      lines.append("# font-file: \(key) \(digest)")
    }
    lines.append(
      "# tolerance: size \(NumberText.fixed(sizeTolerance, decimals: 3, trimsZeros: true)) pt; line counts, truncation and breaks exact"
    )
    return lines
  }

  /// Paths are written with `%` and spaces percent-encoded, so header lines split on spaces.
  static func encode(_ path: String) -> String {
    path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: " ", with: "%20")
  }

  static func decode(_ path: String) -> String {
    path.replacingOccurrences(of: "%20", with: " ").replacingOccurrences(of: "%25", with: "%")
  }

  /// The format versions this code reads.
  static let readableVersions = [1, GoldenFile.formatVersion]

  /// The format version the first header line declares.
  ///
  /// - Throws: ``GoldenError/Code/malformedGolden`` unless the first line is
  ///   `# typescale-golden: N` with a readable version.
  static func version(of lines: [(Int, String)], file: String) throws(GoldenError) -> Int {
    let prefix = "# typescale-golden: "
    guard let first = lines.first, first.1.hasPrefix(prefix),
      let version = Int(first.1.dropFirst(prefix.count)), readableVersions.contains(version)
    else {
      throw GoldenError(
        .malformedGolden,
        "\(file):\(lines.first?.0 ?? 1): the first line must be \"# typescale-golden: "
          + "\(GoldenFile.formatVersion)\" (or 1, the format before label defaults)")
    }
    return version
  }

  static func parse(_ lines: [(Int, String)], file: String) throws(GoldenError) -> GoldenHeader {
    let version = try version(of: lines, file: file)
    var header = GoldenHeader(versions: [:], fonts: [], fontDigests: [:], sizeTolerance: 0.01)
    header.formatVersion = version
    for (number, line) in lines.dropFirst() {
      let body = line.dropFirst(2)
      guard let colon = body.firstIndex(of: ":") else {
        throw GoldenError(.malformedGolden, "\(file):\(number): expected \"# key: value\"")
      }
      let key = String(body[..<colon])
      let value = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      let words = value.split(separator: " ").map(String.init)
      switch key {
      case "harfbuzz", "freetype", "icu", "unicode": header.versions[key] = value
      case "generator": break
      case "shard": header.shard = value
      case "cases", "typography":
        guard words.count == 2, words[1].count == 64 else {
          throw GoldenError(
            .malformedGolden, "\(file):\(number): expected \"# \(key): path sha256\"")
        }
        let source = GoldenSourceFile(path: Self.decode(words[0]), sha256: words[1])
        if key == "cases" { header.casesFile = source } else { header.typography = source }
      case "font-folder":
        guard words.count == 1 else {
          throw GoldenError(.malformedGolden, "\(file):\(number): expected \"# font-folder: path\"")
        }
        header.fontFolders.append(Self.decode(words[0]))
      case "font":
        guard words.count >= 2 else {
          throw GoldenError(
            .malformedGolden, "\(file):\(number): expected \"# font: alias paths…\"")
        }
        header.fonts.append(
          words[1] == "embedded" && words.count == 2
            ? .embedded(words[0])
            : GoldenFont(alias: words[0], paths: words[1...].map(Self.decode)))
      case "font-file":
        guard words.count >= 3, words.last?.count == 64 else {
          throw GoldenError(
            .malformedGolden, "\(file):\(number): expected \"# font-file: alias path sha256\"")
        }
        header.fontDigests[words.dropLast().joined(separator: " ")] = words.last
      case "tolerance":
        guard words.count >= 2, words[0] == "size", let size = Double(words[1]), size >= 0 else {
          throw GoldenError(
            .malformedGolden, "\(file):\(number): expected \"# tolerance: size <points> pt…\"")
        }
        header.sizeTolerance = size
      default:
        throw GoldenError(
          .malformedGolden, "\(file):\(number): unknown header key \"\(DisplayText.quoted(key))\"")
      }
    }
    return header
  }
}

/// One measured case: the case's inputs and what the engine measured.
public struct GoldenMeasurement: Hashable, Sendable {
  /// The case.
  public var testCase: GoldenCase
  /// The point size the category gave, in points.
  public var pointSize: Double
  /// The measured width, in points.
  public var width: Double
  /// The measured height, in points.
  public var height: Double
  /// The number of lines.
  public var lineCount: Int
  /// Whether text was truncated.
  public var isTruncated: Bool
  /// UTF-16 offsets where lines after the first start.
  public var breaks: [Int]
  /// For an Android case, the text size in pixels of the density (whole pixels for a TextView,
  /// `getDimensionPixelSize`; float pixels for Compose); ``pointSize`` is then in `dp`.
  public var pixelSize: Double? = nil

  /// The case id.
  public var id: String { testCase.id }

  func render() -> String {
    let c = testCase
    let fields = [
      c.id, GoldenText.escape(c.text), c.font, c.styleName, c.stepName, sizingField,
      Self.number(pointSize), c.width.map(Self.number) ?? "-",
      String(c.lineLimit), c.truncation.rawValue, GoldenCase.name(of: c.target),
      c.effectiveStrategy.description, c.language ?? "-", Self.number(width), Self.number(height),
      String(lineCount), isTruncated ? "1" : "0",
      breaks.isEmpty ? "-" : breaks.map(String.init).joined(separator: ";"),
    ]
    return fields.joined(separator: "\t")
  }

  /// A number as golden files record it: exactly 3 decimals, rounded as `printf` rounds.
  static func number(_ value: Double) -> String {
    NumberText.fixed(value, decimals: 3, trimsZeros: false)
  }

  /// The `sizing` column: the iOS sizing, or for an Android case its release and density, its
  /// size in `sp` and in pixels (`android16@2.625x:14sp:68px`; ``pointSize`` holds the `dp`).
  var sizingField: String {
    guard let android = testCase.android else { return testCase.sizingName }
    let sp = NumberText.fixed(android.textSize, decimals: 3, trimsZeros: true)
    let px = pixelSize.map { NumberText.fixed($0, decimals: 3, trimsZeros: true) } ?? "-"
    return "\(android.sizingName):\(sp)sp:\(px)px"
  }

  /// Reads an Android record's `style`, `category` and `sizing` columns.
  ///
  /// - Returns: The sizing and the recorded pixel size.
  static func parseAndroid(
    style: String, step: String, sizing: String, place: String
  ) throws(GoldenError) -> (GoldenAndroidSizing, Double?) {
    let parts = sizing.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    let identity = parts[0].split(separator: "@").map(String.init)
    guard parts.count == 3, identity.count == 2, parts[1].hasSuffix("sp"), parts[2].hasSuffix("px"),
      step.hasSuffix("x"), let fontScale = Double(step.dropLast())
    else {
      throw GoldenError(
        .malformedGolden,
        "\(place): Android sizing \"\(DisplayText.quoted(sizing))\" at \"\(DisplayText.quoted(step))\" "
          + "is not \"android<release>@<density>x:<sp>sp:<px>px\" at a font scale \"<scale>x\"")
    }
    do throws(MetricsError) {
      let version = try AndroidVersion(parsing: identity[0])
      let density = try AndroidDensity(parsing: identity[1])
      var result = GoldenAndroidSizing(fontScale: fontScale, version: version, density: density)
      if style.hasSuffix("sp"), let sp = Double(style.dropLast(2)) {
        result.textSize = sp
      } else {
        result = GoldenAndroidSizing(
          fontScale: fontScale, appearance: try MaterialTextAppearance(parsing: style),
          version: version, density: density)
      }
      let px = parts[2] == "-px" ? nil : Double(parts[2].dropLast(2))
      return (result, px)
    } catch {
      throw GoldenError(.malformedGolden, "\(place): \(error.message)", cause: error)
    }
  }

  static func parse(
    _ line: String, file: String, line number: Int, version: Int = GoldenFile.formatVersion
  ) throws(GoldenError) -> GoldenMeasurement {
    let place = "\(file):\(number)"
    if let bad = line.unicodeScalars.first(where: {
      $0 != "\t" && $0.properties.generalCategory == .control
    }) {
      throw GoldenError(
        .malformedGolden,
        "\(place): a raw control character \(NumberText.codePoint(bad.value)); golden "
          + "files escape text and hold no control characters but tabs between columns")
    }
    let columns = GoldenFile.columns(version: version)
    let values = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard values.count == columns.count else {
      throw GoldenError(
        .malformedGolden,
        "\(place): expected \(columns.count) columns, found \(values.count)")
    }
    var fields: [String: String] = [:]
    for (column, value) in zip(columns, values) { fields[column] = value }
    let record = GoldenRecordFields(values: fields, place: place)
    func field(_ column: String) -> String { record.text(column) }
    // Names and numbers are short: a longer one is refused here, quoted cut, so that no
    // message below (or of the parsers it calls) repeats megabytes of it.
    for column in columns where !["id", "text", "breaks"].contains(column) {
      let value = field(column)
      guard value.utf8.count > DisplayText.maximumQuotedCharacters,
        value.count > DisplayText.maximumQuotedCharacters
      else { continue }
      throw GoldenError(
        .malformedGolden,
        "\(place): \(column) \"\(DisplayText.quoted(value))\" is too long to be a \(column); "
          + "record the golden file again")
    }
    func double(_ column: String) throws(GoldenError) -> Double { try record.number(column) }
    func int(_ column: String) throws(GoldenError) -> Int { try record.wholeNumber(column) }
    if version > 1, field("sizing").hasPrefix("android") {
      return try parseAndroidRecord(fields, place: place)
    }
    var style = TextStyle.body
    var token: String?
    let category: ContentSizeCategory
    do throws(MetricsError) {
      if let parsed = try? TextStyle(parsing: field("style")) {
        style = parsed
      } else if field("font") == GoldenSuite.typographyAlias,
        (try? Typography.validateTokenName(field("style"))) != nil
      {
        token = field("style")
      } else {
        style = try TextStyle(parsing: field("style"))
      }
      category = try ContentSizeCategory(parsing: field("category"))
    } catch {
      throw GoldenError(.malformedGolden, "\(place): \(error.message)", cause: error)
    }
    guard let truncation = LayoutOptions.Truncation(rawValue: field("truncation")) else {
      throw GoldenError(
        .malformedGolden,
        "\(place): truncation \"\(DisplayText.quoted(field("truncation")))\" is not tail, head, middle or clip"
      )
    }
    let sizing: GoldenCase.Sizing
    let target: LayoutTarget
    let strategy: LayoutOptions.LineBreakStrategy
    if version == 1 {
      // Format 1 predates the label defaults: every case was a label of custom-font sizes, and
      // its `standard` was ICU's plain rules, which is now `none`.
      sizing = .relative
      target = .label
      switch field("strategy") {
      case "standard": strategy = []
      case "hangul-word-priority": strategy = .hangulWordPriority
      default:
        throw GoldenError(
          .malformedGolden,
          "\(place): strategy \"\(DisplayText.quoted(field("strategy")))\" is not standard or hangul-word-priority "
            + "(format 1)")
      }
    } else {
      guard let parsed = GoldenCase.Sizing(rawValue: field("sizing")) else {
        throw GoldenError(
          .malformedGolden,
          "\(place): sizing \"\(DisplayText.quoted(field("sizing")))\" is not system, relative or typography"
        )
      }
      sizing = parsed
      guard let named = GoldenCase.target(named: field("target")) else {
        throw GoldenError(
          .malformedGolden,
          "\(place): target \"\(DisplayText.quoted(field("target")))\" is not label or attributed-string"
        )
      }
      target = named
      do throws(LayoutError) {
        strategy = try LayoutOptions.LineBreakStrategy.parse(field("strategy")).strategy
      } catch {
        throw GoldenError(.malformedGolden, "\(place): \(error.message)", cause: error)
      }
    }
    let text = try GoldenText.unescape(field("text"), place: place)
    let widthLimit = field("widthLimit") == "-" ? nil : try double("widthLimit")
    let isTruncated = try record.flag("truncated")
    let breaks = try record.breaks()
    let language = field("language")
    return GoldenMeasurement(
      testCase: GoldenCase(
        id: field("id"), text: text, font: field("font"), style: style, category: category,
        sizing: sizing, width: widthLimit, lineLimit: try int("lineLimit"),
        truncation: truncation, target: target, strategy: strategy,
        language: language == "-" ? nil : language, token: token),
      pointSize: try double("pointSize"), width: try double("width"),
      height: try double("height"), lineCount: try int("lines"),
      isTruncated: isTruncated, breaks: breaks)
  }
}

/// Escaping of text in golden rows.
enum GoldenText {
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\\\"
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      default:
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned,
          .privateUse, .surrogate:
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        case .spaceSeparator where scalar != " ":
          out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }

  static func unescape(_ text: String, place: String) throws(GoldenError) -> String {
    var out = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else {
        out.append(scalar)
        continue
      }
      switch scalars.next() {
      case "\\": out.append("\\")
      case "t": out.append("\t")
      case "n": out.append("\n")
      case "r": out.append("\r")
      case "u":
        guard scalars.next() == "{" else {
          throw GoldenError(.malformedGolden, "\(place): bad escape in text; use \\u{XXXX}")
        }
        var hex = ""
        while let next = scalars.next(), next != "}" { hex.unicodeScalars.append(next) }
        guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else {
          throw GoldenError(
            .malformedGolden, "\(place): \\u{\(DisplayText.quoted(hex))} is not a Unicode scalar")
        }
        out.append(decoded)
      default:
        throw GoldenError(
          .malformedGolden, "\(place): bad escape in text; use \\\\, \\t, \\n, \\r or \\u{XXXX}")
      }
    }
    return String(out)
  }
}
