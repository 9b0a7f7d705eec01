// SPDX-License-Identifier: Apache-2.0

/// Per-thread scratch state for layout: a HarfBuzz buffer and ICU line-break iterators.
///
/// A context is mutable and not `Sendable`: use one per thread or task, and reuse it — creating
/// one allocates a HarfBuzz buffer (a few microseconds) and, on first use per language, an ICU
/// line-break iterator (tens of microseconds, more for dictionary languages such as Thai). The
/// engine's convenience methods borrow contexts from a small pool, so most callers never create
/// one.
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

  /// Creates a context.
  public init() {}

  /// The line-break iterator for a locale, created on first use.
  func lineBreaker(for locale: String) throws(LayoutError) -> LineBreakIterator {
    if let breaker = breakers[locale] { return breaker }
    let breaker = try LineBreakIterator(locale: locale)
    breakers[locale] = breaker
    return breaker
  }
}
