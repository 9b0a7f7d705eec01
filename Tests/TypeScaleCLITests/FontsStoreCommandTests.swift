// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// Every file under a folder with its bytes, the lock file and the store's marker aside.
private func contents(of folder: URL) -> [String: Data] {
  var files: [String: Data] = [:]
  let enumerator = FileManager.default.enumerator(atPath: folder.path)
  while let relative = enumerator?.nextObject() as? String {
    guard relative != ".lock", relative != ".typescale-store" else { continue }
    if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
    {
      files[relative] = data
    }
  }
  return files
}

/// Every path under a folder, hidden files and folders included, with each file's bytes: two
/// equal trees mean nothing on disk changed.
private func tree(of folder: URL) -> [String: Data] {
  var found: [String: Data] = [:]
  let enumerator = FileManager.default.enumerator(atPath: folder.path)
  while let relative = enumerator?.nextObject() as? String {
    let path = folder.appendingPathComponent(relative).path
    found[relative] = FileManager.default.contents(atPath: path) ?? Data("(folder)".utf8)
  }
  return found
}

@Suite struct FontsStoreCommandTests {
  @Test(arguments: [
    ("help_fonts", ["fonts", "--help"]),
    ("help_fonts_install", ["fonts", "install", "--help"]),
    ("help_fonts_list", ["fonts", "list", "--help"]),
    ("help_fonts_remove", ["fonts", "remove", "--help"]),
  ])
  func fontsStoreHelp_matchesGolden(_ name: String, _ arguments: [String]) async {
    let run = await typescale(arguments)
    #expect(run.status == 0)
    expectTextGolden(run.output, named: name, in: "cli")
  }

  @Test func fontsInstall_fromALoopbackURL_thenListAndRemove() async throws {
    // URLSession on Linux honours proxy variables; stay on the loopback or do not run.
    try requireLoopbackWithoutProxy()

    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route("/Fixture-Bold.ttf", .font(Fixtures.font("Fixture-Bold.ttf")))

    let url = server.url("/Fixture-Bold.ttf").absoluteString
    let install = await typescale(["fonts", "install", url, "--store", store.path])
    #expect(install.status == 0, "\(install.error)")
    #expect(install.error.isEmpty)
    #expect(install.output.contains("key:    \(url)\n"))
    #expect(
      install.output.contains(
        "face:   TypeScaleFixture-Bold (TypeScale Fixture Bold, weight 700, upright)\n"))

    let list = await typescale(["fonts", "list", "--store", store.path])
    #expect(list.status == 0)
    let rows = list.output.split(separator: "\n")
    #expect(rows.count == 2)
    #expect(rows.first?.hasPrefix("postScriptName") == true)
    #expect(rows.last?.hasPrefix("TypeScaleFixture-Bold  TypeScale Fixture  Bold  ") == true)
    #expect(rows.last?.hasSuffix(url) == true)

    let json = await typescale(["fonts", "list", "--store", store.path, "--json"])
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(objects.count == 1)
    #expect(objects.first?["key"] as? String == url)
    let faces = try #require(objects.first?["faces"] as? [[String: Any]])
    #expect(faces.first?["postScriptName"] as? String == "TypeScaleFixture-Bold")

    let missing = await typescale([
      "fonts", "install", server.url("/Nope-Bold.ttf").absoluteString, "--store", store.path,
    ])
    #expect(missing.status == 2)
    #expect(missing.error.contains("answered 404 "), "\(missing.error)")

    let remove = await typescale([
      "fonts", "remove", "TypeScaleFixture-Bold", "--store", store.path,
    ])
    #expect(remove.status == 0, "\(remove.error)")
    #expect(remove.output == "removed TypeScaleFixture-Bold (key \(url))\n")
    let empty = await typescale(["fonts", "list", "--store", store.path])
    #expect(empty.output == "no fonts in \(store.standardizedFileURL.path)\n")
  }

  @Test func fontsInstall_google_fromAMirrorThenOfflineAndTypedErrors() async throws {
    // URLSession on Linux honours proxy variables; stay on the loopback or do not run.
    try requireLoopbackWithoutProxy()

    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    let server = try LoopbackServer()
    defer { server.stop() }
    let base = "http://127.0.0.1:\(server.port)"

    // The recorded answers, pointing at this server; the fixture fonts under their file paths.
    let recorded = packageRoot().appendingPathComponent("Tests/Fixtures/GoogleFonts")
    let css = try String(contentsOf: recorded.appendingPathComponent("inter.css"), encoding: .utf8)
      .replacingOccurrences(of: "{{BASE}}", with: base)
    let page = try String(
      contentsOf: recorded.appendingPathComponent("missing-font-family.html"), encoding: .utf8
    ).replacingOccurrences(of: "{{REQUESTED}}", with: "Nope Sans (style: normal, weight: 400)")
    let files = [
      "UcCO3FwrK3iLTeHuS_nVMrMxCp50SjIw2boKoduKmMEVuLyfMZg.ttf": "Fixture-Regular.ttf",
      "UcCO3FwrK3iLTeHuS_nVMrMxCp50SjIw2boKoduKmMEVuGKYMZg.ttf": "Fixture-Bold.ttf",
      "UcCM3FwrK3iLTcvneQg7Ca725JhhKnNqk4j1ebLhAm8SrXTc2dphjZ-Ek-7MeA.ttf": "Fixture-Italic.ttf",
      "UcCM3FwrK3iLTcvneQg7Ca725JhhKnNqk4j1ebLhAm8SrXTcPtxhjZ-Ek-7MeA.ttf":
        "Fixture-BoldItalic.ttf",
    ]
    for (name, fixture) in files {
      server.route("/s/inter/v19/\(name)", .font(Fixtures.font(fixture)))
    }
    server.route(
      "/css2?family=Inter:ital,wght@0,400;0,700;1,400;1,700",
      LoopbackServer.Response(contentType: "text/css", body: Array(css.utf8)))
    let missing = LoopbackServer.Response(
      status: 400, contentType: "text/html; charset=UTF-8", body: Array(page.utf8))
    server.route("/css2?family=Nope+Sans:wght@400", missing)
    server.route("/css2?family=Nope+Sans", missing)

    let arguments = [
      "fonts", "install", "--google", "Inter", "--weights", "400,700", "--italic",
      "--google-base-url", base, "--store", store.path,
    ]
    let install = await typescale(arguments)
    #expect(install.status == 0, "\(install.error)")
    // The mirror serves the fixture family for "Inter": stored (Google's stylesheet names the
    // family), and said on stderr, one warning per style.
    let warnings = install.error.split(separator: "\n")
    #expect(warnings.count == 4, "\(install.error)")
    #expect(
      warnings.allSatisfy { $0.hasPrefix("warning: ") && $0.contains("TypeScale Fixture") },
      "\(install.error)")
    #expect(
      install.output.contains(
        "css:    \(base)/css2?family=Inter:ital,wght@0,400;0,700;1,400;1,700\n"))
    for stem in ["Inter-Regular", "Inter-Italic", "Inter-Bold", "Inter-BoldItalic"] {
      #expect(install.output.contains("key:    \(base)/css2#\(stem)\n"), "\(install.output)")
    }
    #expect(
      install.output.contains(
        "face:   TypeScaleFixture-BoldItalic (TypeScale Fixture Bold Italic, weight 700, italic)\n"
      ), "\(install.output)")
    let list = await typescale(["fonts", "list", "--store", store.path])
    #expect(list.output.split(separator: "\n").count == 5, "\(list.output)")

    let unknown = await typescale([
      "fonts", "install", "--google", "Nope Sans", "--google-base-url", base, "--store", store.path,
    ])
    #expect(unknown.status == 2)
    #expect(
      unknown.error.hasPrefix("error: Google Fonts has no family \"Nope Sans\" ("),
      "\(unknown.error)")
    #expect(unknown.error.split(separator: "\n").count == 1)

    // Every style is stored: the same command works with the server gone.
    server.stop()
    let offline = await typescale(arguments)
    #expect(offline.status == 0, "\(offline.error)")
    #expect(offline.output == install.output)
    #expect(offline.error.isEmpty, "nothing fetched, nothing to note: \(offline.error)")

    let bad = await typescale(["fonts", "install", "--google", "Inter", "--weights", "400,bold"])
    #expect(bad.status == 2)
    #expect(bad.error.contains("--weights takes weights from 1 to 1000"))
    let both = await typescale(["fonts", "install", "--google", "Inter", "Font.ttf"])
    #expect(both.status == 2)
    let stray = await typescale(["fonts", "install", "Font.ttf", "--italic"])
    #expect(stray.status == 2)
    #expect(stray.error.contains("go with --google FAMILY"))
  }

  @Test func fontsInstall_localWOFF2IsStoredAsSFNTAndRemovedByKey() async throws {
    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    let path = Fixtures.font("Fixture-Regular.woff2").path
    let install = await typescale([
      "fonts", "install", path, "--store", store.path, "--key", "brand",
    ])
    #expect(install.status == 0, "\(install.error)")
    #expect(install.output.contains("key:    brand\n"))
    #expect(install.output.contains(".ttf\n"))
    #expect(install.output.contains("face:   TypeScaleFixture-Regular ("))

    let remove = await typescale(["fonts", "remove", "brand", "--store", store.path])
    #expect(remove.output == "removed TypeScaleFixture-Regular (key brand)\n")
    #expect(contents(of: store).keys.sorted() == ["index.json"])
  }

  @Test func fontsStore_failuresAreOneLineAndChangeNothing() async throws {
    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    let bold = Fixtures.font("Fixture-Bold.ttf").path
    #expect(await typescale(["fonts", "install", bold, "--store", store.path]).status == 0)
    let before = contents(of: store)

    let html = await typescale(
      ["fonts", "install", Fixtures.font("broken-html.ttf").path, "--store", store.path])
    #expect(html.status == 2)
    #expect(html.error.hasPrefix("error: broken-html.ttf is not a font: it starts with"))
    #expect(html.error.split(separator: "\n").count == 1)

    let truncated = await typescale(
      ["fonts", "install", Fixtures.font("broken-truncated.ttf").path, "--store", store.path])
    #expect(truncated.status == 2)
    #expect(truncated.error.contains("broken-truncated.ttf is truncated or corrupt"))

    let absent = await typescale([
      "fonts", "install", "/nonexistent/Font.ttf", "--store", store.path,
    ])
    #expect(absent.status == 2)
    #expect(absent.error == "error: no file at /nonexistent/Font.ttf; check the path\n")

    let unknown = await typescale(["fonts", "remove", "Nope-Regular", "--store", store.path])
    #expect(unknown.status == 2)
    #expect(unknown.error.contains("no stored font has the PostScript name Nope-Regular"))

    let noName = await typescale(["fonts", "remove", "--store", store.path])
    #expect(noName.status == 2)
    #expect(contents(of: store) == before)
  }

  /// Issue 15: `fonts list` opened the store read-write and deleted files it did not own.
  @Test func fontsList_changesNothingOnDiskWhateverTheStoreHolds() async throws {
    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    for font in ["Fixture-Regular.ttf", "Fixture-Bold.ttf", "Fixture-Light.ttf"] {
      let install = await typescale([
        "fonts", "install", Fixtures.font(font).path, "--store", store.path,
      ])
      #expect(install.status == 0, "\(install.error)")
    }
    let blobs = store.appendingPathComponent("blobs")
    let stored = try FileManager.default.contentsOfDirectory(atPath: blobs.path).sorted()
    try #require(stored.count == 3)
    // A stray note, a crash's leftover, a replaced font, a folder in place of a font.
    try Data("n\n".utf8).write(to: blobs.appendingPathComponent("notes.txt"))
    try Data("crash".utf8).write(to: blobs.appendingPathComponent(".tmp-\(UUID().uuidString)"))
    try Data(contentsOf: Fixtures.font("Fixture-Black.ttf")).write(
      to: blobs.appendingPathComponent(stored[0]))
    try FileManager.default.removeItem(at: blobs.appendingPathComponent(stored[1]))
    try FileManager.default.createDirectory(
      at: blobs.appendingPathComponent(stored[1]), withIntermediateDirectories: false)
    let before = tree(of: store)

    for arguments in [
      ["fonts", "list", "--store", store.path], ["fonts", "list", "--store", store.path, "--json"],
    ] {
      let list = await typescale(arguments)
      #expect(list.status == 0, "\(list.error)")
      let warnings = list.error.split(separator: "\n")
      #expect(warnings.count == 2, "\(list.error)")
      #expect(warnings.allSatisfy { $0.hasPrefix("warning: ") })
      #expect(list.error.contains("is corrupt (its SHA-256 is "))
      #expect(list.error.contains("opened read-only, so it is left in place"))
      #expect(list.error.contains("is a folder, not a file the store wrote"))
      #expect(tree(of: store) == before)
    }
    let list = await typescale(["fonts", "list", "--store", store.path])
    #expect(list.output.split(separator: "\n").count == 2)  // the header and the intact font
  }

  @Test func fontsStore_foreignOrMissingFolders() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: folder) }
    // mkdir -p S/blobs; echo n > S/blobs/notes.txt
    let blobs = folder.appendingPathComponent("blobs")
    try FileManager.default.createDirectory(at: blobs, withIntermediateDirectories: true)
    try Data("n\n".utf8).write(to: blobs.appendingPathComponent("notes.txt"))
    let before = tree(of: folder)
    let font = Fixtures.font("Fixture-Bold.ttf").path
    for arguments in [
      ["fonts", "list", "--store", folder.path],
      ["fonts", "install", font, "--store", folder.path],
      ["fonts", "remove", "TypeScaleFixture-Bold", "--store", folder.path],
    ] {
      let run = await typescale(arguments)
      #expect(run.status == 2)
      #expect(run.error.hasPrefix("error: \(folder.path) is not a font store: it is not empty"))
      #expect(tree(of: folder) == before)
    }

    // Listing a store that does not exist yet creates nothing.
    let absent = folder.appendingPathComponent("absent")
    let list = await typescale(["fonts", "list", "--store", absent.path])
    #expect(list.status == 0)
    #expect(list.output == "no fonts in \(absent.path)\n")
    #expect(!FileManager.default.fileExists(atPath: absent.path))
  }

  /// Issue 15: installing a FIFO or /dev/zero said "permission"; a FIFO must not block.
  @Test func fontsInstall_fifoAndDeviceSayWhatTheyAre() async throws {
    let folder = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("pipe.ttf")
    try #require(mkfifo(fifo.path, 0o644) == 0)
    let store = folder.appendingPathComponent("store").path
    for (path, phrase) in [(fifo.path, "a FIFO (named pipe)"), ("/dev/zero", "a character device")]
    {
      let run = await typescale(["fonts", "install", path, "--store", store])
      #expect(run.status == 2)
      #expect(
        run.error.hasPrefix(
          "error: \(path) is \(phrase), not a font file; give the path of a .ttf, .otf, "
            + ".ttc, .woff or .woff2 file"))
    }
  }
}
