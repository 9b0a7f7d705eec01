// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleFonts

extension FontStore {
  // MARK: - Loading

  /// Loads faces of a family from a source: from the store when it holds them, else fetched
  /// once, validated, stored and registered.
  ///
  /// Concurrent loads of one face share one fetch: the first records its task before anything
  /// suspends, and later ones wait for it. A face stored under the source's current
  /// ``RemoteFontSource/cacheKey`` never touches the network; one stored under another cache
  /// key is fetched again and replaces the old file. A fetch is shared, so cancelling one caller
  /// does not cancel it: it completes and stores the face for the others.
  ///
  /// ```swift
  /// let faces = try await store.load(family: "Pretendard", styles: [.regular, .bold],
  ///                                  from: hosted)
  /// ```
  ///
  /// - Parameters:
  ///   - family: The family name, as the font names it.
  ///   - styles: The styles to load; regular by default. They load concurrently.
  ///   - source: Where to fetch missing faces.
  /// - Returns: The faces of every style, in the order of `styles`.
  /// - Throws: The first failure, after every style has finished: ``FontStoreError`` —
  ///   `httpStatus`, `network`, `tooLarge`, `notAFont`, `corrupt`, `conflict`, `storage` or
  ///   `sourceFailed`. Faces that loaded stay stored.
  @discardableResult
  public func load(
    family: String, styles: [FontRequest.Style] = [.regular], from source: some RemoteFontSource
  ) async throws(FontStoreError) -> [FontFace] {
    try await load(styles.map { FontRequest(family: family, style: $0) }, from: source)
  }

  /// Loads the faces of several requests from a source, like
  /// ``load(family:styles:from:)-(_,_,RemoteFontSource)``.
  ///
  /// - Parameters:
  ///   - requests: The faces, with file stems of their own if the host needs them.
  ///   - source: Where to fetch missing faces.
  /// - Returns: The faces of every request, in order.
  /// - Throws: The first failure, after every request has finished.
  @discardableResult
  public func load(
    _ requests: [FontRequest], from source: some RemoteFontSource
  ) async throws(FontStoreError) -> [FontFace] {
    // Every fetch is recorded (or joined) before the first suspension.
    let pending = requests.map { begin($0, from: source) }
    var faces: [FontFace] = []
    var failure: FontStoreError?
    for item in pending {
      let result: Result<[FontFace], FontStoreError>
      switch item {
      case .ready(let ready): result = ready
      case .running(let task): result = await task.value
      }
      switch result {
      case .success(let loaded): faces += loaded
      case .failure(let error): failure = failure ?? error
      }
    }
    if let failure { throw failure }
    return faces
  }

  /// A load's outcome: known at once, or a fetch to wait for.
  enum Pending {
    case ready(Result<[FontFace], FontStoreError>)
    case running(Task<Result<[FontFace], FontStoreError>, Never>)
  }

  /// Answers from the store, joins the fetch in flight, or starts one — all under one lock, so
  /// that no two callers ever start the same fetch.
  func begin(_ request: FontRequest, from source: some RemoteFontSource) -> Pending {
    let key = Self.key(for: request, from: source)
    let version = source.cacheKey
    let flightKey = key + "\u{1F}" + (version ?? "")
    return state.withLock { state in
      if let stored = state.stored[key], stored.entry.version == version,
        !stored.faces.isEmpty
      {
        state.statistics.storedHits += 1
        return .ready(.success(stored.faces))
      }
      if let flight = state.flights[flightKey] {
        state.statistics.joinedLoads += 1
        return .running(flight.task)
      }
      state.statistics.fetches += 1
      let task = Task {
        await self.fetchAndInstall(request, key: key, flightKey: flightKey, source: source)
      }
      state.flights[flightKey] = Flight(key: key, request: request, task: task)
      Self._publish(FontLoadEvent(key: key, request: request, state: .loading), in: &state)
      return .running(task)
    }
  }

  /// The body of a fetch: fetch, install, publish the outcome, retire the flight.
  func fetchAndInstall(
    _ request: FontRequest, key: String, flightKey: String, source: some RemoteFontSource
  ) async -> Result<[FontFace], FontStoreError> {
    let result: Result<[FontFace], FontStoreError>
    do throws(FontStoreError) {
      // The store's size limit reaches the source's downloads (HTTPFetch.Policy.font).
      let fetched = await Self.$_loadingFileLimit.withValue(maximumFileSize) {
        () async -> Result<Data, FontStoreError> in
        do throws(FontStoreError) {
          return .success(try await Self._fetch(request, from: source))
        } catch {
          return .failure(error)
        }
      }
      switch fetched {
      case .success(let data):
        let name = "\(request.fileStem) (from \(source.identifier))"
        let expectation = Expectation(
          request: request, familyMayDiffer: source.familyNamesMayDiffer,
          source: source.identifier)
        let faces = try await Self.offPool { () throws(FontStoreError) in
          try self._install(
            data, key: key, origin: source.identifier, version: source.cacheKey, name: name,
            expecting: expectation)
        }
        result = .success(faces)
      case .failure(let error):
        guard error.code == .network,
          let faces = answerFromStore(request, key: key, source: source.identifier, error: error)
        else { throw error }
        result = .success(faces)
      }
    } catch {
      result = .failure(error)
    }
    state.withLock { state in
      // The entry is in `stored` before the flight leaves: a load never sees neither.
      state.flights[flightKey] = nil
      let outcome: FontLoadState
      switch result {
      case .success(let faces): outcome = .loaded(faces)
      case .failure(let error): outcome = .failed(error)
      }
      Self._publish(FontLoadEvent(key: key, request: request, state: outcome), in: &state)
    }
    return result
  }

  /// The faces stored for a request's family and style under another key, for a load whose
  /// source could not be reached; records a ``FontStoreDiagnostic/Kind/answeredFromStore`` note.
  ///
  /// Keys name a source, so a face stored through one source is not under the key another
  /// source's load looks for. Offline, the store matches on family and style instead: first an
  /// entry a load stored for the same family (case-insensitively), weight and slope (the
  /// request the index recorded), then an entry with a face the registry finds under the family
  /// that draws the style (``FontRequest/isDrawn(by:)``), by key order.
  ///
  /// - Returns: The entry's faces, or `nil` when the store holds none.
  func answerFromStore(
    _ request: FontRequest, key: String, source: String, error: FontStoreError
  ) -> [FontFace]? {
    state.withLock { state in
      let candidates = state.stored.filter { !$0.value.faces.isEmpty }.sorted { $0.key < $1.key }
      let found =
        candidates.first { $0.value.entry.wasStored(for: request) }
        ?? candidates.first { item in
          request.facesInFamily(item.value.faces).contains(where: request.isDrawn(by:))
        }
      guard let (storedKey, stored) = found else { return nil }
      state.statistics.offlineHits += 1
      let message =
        "\(request): \(source) could not be reached (\(error.message)); answered with the face "
        + "stored under \(storedKey) (\(stored.faces.map(\.postScriptName).joined(separator: ", ")))"
      Self._note(
        FontStoreDiagnostic(
          kind: .answeredFromStore, key: key, request: request, message: message),
        in: &state)
      return stored.faces
    }
  }

  /// Records a note for ``diagnostics``, once.
  static func _note(_ note: FontStoreDiagnostic, in state: inout _State) {
    if !state.diagnostics.contains(note) { state.diagnostics.append(note) }
  }

  /// The ``maximumFileSize`` of the store whose load is running in this task, for the sources'
  /// downloads; `nil` outside a load.
  @TaskLocal static var _loadingFileLimit: Int?

  /// The size limit for a font file a source downloads: its own limit, or the loading store's
  /// when that is smaller.
  static func fileLimit(within limits: DownloadLimits) -> HTTPFetch.SizeLimit {
    if let store = _loadingFileLimit, store < limits.maximumSize { return .store(store) }
    return .download(limits.maximumSize)
  }

  /// Runs blocking work — the store's file lock, hashing, FreeType's validation — on a thread
  /// of its own and awaits it, so that it never holds one of the few threads of Swift's
  /// cooperative pool: with two cores the pool has two, and a load waiting for another
  /// process's lock must not stop every other task.
  ///
  /// Not `DispatchQueue.global()`: on Linux the cooperative pool runs on the same root-queue
  /// threads, and libdispatch adds threads for blocked ones only slowly (measured: six loads
  /// waiting for the lock stalled an unrelated task for about 4 s).
  static func offPool<T: Sendable>(
    _ body: @escaping @Sendable () throws(FontStoreError) -> T
  ) async throws(FontStoreError) -> T {
    let result: Result<T, FontStoreError> = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        do throws(FontStoreError) {
          continuation.resume(returning: .success(try body()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// Calls the source, turning its errors into ``FontStoreError``s.
  static func _fetch(
    _ request: FontRequest, from source: some RemoteFontSource
  ) async throws(FontStoreError) -> Data {
    do {
      return try await source.fetch(request)
    } catch let error as FontStoreError {
      throw error
    } catch let error as CancellationError {
      throw FontStoreError(.network, "the fetch of \(request) was cancelled", cause: error)
    } catch {
      let nsError = error as NSError
      if nsError.domain == NSURLErrorDomain {
        throw HTTPFetch.networkError(error, url: "\(request) from \(source.identifier)")
      }
      throw FontStoreError(
        .sourceFailed, "\(source.identifier) could not fetch \(request): \(error)",
        cause: error)
    }
  }

  // MARK: - Load state

  /// The state of the face stored (or loading) under a key: `loading` while a fetch is in
  /// flight, else the last load's outcome, else `loaded` for a stored face; `nil` when the store
  /// knows nothing of the key.
  ///
  /// - Parameter key: A key from ``key(for:from:)``.
  /// - Returns: The state, or `nil`.
  public func state(for key: String) -> FontLoadState? {
    state.withLock { state in
      if state.flights.values.contains(where: { $0.key == key }) { return .loading }
      if let latest = state.latest[key] { return latest }
      return state.stored[key].map { .loaded($0.faces) }
    }
  }

  /// A stream of load state changes: `loading` when a fetch starts, then `loaded` or `failed`.
  ///
  /// A new stream first reports every fetch already in flight as `loading`. Each call makes an
  /// independent stream; it ends when the consuming task is cancelled or the store is gone.
  ///
  /// ```swift
  /// Task {
  ///   for await event in store.states() where event.request.family == "Pretendard" {
  ///     if case .loaded = event.state { relayout() }
  ///   }
  /// }
  /// ```
  ///
  /// - Returns: The stream, with an unbounded buffer.
  public func states() -> AsyncStream<FontLoadEvent> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: FontLoadEvent.self, bufferingPolicy: .unbounded)
    let id = state.withLock { state in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = continuation
      for flight in state.flights.values.sorted(by: { $0.key < $1.key }) {
        continuation.yield(FontLoadEvent(key: flight.key, request: flight.request, state: .loading))
      }
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Records a key's new state and tells every observer.
  static func _publish(_ event: FontLoadEvent, in state: inout _State) {
    state.latest[event.key] = event.state
    for observer in state.observers.values { observer.yield(event) }
  }

  // MARK: - Resolving

  /// The face to draw a query with now: the registry's match, or — while a face of the family
  /// is loading and the registry has no exact match — TypeScale's default face with a loading
  /// note.
  ///
  /// - Parameter query: The family or PostScript name, weight, slope and width.
  /// - Returns: The resolution; ``FontStoreResolution/isLoading`` tells whether the default
  ///   stands in for a face that is on its way.
  public func resolve(_ query: FontQuery) -> FontStoreResolution {
    let pending = state.withLock { state in
      state.flights.values.map(\.request)
        .filter { $0.family.caseInsensitiveCompare(query.family) == .orderedSame }
        .sorted { $0.fileStem < $1.fileStem }
    }
    if let match = try? registry.match(query), match.isExact || pending.isEmpty {
      return FontStoreResolution(match: match, pendingLoads: pending, loadingMessage: nil)
    }
    guard !pending.isEmpty else {
      return FontStoreResolution(
        match: registry.resolve(query), pendingLoads: [], loadingMessage: nil)
    }
    let stand = registry.resolve(
      FontQuery(
        family: registry.defaultFace.family, weight: query.weight, slope: query.slope,
        width: query.width))
    let message =
      "\(query) is loading; using \(stand.face.postScriptName) (TypeScale's default) until it "
      + "is stored"
    return FontStoreResolution(match: stand, pendingLoads: pending, loadingMessage: message)
  }
}
