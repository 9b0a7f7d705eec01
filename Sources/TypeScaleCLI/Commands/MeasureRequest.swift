// SPDX-License-Identifier: Apache-2.0

import TypeScale

/// One measurement to make: the text, the font, the size and the layout options, from the
/// command line or from one line of `typescale measure --batch`.
struct MeasureRequest: Sendable {
  /// How the point size is chosen.
  ///
  /// With a typography the style's or token's own sizing applies (``MeasureSession`` lays it
  /// out through `DynamicType`); the text style here is then body for a custom token, and
  /// ``styleLabel`` names it for output.
  enum Sizing: Sendable {
    /// A plain point size (`--size` alone).
    case fixed(Double)
    /// A style's design size scaled for one category, as `Font.custom(_:size:relativeTo:)`.
    case scaled(TextStyle, DesignSize, ContentSizeCategory)
    /// A style's design size scaled for every category of the iOS table.
    case sweep(TextStyle, DesignSize)
  }

  /// The text to lay out.
  var text: String
  /// Font files to register: without a typography the first file's first face is the primary
  /// face unless ``fontName`` is given, the others' first faces its cascade; with one, the
  /// typography's families resolve among them.
  var fontFiles: [String] = []
  /// Font folders whose fonts to register, for the typography's families or ``fontName`` to
  /// resolve among.
  var fontDirectories: [String] = []
  /// A family or PostScript name to resolve through the registry.
  var fontName: String?
  /// The point size, or the design size at Large with a style or category.
  var size: Double?
  /// The text style the size scales like; `nil` for body, or when ``token`` is given.
  var style: TextStyle?
  /// The typography's custom token `--style` named (`button`), instead of a text style.
  var token: String?
  /// The content-size category to scale for.
  var category: ContentSizeCategory?
  /// Whether to lay out at every category.
  var allCategories = false
  /// The type scale `--typography` loaded: each style's and token's family, weight, italic,
  /// size and sizing come from it, the fonts resolving among the registered files and folders.
  var typography: Typography?
  /// The layout options: width, line limit, truncation, target, strategy and the rest.
  var options = LayoutOptions()
  /// Whether characters no font draws fail the command (exit 1) rather than only warn
  /// (`--strict`, or `"strict": true` in a batch request).
  var strict = false
  /// Deprecated spellings the request used, one `warning:` line each (without the prefix):
  /// `--strategy hangulwordpriority is deprecated; use hangul-word-priority`.
  var warnings: [String] = []

  /// Whether the request names no font and no typography, so that the style's size and weight
  /// are the system text style's (`Typography.system`).
  var usesSystemTypography: Bool {
    fontFiles.isEmpty && fontDirectories.isEmpty && fontName == nil && typography == nil
  }

  /// The style's or token's name, for output: `button`, `caption2`, or `body` when none was
  /// given.
  var styleLabel: String { token ?? (style ?? .body).rawValue }

  /// The style or token, as the typography's lookups take it.
  var typographyToken: Typography.TokenName { Typography.TokenName(styleLabel) }

  /// The style's size at Large: the design size when no `--size` is given.
  private static func defaultSize(of style: TextStyle) throws(MetricsError) -> Double {
    try SizeTable.iOS.entry(for: style, at: .large).pointSize
  }

  /// Checks the font options and the values against their ranges, before any work: no
  /// `--font` with a typography, no `--font-dir` without a typography or `--font`, a size in
  /// (0, `ValueRanges.maximumPoints`], a width in 0…`ValueRanges.maximumPoints`, a display scale
  /// in `ValueRanges.displayScales`, a line limit ≥ 0 (any `Int`).
  ///
  /// - Throws: ``CLIError/validation(_:)`` naming the option or the value and its range.
  func validate() throws(CLIError) {
    if options.target.isAndroid {
      throw .validation(
        "target \(options.target.rawValue) is an Android toolkit; measure with --platform "
          + "android (sizes in sp at font scales), or use label or attributed-string")
    }
    if typography != nil, let fontName {
      throw .validation(
        "give either --font \(fontName) or --typography: the typography names each style's "
          + "family, resolved among --font-file and --font-dir")
    }
    if !fontDirectories.isEmpty, typography == nil, fontName == nil {
      throw .validation(
        "--font-dir registers fonts for a name to resolve to; give --typography <file> (its "
          + "styles' families) or --font <name> with it, or --font-file <path> for a face to "
          + "use as it is")
    }
    if let size, !(size.isFinite && size > 0 && size <= ValueRanges.maximumPoints) {
      throw .validation(
        "font size \(formatNumber(size)) is not valid; use a number of points > 0 and ≤ "
          + "\(formatNumber(ValueRanges.maximumPoints)) (ValueRanges.maximumPoints)")
    }
    // The library's message offers `nil`, which no command line or JSON request can give.
    if let lineLimit = options.lineLimit, lineLimit < 0 {
      throw .validation(
        "line limit \(lineLimit) is not valid; use 0 for no limit, or 1…\(Int.max)")
    }
    do throws(LayoutError) {
      try options.validate()
    } catch {
      throw .validation(error.message)
    }
  }

  /// Works out how the point size is chosen, after checking the values with ``validate()``.
  ///
  /// `size` alone is a plain point size, and no sizing at all is body's size at Large. Otherwise
  /// the style (body unless given) has a design size (`size`, or the style's size at Large)
  /// for the category (Large unless given), or for every category: with no font, typography or
  /// `size`, the system text style's own size there (`Typography.system`); otherwise the
  /// design size scaled as `UIFontMetrics` does, or as the typography's sizing says.
  ///
  /// - Returns: The sizing.
  /// - Throws: ``CLIError`` for a category with `allCategories`, an invalid style, or a size or
  ///   option out of range.
  func sizing() throws(CLIError) -> Sizing {
    if allCategories && category != nil {
      throw .validation("give either --category or --all-categories, not both")
    }
    try validate()
    let scales = style != nil || token != nil || category != nil || allCategories
    let style = self.style ?? .body
    let typographySize = try typography.map { (typography) throws(CLIError) in
      try entry(in: typography).style.size.points
    }
    do throws(MetricsError) {
      // Not `size ?? (try ...)`: `??` rethrows as `any Error`.
      let points: Double
      if let size {
        points = size
      } else if let typographySize {
        points = typographySize
      } else {
        points = try Self.defaultSize(of: style)
      }
      if !scales { return .fixed(points) }
      let design = try DesignSize(points)
      if allCategories { return .sweep(style, design) }
      return .scaled(style, design, category ?? .large)
    } catch {
      throw CLIError(error)
    }
  }

  /// What the style or token is in a typography.
  ///
  /// - Parameter typography: The typography.
  /// - Returns: Its entry.
  /// - Throws: ``CLIError/validation(_:)`` for a token the typography does not have, naming
  ///   its text styles and tokens.
  func entry(in typography: Typography) throws(CLIError) -> Typography.Entry {
    do throws(TypeScaleError) {
      return try typography.entry(for: typographyToken)
    } catch {
      throw .validation(error.message)
    }
  }
}

// MARK: - From the command line

extension MeasureRequest {
  /// Reads a request from `typescale measure`'s options.
  ///
  /// - Parameters:
  ///   - text: The text argument.
  ///   - parsed: The parsed command line.
  /// - Throws: ``CLIError`` for a value that cannot be converted or parsed.
  init(text: String, parsed: ParsedArguments) throws(CLIError) {
    self.text = text
    try LayoutCommandOptions.read(parsed, into: &self)
    options.displayScale = try parsed.double("display-scale")
  }
}

// MARK: - From a JSON line

extension MeasureRequest {
  /// The keys a batch request may have.
  static let jsonKeys = [
    "text", "fontFiles", "fontDirs", "font", "typography", "size", "style", "category",
    "allCategories", "width", "lines", "truncation", "target", "strategy", "alignment",
    "language", "displayScale", "strict",
  ]

  /// Reads a request from one line of JSON, such as
  /// `{"text": "Hello", "style": "body", "category": "AX3", "width": 320}`.
  ///
  /// Keys not in ``jsonKeys`` are refused, so a misspelt key is not silently ignored; `null`
  /// stands for a key left out. `"typography"` is a file's path, as `--typography` takes it,
  /// and `"style"` may name one of its tokens.
  ///
  /// The line is parsed from its UTF-8 bytes by the project's one JSON parser
  /// (`PositionedJSONParser`, shared with TypeScaleStrings), with Foundation's
  /// `JSONSerialization` semantics on Linux, which earlier versions used: a trailing comma and a
  /// byte-order mark are accepted, the last of duplicate keys wins, and a number too large for
  /// a `Double` is invalid JSON (see ``BatchRequestJSON``).
  ///
  /// - Parameters:
  ///   - line: The JSON text of one request.
  ///   - loadTypography: Loads a `"typography"` path (a batch loads each file once).
  /// - Throws: ``CLIError`` naming the bad key or value.
  init(
    jsonLine line: String,
    loadTypography: (String) throws(CLIError) -> Typography = TypographyOptions.load
  ) throws(CLIError) {
    try self.init(fields: try BatchRequestJSON(line: line), loadTypography: loadTypography)
  }

  /// The message for a line with nothing but whitespace.
  static let emptyLineMessage =
    "empty line; a request is a JSON object, such as {\"text\": \"Hello\"}"

  /// The message for a line whose JSON is not an object.
  static let notObjectMessage = "a request must be a JSON object, such as {\"text\": \"Hello\"}"

  /// Reads a request from the members of its JSON object, whichever parser read them.
  ///
  /// - Parameters:
  ///   - json: The object's members.
  ///   - loadTypography: Loads a `"typography"` path.
  /// - Throws: ``CLIError`` naming the bad key or value.
  init(
    fields json: some MeasureRequestFields,
    loadTypography: (String) throws(CLIError) -> Typography
  ) throws(CLIError) {
    for key in json.keys.sorted() where !Self.jsonKeys.contains(key) {
      throw .validation(
        "unknown key \"\(key)\"; valid keys: \(Self.jsonKeys.joined(separator: ", "))")
    }
    guard let text = try json.string("text") else {
      throw .validation("missing \"text\": the text to measure")
    }
    self.text = text
    fontFiles = try json.strings("fontFiles") ?? []
    fontDirectories = try json.strings("fontDirs") ?? []
    fontName = try json.string("font")
    if let path = try json.string("typography") {
      typography = try loadTypography(path)
    }
    size = try json.number("size")
    if let name = try json.string("style") {
      (style, token) = try TypographyOptions.style(named: name, in: typography)
    }
    let categoryName = try json.string("category")
    do throws(MetricsError) {
      category = try categoryName.map { name throws(MetricsError) in
        try ContentSizeCategory(parsing: name)
      }
    } catch {
      throw CLIError(error)
    }
    allCategories = try json.bool("allCategories") ?? false
    options.width = try json.number("width")
    // Any Int is read here; LayoutOptions.validate() then refuses a negative one.
    options.lineLimit = try json.integer("lines", valid: "0 for no limit, or 1…\(Int.max)")
    if let name = try json.string("truncation") {
      options.truncation = try Self.choice(
        name, for: "truncation", among: LayoutOptions.Truncation.allCases.map(\.rawValue),
        LayoutOptions.Truncation.init(rawValue:))
    }
    if let name = try json.string("target") {
      options.target = try Self.choice(
        name, for: "target", among: LayoutCommandOptions.targetNames,
        LayoutCommandOptions.target(named:))
    }
    if let text = try json.string("strategy") {
      let (strategy, warnings) = try LayoutCommandOptions.strategy(text, json: true)
      options.lineBreakStrategy = strategy
      self.warnings += warnings
    }
    if let name = try json.string("alignment") {
      options.alignment = try Self.choice(
        name, for: "alignment", among: LayoutOptions.Alignment.allCases.map(\.rawValue),
        LayoutOptions.Alignment.init(rawValue:))
    }
    options.language = try json.string("language")
    options.displayScale = try json.number("displayScale")
    strict = try json.bool("strict") ?? false
  }

  /// Converts a name among allowed values, ignoring case.
  private static func choice<T>(
    _ name: String, for key: String, among names: [String], _ convert: (String) -> T?
  ) throws(CLIError) -> T {
    let canonical = names.first { $0.lowercased() == name.lowercased() } ?? name
    guard let value = convert(canonical) else {
      throw .validation(
        "invalid value \"\(name)\" for \"\(key)\"; valid values: "
          + names.joined(separator: ", "))
    }
    return value
  }
}
