// SPDX-License-Identifier: Apache-2.0

/// A change in a load's state, as ``FontStore/states()`` reports it.
///
/// ```swift
/// for await event in store.states() {
///   print(event.request, event.state)  // "Pretendard" SemiBold loading, then loaded (…)
/// }
/// ```
public struct FontLoadEvent: Hashable, Sendable, CustomStringConvertible {
  /// The key the face is stored under (``FontStore/key(for:from:)``).
  public let key: String
  /// The face that is loading.
  public let request: FontRequest
  /// The new state.
  public let state: FontLoadState

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - key: The store key.
  ///   - request: The face.
  ///   - state: The new state.
  public init(key: String, request: FontRequest, state: FontLoadState) {
    self.key = key
    self.request = request
    self.state = state
  }

  /// `"Pretendard" SemiBold: loading`.
  public var description: String { "\(request): \(state)" }
}
