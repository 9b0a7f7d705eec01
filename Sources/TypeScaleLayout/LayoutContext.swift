// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// Per-thread scratch state for layout: a HarfBuzz buffer and ICU line-break iterators.
///
/// A context is mutable and explicitly not `Sendable`: its HarfBuzz buffer, ICU iterators and
/// recent fonts are scratch state that a layout changes as it runs, and neither HarfBuzz buffers
/// nor ICU break iterators may be used from two threads at once. Use one per thread or task, and
/// reuse it — creating one allocates a HarfBuzz buffer (a few microseconds) and, on first use per
/// language, an ICU line-break iterator (tens of microseconds, more for dictionary languages
/// such as Thai). The engine's convenience methods borrow contexts from a pool with a slot per
/// thread, so most callers never create one. A context also remembers the fonts and cascade its
/// last layouts used (per engine), which spares each layout the engine's locks.
///
/// ```swift
/// let context = LayoutContext()
/// for text in texts {
///   let layout = try engine.layout(text, font: font, options: options, context: context)
/// }
/// ```
public final class LayoutContext {
  let buffer = HarfBuzzBuffer()
  private var breakers: [String: LineBreakIterator] = [:]
  /// The HarfBuzz fonts used last, most recent first; size-independent fonts only.
  ///
  /// A layout asks for the same one or two for every run, and this answers without the engine's
  /// lock.
  private var recentFonts:
    [(cache: HarfBuzzFontCache, face: FontFace, coordinates: String, font: HarfBuzzFont)] = []

  /// The cascade of the font laid out last, when it names no fallback faces of its own: by the
  /// engine's font cache (held, so that its identity is never another engine's) and face.
  ///
  /// A layout asks for it once, and this answers without the engine's lock, a line that every
  /// thread would otherwise write.
  private var recentCascade: (fonts: HarfBuzzFontCache, face: FontFace.ID, cascade: FontCascade)?

  /// Creates a context.
  public init() {}

  /// The cascade remembered for `face` with the engine whose font cache is `fonts`, or `nil`.
  func recentCascade(from fonts: HarfBuzzFontCache, face: FontFace.ID) -> FontCascade? {
    guard let recent = recentCascade, recent.fonts === fonts, recent.face == face else {
      return nil
    }
    return recent.cascade
  }

  /// Remembers a primary face's cascade for ``recentCascade(from:face:)``.
  func remember(_ cascade: FontCascade, from fonts: HarfBuzzFontCache, face: FontFace.ID) {
    recentCascade = (fonts, face, cascade)
  }

  /// A font this context used recently from `cache` for a face and coordinates, or `nil`.
  func recentFont(
    from cache: HarfBuzzFontCache, face: FontFace, coordinates: String
  ) -> HarfBuzzFont? {
    for index in recentFonts.indices {
      let entry = recentFonts[index]
      if entry.cache === cache, entry.face == face, entry.coordinates == coordinates {
        if index > 0 { recentFonts.swapAt(0, index) }
        return entry.font
      }
    }
    return nil
  }

  /// Remembers a size-independent font for ``recentFont(from:face:coordinates:)``.
  func remember(
    _ font: HarfBuzzFont, from cache: HarfBuzzFontCache, face: FontFace, coordinates: String
  ) {
    if recentFonts.count == 4 { recentFonts.removeLast() }
    recentFonts.insert((cache, face, coordinates, font), at: 0)
  }

  /// The line-break iterator for a locale, created on first use.
  func lineBreaker(for locale: String) throws(LayoutError) -> LineBreakIterator {
    if let breaker = breakers[locale] { return breaker }
    let breaker = try LineBreakIterator(locale: locale)
    breakers[locale] = breaker
    return breaker
  }
}

/// Scratch state for one thread at a time; see the type's documentation.
@available(*, unavailable)
extension LayoutContext: Sendable {}
