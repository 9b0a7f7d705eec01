// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import TypeScaleFonts

/// The start-up shortcut that finds the embedded fonts with system calls finds the folder that
/// Foundation's `Bundle`/`URL`/`ProcessInfo` path (the reference) finds.
@Suite struct EmbeddedFontsLocateTests {
  /// A path with symbolic links resolved and no trailing slash, for comparing folders.
  private func canonical(_ url: URL) -> String {
    url.standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// In this process (the fonts beside the test executable, as beside the CLI), both find the
  /// same folder, and it holds every embedded file.
  @Test func locate_findsTheFolderFoundationFinds() throws {
    let fast = try EmbeddedFonts.locate()
    let reference = try EmbeddedFonts.locateThroughFoundation()
    #expect(canonical(fast) == canonical(reference))
    for name in EmbeddedFonts.fileNames {
      #expect(FileManager.default.fileExists(atPath: fast.appendingPathComponent(name).path))
    }
  }

  #if os(Linux)
    /// The system-call search answers (it does not leave the work to Foundation) where the
    /// fonts are beside the executable.
    @Test func systemCallSearch_answersBesideTheExecutable() throws {
      let folder = try #require(EmbeddedFonts.locateWithSystemCalls())
      let reference = try EmbeddedFonts.locateThroughFoundation()
      #expect(canonical(URL(fileURLWithPath: folder)) == canonical(reference))
    }
  #endif

  /// A registry's embedded faces come from the folder the reference search finds.
  @Test func registry_loadsTheEmbeddedFacesFromTheReferenceFolder() throws {
    let registry = try FontRegistry()
    let reference = canonical(try EmbeddedFonts.locateThroughFoundation())
    #expect(registry.embeddedFaces.count >= EmbeddedFonts.fileNames.count)
    for face in registry.embeddedFaces {
      let path = try #require(face.source.path)
      #expect(canonical(URL(fileURLWithPath: path).deletingLastPathComponent()) == reference)
    }
  }
}
