// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleInternals

/// What an Android label's font depends on: its family and weight.
struct AndroidFontKey: Hashable, Sendable {
  var family: String?
  var weight: Int
}

extension CheckRunner {
  /// The family Android text uses when `fonts` names none: Roboto (Android's `sans-serif`,
  /// AOSP `data/fonts/fonts.xml`) when the registry has it, else the typography's body family.
  static let androidDefaultFamily = "Roboto"

  /// Lays an Android rule's text out at each of its font scales.
  ///
  /// Each step's size is the rule's ``CheckRule/Resolved/Android/size(at:)``: the font-scale
  /// curve's `dp`, converted to pixels at the rule's density and rounded as the toolkit rounds
  /// (whole pixels for TextView); the layout works in dp (`px ÷ density`) with sizes rounded to
  /// the density's pixel grid. Letter spacing is the appearance's (em × size for TextView,
  /// Compose's `sp` through the curve for Compose), the line height the appearance's where it
  /// sets one, the weight the appearance's. Past `maxLines` the text is clipped unless
  /// `ellipsize` is `end` (U+2026 at the end of the last line).
  ///
  /// Each cell records `sp`, `dp` and `px` beside its font scale.
  func layOutAndroid(
    _ text: String, language: String, scriptText: String, rule: CheckRule.Resolved,
    android: CheckRule.Resolved.Android
  ) throws(TypeScaleError) -> ([CheckCell], [String]) {
    let family = constraints.fontFamily(language: language, text: scriptText)
    let base = try androidFont(family: family, weight: android.appearance?.weight ?? 400)
    var missing: [Unicode.Scalar] = []
    var cells: [CheckCell] = []
    for scale in android.fontScales {
      let size: CheckRule.Resolved.AndroidSize
      do throws(CheckError) {
        size = try android.size(at: scale)
      } catch {
        throw TypeScaleError(.invalidValue, error.message, cause: error)
      }
      var options = Self.androidOptions(rule, android: android, size: size, language: language)
      let font: LayoutFont
      let layout: TextLayout
      do throws(LayoutError) {
        font = try base.withSize(size.points)
        layout = try engine.layout(text, font: font, options: options)
      } catch {
        throw TypeScaleError(error)
      }
      var needed = layout.lineCount
      if layout.isTruncated || rule.lineLimit > 0 {
        options.lineLimit = nil
        do throws(LayoutError) {
          needed = try engine.layout(text, font: font, options: options).lineCount
        } catch {
          throw TypeScaleError(error)
        }
      }
      for scalar in layout.diagnostics.missingCharacters where !missing.contains(scalar) {
        missing.append(scalar)
      }
      let clipped = rule.lineLimit > 0 && needed > rule.lineLimit && !layout.isTruncated
      let tooWide =
        layout.breaksWords
        || rule.width.map { width in layout.lines.contains { $0.width > width + 0.01 } } == true
      let status: CheckStatus =
        layout.isTruncated ? .truncated : (tooWide || clipped) ? .overflowsLines : .fits
      cells.append(
        CheckCell(
          step: .fontScale(scale), status: status, pointSize: layout.pointSize,
          width: layout.width, height: layout.height, lineCount: layout.lineCount,
          neededLines: needed, sp: size.sp, dp: size.dp, px: size.px))
    }
    return (cells, missing.map(MissingGlyphsText.codePoint))
  }

  /// An Android label's options at one size.
  static func androidOptions(
    _ rule: CheckRule.Resolved, android: CheckRule.Resolved.Android,
    size: CheckRule.Resolved.AndroidSize, language: String
  ) -> LayoutOptions {
    let limit = rule.lineLimit == 0 ? nil : rule.lineLimit
    // Until the layout module's `.textView` / `.compose` targets are merged (issue 36): exact
    // sizes rounded to the density's pixel grid, no UIKit line-break strategy.
    var options = LayoutOptions(
      width: rule.width, lineLimit: limit,
      truncation: android.ellipsize == .end ? .tail : .clip, target: .attributedString)
    options.displayScale = android.density
    options.language = language
    options.usesFontLeading = false
    if let appearance = android.appearance {
      let ratio = size.sp > 0 ? size.dp / size.sp : 1
      switch android.target {
      case .textView: options.tracking = appearance.letterSpacing * size.points
      case .compose: options.tracking = appearance.composeTracking * ratio
      }
      if let lineHeight = appearance.lineHeight {
        let height = lineHeight * ratio
        options.lineHeight = LineHeight(minimum: height, maximum: height)
      }
    }
    return options
  }

  /// The font of an Android label at a placeholder size, matched once per family and weight.
  func androidFont(family: String?, weight: Int) throws(TypeScaleError) -> LayoutFont {
    let key = AndroidFontKey(family: family, weight: weight)
    if let cached = androidFonts.withLock({ $0[key] }) { return cached }
    let name: String
    if let family {
      name = family
    } else if !registry.faces(family: Self.androidDefaultFamily).isEmpty {
      name = Self.androidDefaultFamily
    } else {
      name = try constraints.typography.entry(for: Typography.TokenName("body")).style.family
    }
    let font: LayoutFont
    do {
      let fontWeight = try FontWeight(weight)
      let match = try registry.match(FontQuery(family: name, weight: fontWeight, slope: .upright))
      font = try LayoutFont(match: match, pointSize: 14)
    } catch let error as FontError {
      throw TypeScaleError(error)
    } catch let error as LayoutError {
      throw TypeScaleError(error)
    } catch let error as MetricsError {
      throw TypeScaleError(error)
    } catch {
      throw TypeScaleError(.invalidValue, "\(error)")
    }
    androidFonts.withLock { if $0.count < Self.maximumCachedSweeps { $0[key] = font } }
    return font
  }
}
