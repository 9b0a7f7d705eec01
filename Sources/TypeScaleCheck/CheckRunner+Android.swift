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
  ) throws(TypeScaleError) -> ([CheckCell], [String]) {
    let family = constraints.fontFamily(language: language, text: scriptText)
    let weight = android.appearance?.weight ?? .regular
    let base = try androidFont(family: family, weight: weight)
    var missing: [Unicode.Scalar] = []
    var cells: [CheckCell] = []
    for scale in android.fontScales {
      let size: AndroidTextSize
      var options: LayoutOptions
      do throws(CheckError) {
        size = try android.size(at: scale)
        options = try Self.androidOptions(rule, android: android, size: size, language: language)
      } catch {
        throw TypeScaleError(.invalidValue, error.message, cause: error)
      }
      let font: LayoutFont
      let layout: TextLayout
      var needed: Int
      do throws(LayoutError) {
        font = try base.withSize(size.points)
        layout = try engine.layout(text, font: font, options: options)
        needed = layout.lineCount
        if layout.isTruncated {
          options.lineLimit = nil
          needed = try engine.layout(text, font: font, options: options).lineCount
        }
      } catch {
        throw TypeScaleError(error)
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
          step: .fontScale(scale), status: status, pointSize: layout.pointSize,
          width: layout.width, height: layout.height, lineCount: layout.lineCount,
          neededLines: needed, sp: size.sp.points, dp: size.dp, px: size.px))
    }
    return (cells, missing.map(MissingGlyphsText.codePoint))
  }

  /// An Android label's options at one size.
  static func androidOptions(
    _ rule: CheckRule.Resolved, android: CheckRule.Resolved.Android, size: AndroidTextSize,
    language: String
  ) throws(CheckError) -> LayoutOptions {
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
    guard let appearance = android.appearance else { return options }
    // TextView's android:letterSpacing is in em; Compose's tracking is in sp, the same fraction
    // of the size at every font scale (both go through the same curve). Android adds it after
    // every cluster, as kern does.
    let em =
      android.target == .textView
      ? appearance.letterSpacingEm : appearance.trackingSp / appearance.sizeSp
    options.kern = em * size.points
    let lineHeight =
      android.target == .compose
      ? appearance.composeLineHeightSp ?? appearance.lineHeightSp : appearance.lineHeightSp
    if let sp = lineHeight, let scale = android.scale {
      do throws(MetricsError) {
        let height = try scale.lineHeight(sp: try DesignSize(sp), at: size.fontScale).points
        options.lineHeight = LineHeight(minimum: height, maximum: height)
      } catch {
        throw CheckError(error.message, cause: error)
      }
    }
    return options
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
      let size: AndroidTextSize
      let options: LayoutOptions
      do throws(CheckError) {
        size = try android.size(at: scale)
        options = try Self.androidOptions(rule, android: android, size: size, language: language)
      } catch {
        throw TypeScaleError(.invalidValue, error.message, cause: error)
      }
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
