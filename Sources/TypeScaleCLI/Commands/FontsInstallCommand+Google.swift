// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleFontStore

extension FontsInstallCommand {
  /// The Google Fonts target the command line names with `--google`, or `nil` without it.
  ///
  /// - Throws: ``CLIError`` (exit 2) for `--google` with a source or `--key`, a weight list
  ///   that is not numbers from 1 to 1000, a base URL that is not http(s), or `--weights`,
  ///   `--italic` or `--google-base-url` without `--google`.
  static func googleTarget(_ parsed: ParsedArguments) throws(CLIError) -> Target? {
    guard let family = parsed.value("google") else {
      if parsed.value("weights") != nil || parsed.flag("italic")
        || parsed.value("google-base-url") != nil
      {
        throw .validation("--weights, --italic and --google-base-url go with --google FAMILY")
      }
      return nil
    }
    guard parsed.positional(0) == nil else {
      throw .validation("give a URL or path, or --google FAMILY, not both")
    }
    guard parsed.value("key") == nil else {
      throw .validation("--key is for a URL or path; --google stores each style under its own key")
    }
    let name = family.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw .validation("--google needs a family name") }

    var weights: [FontWeight] = []
    for item in (parsed.value("weights") ?? "400").split(
      separator: ",", omittingEmptySubsequences: false)
    {
      let text = item.trimmingCharacters(in: .whitespaces)
      guard let value = Int(text), let weight = try? FontWeight(value) else {
        throw .validation(
          "--weights takes weights from 1 to 1000 separated by commas, such as 400,700; "
            + "got '\(text)'")
      }
      if !weights.contains(weight) { weights.append(weight) }
    }
    let italic = parsed.flag("italic")
    let styles = weights.flatMap { weight in
      italic
        ? [FontRequest.Style(weight: weight), FontRequest.Style(weight: weight, italic: true)]
        : [FontRequest.Style(weight: weight)]
    }

    var baseURL = GoogleFontsSource.defaultBaseURL
    if let text = parsed.value("google-base-url") {
      guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased()),
        url.host != nil
      else {
        throw .validation("--google-base-url '\(text)' is not an http(s) URL")
      }
      baseURL = url
    }
    let source = GoogleFontsSource(baseURL: baseURL)
    let query = GoogleFontsQuery(family: name, styles: styles)
    do throws(FontStoreError) {
      _ = try source.url(for: query)
    } catch {
      throw .validation(error.message)
    }
    return .google(query, source: source)
  }

  /// Installs the styles (fetching those the store lacks) and prints the store, the stylesheet
  /// URL, and each style's key, file and faces.
  ///
  /// The styles are fetched by ``FontStore/load(_:from:)-(GoogleFontsQuery,_)``, awaited: the
  /// library's one Google Fonts flow, with the same keys and files a service's load uses.
  static func installGoogle(
    _ query: GoogleFontsQuery, from source: GoogleFontsSource, into store: FontStore,
    output: inout some TextOutputStream
  ) async throws(CLIError) {
    let url: URL
    do throws(FontStoreError) {
      url = try source.url(for: query)
      try await store.load(query, from: source)
    } catch {
      throw CLIError(error)
    }
    print("store:  \(store.directory.path)", to: &output)
    print("css:    \(url.absoluteString)", to: &output)
    for request in source.requests(for: query) {
      let key = FontStore.key(for: request, from: source)
      print("key:    \(key)", to: &output)
      guard let entry = store.entry(forKey: key) else { continue }
      print("file:   blobs/\(entry.fileURL.lastPathComponent)", to: &output)
      for face in entry.faces {
        print(
          "face:   \(face.postScriptName) (\(face.family) \(face.styleName), weight "
            + "\(face.weight.value), \(face.slope))", to: &output)
      }
    }
  }
}
