// SPDX-License-Identifier: Apache-2.0

/// A note on a load that succeeded with something other than exactly what was asked for.
///
/// The store keeps each note once, in ``FontStore/diagnostics``:
///
/// ```swift
/// try await store.load(family: "Inter", styles: [.bold], from: hosted)  // offline
/// store.diagnostics.last?.message
/// // "\"Inter\" Bold: https://cdn.example.com/fonts/ could not be reached (…); answered with
/// //  the face stored under assets#Inter-Bold (Inter-Bold)"
/// ```
public struct FontStoreDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// What happened.
  public struct Kind: Hashable, Sendable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }

    /// A source that names families itself (``RemoteFontSource/familyNamesMayDiffer``, such as
    /// ``GoogleFontsSource``) served a file whose family names differ from the requested
    /// family; it was stored under the file's own names.
    public static let familyRenamed = Kind("familyRenamed")
    /// The source could not be reached (``FontStoreError/Code/network``), and a face stored
    /// through another source (or under another file stem) with the same family and style
    /// answered the load.
    public static let answeredFromStore = Kind("answeredFromStore")

    /// The kind's name, such as `familyRenamed`.
    public var description: String { name }
  }

  /// What happened.
  public let kind: Kind
  /// The key the load was filed under (``FontStore/key(for:from:)``).
  public let key: String
  /// The face that was asked for.
  public let request: FontRequest
  /// A sentence naming what was asked for and what was used.
  public let message: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - kind: What happened.
  ///   - key: The load's key.
  ///   - request: The face asked for.
  ///   - message: A sentence naming what was asked for and what was used.
  public init(kind: Kind, key: String, request: FontRequest, message: String) {
    self.kind = kind
    self.key = key
    self.request = request
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
