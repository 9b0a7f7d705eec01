// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// The face to draw a request with right now, and whether the requested face is still loading.
///
/// While a face of the family is loading, the resolution holds TypeScale's default face (matched
/// to the requested weight and slope) and says so, as WebFontKit shows the system font until the
/// download lands; once loaded, it holds the registry's match.
///
/// ```swift
/// let resolution = store.resolve(FontQuery(family: "Pretendard", weight: .semibold))
/// resolution.isLoading   // true while the download runs
/// resolution.face        // NotoSans-SemiBold until then, Pretendard-SemiBold after
/// resolution.notes       // ["\"Pretendard\" semibold is loading; using NotoSans-SemiBold …"]
/// ```
public struct FontStoreResolution: Hashable, Sendable, CustomStringConvertible {
  /// The registry's match: the requested face, a substitute, or the default.
  public let match: FontMatch
  /// The loads of the requested family still in flight; empty when none is.
  public let pendingLoads: [FontRequest]
  /// A sentence saying which face stands in while the family loads; `nil` when nothing is
  /// loading.
  public let loadingMessage: String?

  /// Creates a resolution.
  ///
  /// - Parameters:
  ///   - match: The registry's match.
  ///   - pendingLoads: The family's loads in flight.
  ///   - loadingMessage: The loading note, or `nil`.
  public init(match: FontMatch, pendingLoads: [FontRequest], loadingMessage: String?) {
    self.match = match
    self.pendingLoads = pendingLoads
    self.loadingMessage = loadingMessage
  }

  /// The face to draw with.
  public var face: FontFace { match.face }

  /// Whether the default face stands in for one that is still loading.
  public var isLoading: Bool { loadingMessage != nil }

  /// Every note for a person: the loading message, then the match's diagnostics.
  public var notes: [String] {
    (loadingMessage.map { [$0] } ?? []) + match.diagnostics.map(\.message)
  }

  /// The face and the notes.
  public var description: String {
    notes.isEmpty
      ? "\(face.postScriptName) (exact)"
      : "\(face.postScriptName): " + notes.joined(separator: "; ")
  }
}
