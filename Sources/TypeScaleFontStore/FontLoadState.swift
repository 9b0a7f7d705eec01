// SPDX-License-Identifier: Apache-2.0

import TypeScaleFonts

/// Where a face's load stands: loading, loaded with its faces, or failed with the reason.
///
/// Read it with ``FontStore/state(for:)`` or follow changes through ``FontStore/states()``.
/// While a face is loading, ``FontStore/resolve(_:)`` draws with TypeScale's default face, as
/// WebFontKit shows the system font until the download lands.
public enum FontLoadState: Hashable, Sendable, CustomStringConvertible {
  /// The face is being fetched, validated or stored.
  case loading
  /// The face is stored and registered.
  case loaded([FontFace])
  /// The last load failed; nothing of it was stored.
  case failed(FontStoreError)

  /// Whether the state is ``loading``.
  public var isLoading: Bool { self == .loading }

  /// `loading`, `loaded (Pretendard-SemiBold)` or `failed: <message>`.
  public var description: String {
    switch self {
    case .loading: "loading"
    case .loaded(let faces): "loaded (\(faces.map(\.postScriptName).joined(separator: ", ")))"
    case .failed(let error): "failed: \(error.message)"
    }
  }
}
