// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals
import TypeScaleRender

/// What an Android label's font depends on: its family (or Android's default) and weight.
struct AndroidFontKey: Hashable, Sendable {
  var family: String?
  var weight: Int
}

extension CheckRunner {
  /// Lays an Android rule's text out at each of its font scales.
  ///
  /// - Size: the rule's `AndroidTextScale` (the toolkit's font-scale curve on the rule's
  ///   version, the density, TextView's whole pixels or Compose's float pixels); the layout
  ///   works in dp (`px ÷ density`) on the density's pixel grid.
  /// - Layout: `LayoutTarget.textView` or `.compose`, with their defaults (break strategy,
  ///   font padding, integer font metrics); the rule's `includeFontPadding` and
  ///   `lineBreakWordStyle` where set; width in dp, `maxLines`, clipping past it unless
  ///   `ellipsize` is `end` (U+2026).
  /// - Appearance: letter spacing (TextView's em, Compose's `sp` as the same fraction of the
  ///   size), line height (`AndroidTextScale.lineHeight(sp:at:)`, in proportion where
  ///   non-linear scaling is active), weight.
  /// - Font: the family `fonts` names for the language or script, else Android's `sans-serif`
  ///   (Roboto), each followed by Android's default cascade (Roboto, then the Noto fonts).
  ///
  /// A cell's status: truncated when an ellipsis cut the text; overflowing when text past
  /// `maxLines` is clipped, a line is wider than the width, or a word breaks; else fits. Each
  /// cell records `sp`, `dp` and `px` beside its font scale.
  func layOutAndroid(
    _ text: String, language: String, scriptText: String, rule: CheckRule.Resolved,
    android: CheckRule.Resolved.Android
  ) throws(TypeScaleError) -> (cells: [CheckCell], missing: [String], faces: [String]) {
    let family = constraints.fontFamily(language: language, text: scriptText)
    let weight = android.appearance?.weight ?? .regular
    let base = try androidFont(family: family, weight: weight)
    var missing: [Unicode.Scalar] = []
    var cells: [CheckCell] = []
    var faces: [String] = []
    for (size, layout, needed) in try androidLayouts(
      text, base: base, rule: rule, android: android, language: language)
    {
      for face in [layout.font.face] + layout.diagnostics.fallbackFaces
      where !faces.contains(face.postScriptName) {
        faces.append(face.postScriptName)
      }
      for scalar in layout.diagnostics.missingCharacters where !missing.contains(scalar) {
        missing.append(scalar)
      }
      let status: CheckStatus
      if let cut = layout.truncation {
        status = cut.mode == .clip ? .overflowsLines : .truncated
      } else {
        status = layout.didOverflow || layout.breaksWords ? .overflowsLines : .fits
      }
      cells.append(
        CheckCell(
          step: .fontScale(size.fontScale), status: status, pointSize: layout.pointSize,
          width: layout.width, height: layout.height, lineCount: layout.lineCount,
          neededLines: needed, sp: size.sp.points, dp: size.dp, px: size.px))
    }
    return (cells, missing.map(MissingGlyphsText.codePoint), faces)
  }

  /// Each font scale's size, layout and the lines the text needs without `maxLines`: one
  /// shape-once sweep over the rule's `AndroidTextScale` when the options are the same at every
  /// scale (``sweepsOnce(_:)``), else one layout per scale.
  private func androidLayouts(
    _ text: String, base: LayoutFont, rule: CheckRule.Resolved,
    android: CheckRule.Resolved.Android, language: String
  ) throws(TypeScaleError) -> [(AndroidTextSize, TextLayout, Int)] {
    if Self.sweepsOnce(android), let scale = android.scale {
      var options = Self.androidBaseOptions(rule, android: android, language: language)
      do throws(LayoutError) {
        let swept = try engine.sweep(text, font: base, scale: scale, options: options)
        var needed = swept.map(\.layout.lineCount)
        if swept.contains(where: \.layout.isTruncated) {
          options.lineLimit = nil
          needed = try engine.sweep(text, font: base, scale: scale, options: options)
            .map(\.layout.lineCount)
        }
        return zip(swept, needed).map { ($0.size, $0.layout, $1) }
      } catch {
        throw TypeScaleError(error)
      }
    }
    var layouts: [(AndroidTextSize, TextLayout, Int)] = []
    for fontScale in android.fontScales {
      let (size, scaleOptions) = try Self.androidSizeAndOptions(
        rule, android: android, fontScale: fontScale, language: language)
      var options = scaleOptions
      do throws(LayoutError) {
        let font = try base.withSize(size.points)
        let layout = try engine.layout(text, font: font, options: options)
        var needed = layout.lineCount
        if layout.isTruncated {
          options.lineLimit = nil
          needed = try engine.layout(text, font: font, options: options).lineCount
        }
        layouts.append((size, layout, needed))
      } catch {
        throw TypeScaleError(error)
      }
    }
    return layouts
  }

  /// An Android label's size and options at one font scale, a bad value as a ``TypeScaleError``.
  static func androidSizeAndOptions(
    _ rule: CheckRule.Resolved, android: CheckRule.Resolved.Android, fontScale: Double,
    language: String
  ) throws(TypeScaleError) -> (AndroidTextSize, LayoutOptions) {
    do throws(CheckError) {
      let size = try android.size(at: fontScale)
      return (
        size, try androidOptions(rule, android: android, size: size, language: language)
      )
    } catch {
      throw TypeScaleError(.invalidValue, error.message, cause: error)
    }
  }

  /// An Android label's options at one size: ``androidBaseOptions(_:android:language:)`` with
  /// the appearance's letter spacing and line height at that size.
  static func androidOptions(
    _ rule: CheckRule.Resolved, android: CheckRule.Resolved.Android, size: AndroidTextSize,
    language: String
  ) throws(CheckError) -> LayoutOptions {
    let options = androidBaseOptions(rule, android: android, language: language)
    guard let appearance = android.appearance, let scale = android.scale else { return options }
    do throws(MetricsError) {
      return try AndroidText.options(
        for: appearance, at: size, base: options, toolkit: android.target.toolkit, scale: scale)
    } catch {
      throw CheckError(error.message, cause: error)
    }
  }

  /// The options every font scale of an Android label shares: the target, density, width,
  /// `maxLines`, ellipsis or clipping, language, font padding and word style.
  static func androidBaseOptions(
    _ rule: CheckRule.Resolved, android: CheckRule.Resolved.Android, language: String
  ) -> LayoutOptions {
    var options = LayoutOptions(
      width: rule.width, lineLimit: rule.lineLimit == 0 ? nil : rule.lineLimit,
      truncation: android.ellipsize == .end ? .tail : .clip,
      target: android.target == .compose ? .compose : .textView)
    options.displayScale = android.density.pixelsPerDp
    options.language = language
    options.includeFontPadding = android.includeFontPadding
    switch android.lineBreakWordStyle {
    case .none: options.lineBreakWordStyle = nil
    case .phrase: options.lineBreakWordStyle = .phrase
    case .auto: options.lineBreakWordStyle = .auto
    }
    return options
  }

  /// Whether every font scale of the rule lays out with the same options, so one shape-once
  /// sweep covers them: no letter spacing and no line height from an appearance.
  static func sweepsOnce(_ android: CheckRule.Resolved.Android) -> Bool {
    guard let appearance = android.appearance else { return true }
    return appearance.letterSpacing(for: android.target.toolkit) == 0
      && appearance.lineHeight(for: android.target.toolkit) == nil
  }

  /// The font of an Android label at a placeholder size, resolved once per family and weight:
  /// the named family (or Roboto) first, then Android's default cascade at the weight.
  func androidFont(family: String?, weight: FontWeight) throws(TypeScaleError) -> LayoutFont {
    let key = AndroidFontKey(family: family, weight: weight.value)
    if let cached = androidFonts.withLock({ $0[key] }) { return cached }
    let cascade: [FontFace]
    do throws(FontError) {
      cascade = try registry.androidDefaultCascade(weight: weight)
    } catch {
      throw TypeScaleError(error)
    }
    let font: LayoutFont
    do throws(LayoutError) {
      if let family {
        let match = registry.resolve(FontQuery(family: family, weight: weight))
        font = try LayoutFont(
          match: match, pointSize: 14, fallbackFaces: cascade.filter { $0 != match.face })
      } else {
        font = try LayoutFont(
          face: cascade.first ?? registry.defaultFace, pointSize: 14,
          fallbackFaces: Array(cascade.dropFirst()))
      }
    } catch {
      throw TypeScaleError(error)
    }
    androidFonts.withLock { if $0.count < Self.maximumCachedSweeps { $0[key] = font } }
    return font
  }
}

extension CheckRunner {
  /// An Android label drawn at a font scale as PNG bytes, laid out as the run laid it out
  /// (the key's Android rule, font and size), at 2× with the width, line and truncation
  /// overlays.
  func androidImage(text: String, key: String, language: String, id: String, at step: SizeStep)
    throws(CheckError) -> Data
  {
    guard let scale = step.fontScale,
      let rule = constraints.rule(for: key, isAndroidEntry: true), let android = rule.android
    else {
      throw CheckError("\(id) at \(step.label): the key has no Android rule")
    }
    let layout: TextLayout
    do throws(TypeScaleError) {
      let (size, options) = try Self.androidSizeAndOptions(
        rule, android: android, fontScale: scale, language: language)
      let base = try androidFont(
        family: constraints.fontFamily(language: language, text: text),
        weight: android.appearance?.weight ?? .regular)
      do throws(LayoutError) {
        layout = try engine.layout(text, font: try base.withSize(size.points), options: options)
      } catch {
        throw TypeScaleError(error)
      }
    } catch {
      throw CheckError("\(id) at \(step.label): \(error.message)")
    }
    do throws(RenderError) {
      let image = try renderer.render(
        layout, options: RenderOptions(overlays: [.width, .lines, .truncation]))
      return try PNG.encode(image)
    } catch {
      throw CheckError("\(id) at \(step.label): \(error.message)")
    }
  }
}
