// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts
import TypeScaleInternals

extension FontStore {
  // MARK: - Google Fonts

  /// Loads static styles of a Google Fonts family: from the store when it holds them, else with
  /// one stylesheet request for the missing styles and one fetch per style.
  ///
  /// ```swift
  /// let faces = try await store.load(family: "Noto Sans KR", styles: [.regular, .bold],
  ///                                  from: GoogleFontsSource())
  /// ```
  ///
  /// - Parameters:
  ///   - family: The family name, as Google Fonts spells it.
  ///   - styles: The weights and slopes; regular by default.
  ///   - source: The Google Fonts source (or a mirror's).
  /// - Returns: The faces of every style, in the order of `styles`: one per style, or one per
  ///   `unicode-range` subset of a subsetted style.
  /// - Throws: What ``load(_:from:)-(GoogleFontsQuery,_)`` throws.
  @discardableResult
  public func load(
    family: String, styles: [FontRequest.Style] = [.regular], from source: GoogleFontsSource
  ) async throws(FontStoreError) -> [FontFace] {
    try await load(GoogleFontsQuery(family: family, styles: styles), from: source)
  }

  /// Loads the styles of a Google Fonts query, static or variable.
  ///
  /// Each style is stored under its own key (``GoogleFontsSource/request(for:family:)``), by
  /// the SHA-256 of its file. When every style is stored under the source's cache key, nothing
  /// touches the network. Otherwise one stylesheet request asks for the missing styles, and
  /// each style's files are fetched once: concurrent loads of the same query share the whole
  /// load, and loads of other queries share the store's per-style fetches.
  ///
  /// ```swift
  /// let faces = try await store.load(.variable(family: "Inter", weights: 100...900),
  ///                                  from: google)
  /// faces[0].axes   // the wght axis, 100…900; faces are the variable font's named instances
  /// ```
  ///
  /// - Parameters:
  ///   - query: The family and styles; an empty tuple list loads the regular style.
  ///   - source: The Google Fonts source (or a mirror's).
  /// - Returns: The faces of every style, in the query's order.
  /// - Throws: ``FontStoreError`` — `notFound` for a family Google does not have or a style
  ///   it lacks, naming the styles it has; `invalidArgument` for a query the API would refuse;
  ///   what ``GoogleFontsSource/faces(for:)`` and ``load(_:from:)-([FontRequest],_)`` throw.
  @discardableResult
  public func load(
    _ query: GoogleFontsQuery, from source: GoogleFontsSource
  ) async throws(FontStoreError) -> [FontFace] {
    let query = query.tuples.isEmpty ? GoogleFontsQuery(family: query.family) : query
    let url = try source.url(for: query)
    let requests = source.requests(for: query)
    let key = [
      String(describing: ObjectIdentifier(self)), url.absoluteString, source.userAgent,
      source.cacheKey ?? "",
    ].joined(separator: "\u{1F}")
    // Joined, answered from the store, or started under one lock: a load that finishes removes
    // its flight only after storing every style, so no caller can miss both.
    let flight: Task<Result<[FontFace], FontStoreError>, Never>? = GoogleFontsFlights.running
      .withLock { flights in
        if let flight = flights[key] { return flight }
        if requests.allSatisfy({ _holds($0, from: source) }) { return nil }
        let flight = Task {
          let result = await self.loadFromGoogle(query, requests: requests, source: source)
          GoogleFontsFlights.running.withLock { _ = $0.removeValue(forKey: key) }
          return result
        }
        flights[key] = flight
        return flight
      }
    guard let flight else { return try await load(requests, from: source) }
    return try await flight.value.get()
  }

  /// Whether the store holds a request's face under the source's cache key, as a load would
  /// answer it without fetching.
  func _holds(_ request: FontRequest, from source: some RemoteFontSource) -> Bool {
    let key = Self.key(for: request, from: source)
    return state.withLock { state in
      guard let stored = state.stored[key] else { return false }
      return stored.entry.version == source.cacheKey && !stored.faces.isEmpty
    }
  }

  /// The body of a Google load: one stylesheet for the missing styles, then the store's
  /// per-style fetches, from the files that stylesheet names.
  func loadFromGoogle(
    _ query: GoogleFontsQuery, requests: [FontRequest], source: GoogleFontsSource
  ) async -> Result<[FontFace], FontStoreError> {
    do throws(FontStoreError) {
      let missing = zip(query.tuples, requests).filter { !_holds($0.1, from: source) }
      var planned: [String: GoogleFontsPlannedSource.Plan] = [:]
      for (tuple, request) in zip(query.tuples, requests) {
        planned[request.fileStem] = .init(tuple: tuple, faces: nil)
      }
      if !missing.isEmpty {
        let missingQuery = GoogleFontsQuery(family: query.family, tuples: missing.map(\.0))
        let url = try source.url(for: missingQuery)
        let faces = try await source.faces(for: missingQuery)
        let assigned = try GoogleFontsSource.assign(faces, to: missingQuery, url: url)
        for ((tuple, request), faces) in zip(missing, assigned) {
          planned[request.fileStem] = .init(tuple: tuple, faces: faces)
        }
      }
      let planner = GoogleFontsPlannedSource(source: source, family: query.family, plans: planned)
      return .success(try await load(requests, from: planner))
    } catch {
      guard error.code == .network else { return .failure(error) }
      // Google could not be reached: answer from faces stored through other sources.
      var faces: [FontFace] = []
      for request in requests {
        let key = Self.key(for: request, from: source)
        if _holds(request, from: source), let stored = state.withLock({ $0.stored[key] }) {
          faces += stored.faces
        } else if let stored = answerFromStore(
          request, key: key, source: source.identifier, error: error)
        {
          faces += stored
        } else {
          return .failure(error)
        }
      }
      return .success(faces)
    }
  }
}

/// Google loads in flight, by store, stylesheet URL, User-Agent and cache key.
enum GoogleFontsFlights {
  static let running = Locked<[String: Task<Result<[FontFace], FontStoreError>, Never>]>([:])
}

/// The source a Google load hands the store: the same identifier and cache key as the Google
/// source (so the keys are the same), with each style's rules already known.
struct GoogleFontsPlannedSource: RemoteFontSource {
  /// A style of the load: its tuple, and its rules when the load's stylesheet listed them.
  struct Plan: Sendable {
    let tuple: GoogleFontsQuery.Tuple
    let faces: [CSSFontFace]?
  }

  let source: GoogleFontsSource
  let family: String
  let plans: [String: Plan]

  var identifier: String { source.identifier }
  var cacheKey: String? { source.cacheKey }
  var familyNamesMayDiffer: Bool { source.familyNamesMayDiffer }

  /// Downloads the planned files; a style the store held when the load began (and lost since)
  /// asks for its own stylesheet.
  func fetch(_ request: FontRequest) async throws -> Data {
    guard let plan = plans[request.fileStem] else { return try await source.fetch(request) }
    let label = "\"\(family)\" \(GoogleFontsSource._describe(plan.tuple))"
    guard let faces = plan.faces else { return try await source._fetch(plan.tuple, family: family) }
    return try await source._download(faces, label: label)
  }
}
