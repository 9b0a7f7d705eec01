// SPDX-License-Identifier: Apache-2.0

import CBenchmarkPeers
import Foundation

/// The floor for one thread: HarfBuzz shaping plus ICU line breaking of each text, one context
/// per font file (see `CBenchmarkPeers.h`).
final class Floor: @unchecked Sendable {
  // Used by one thread at a time: the parallel benchmark makes one per thread.
  private var contexts: [OpaquePointer] = []

  /// Opens every font file of the corpus.
  ///
  /// - Parameter corpus: The corpus.
  /// - Throws: ``CorpusError`` when HarfBuzz cannot read a file.
  init(corpus: Corpus) throws {
    for path in corpus.fontPaths {
      guard let context = floor_context_create(path) else {
        throw CorpusError(description: "HarfBuzz cannot read \(path)")
      }
      contexts.append(context)
    }
  }

  deinit {
    for context in contexts { floor_context_destroy(context) }
  }

  /// Lays a text out; `width` <= 0 lays it out on one line.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - size: The size in points.
  ///   - width: The width in points.
  ///   - check: Whether to count .notdef glyphs into `problems`.
  /// - Returns: What the floor measured.
  @inline(__always)
  func layout(
    _ text: CorpusText, size: Double, width: Double, check: Bool = false
  ) -> BenchmarkLayout {
    var result = BenchmarkLayout()
    let context = contexts[text.fontIndex]
    let body = check ? floor_layout_check : floor_layout
    let ok = body(
      context, text.cText.pointer, text.cText.count, text.cLanguage.pointer, size, width, &result)
    precondition(ok, "the floor failed on \(text.name)")
    return result
  }
}

/// Pango for one thread: a PangoFT2 font map over the corpus fonts folder and a context (see
/// `CBenchmarkPeers.h`).
final class Peer: @unchecked Sendable {
  // Used by one thread at a time: the parallel benchmark makes one per thread.
  private let context: OpaquePointer

  /// Creates the font map and context.
  ///
  /// - Parameter corpus: The corpus, whose fonts folder is the only one fontconfig sees.
  /// - Throws: ``CorpusError`` when fontconfig rejects the folder.
  init(corpus: Corpus) throws {
    guard let context = peer_context_create(corpus.fontsFolder.path) else {
      throw CorpusError(description: "fontconfig cannot use \(corpus.fontsFolder.path)")
    }
    self.context = context
  }

  deinit { peer_context_destroy(context) }

  /// Lays a text out with a new PangoLayout.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - size: The size in points.
  ///   - width: The width in points; <= 0 for unwrapped.
  ///   - maxLines: The most lines, ellipsized; 0 for no limit.
  ///   - check: Whether to count runs drawn in another family into `problems`.
  /// - Returns: What Pango measured.
  @inline(__always)
  func layout(
    _ text: CorpusText, size: Double, width: Double, maxLines: Int = 0, check: Bool = false
  ) -> BenchmarkLayout {
    var result = BenchmarkLayout()
    let body = check ? peer_layout_check : peer_layout
    let ok = body(
      context, text.cText.pointer, text.cText.count, text.cFamily.pointer,
      text.cLanguage.pointer, size, width, Int32(maxLines), &result)
    precondition(ok, "Pango laid \(text.name) out on no line")
    return result
  }
}

/// The versions of HarfBuzz, ICU, Pango and fontconfig the baselines link.
func baselineLibraryVersions() -> String {
  var buffer = [CChar](repeating: 0, count: 256)
  benchmark_library_versions(&buffer, buffer.count)
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
