// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleTestSupport

@testable import TypeScaleCLI

/// Runs `typescale` in-process and returns its exit status, standard output and standard error.
private func typescale(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
  var output = ""
  var error = ""
  let status = CLI.run(
    TypeScaleCommand.self, arguments: arguments, output: &output, errorOutput: &error)
  return (status.rawValue, output, error)
}

/// A static file server in a child process: Python's `http.server` on 127.0.0.1, on a port the
/// kernel picks, serving one folder.
///
/// The child exits when its standard input closes, which ``stop()`` does and which the kernel
/// does if the test process dies, so the server cannot outlive the test.
private final class ChildFileServer {
  private static let script = """
    import functools, http.server, sys, threading
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    server.shutdown()
    """

  let port: Int
  private let process = Process()
  private let input = Pipe()

  init(serving folder: URL) throws {
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", Self.script, folder.path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line += chunk
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines))
    else {
      process.terminate()
      throw CocoaError(.fileReadUnknown)
    }
    self.port = port
  }

  /// The URL of a file the server serves.
  func url(_ name: String) -> String { "http://127.0.0.1:\(port)/\(name)" }

  /// Closes the child's input, waits for it to exit, and kills it if it has not after 2 s.
  func stop() {
    try? input.fileHandleForWriting.close()
    let deadline = Date().addingTimeInterval(2)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }
}

/// Every file under a folder with its bytes, the lock file aside.
private func contents(of folder: URL) -> [String: Data] {
  var files: [String: Data] = [:]
  let enumerator = FileManager.default.enumerator(atPath: folder.path)
  while let relative = enumerator?.nextObject() as? String {
    guard relative != ".lock" else { continue }
    if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path)
    {
      files[relative] = data
    }
  }
  return files
}

@Suite struct FontsStoreCommandTests {
  @Test(arguments: [
    ("help_fonts", ["fonts", "--help"]),
    ("help_fonts_install", ["fonts", "install", "--help"]),
    ("help_fonts_list", ["fonts", "list", "--help"]),
    ("help_fonts_remove", ["fonts", "remove", "--help"]),
  ])
  func fontsStoreHelp_matchesGolden(_ name: String, _ arguments: [String]) {
    let run = typescale(arguments)
    #expect(run.status == 0)
    expectTextGolden(run.output, named: name, in: "cli")
  }

  @Test func fontsInstall_fromALoopbackURL_thenListAndRemove() throws {
    // URLSession on Linux honours proxy variables; stay on the loopback or do not run.
    let environment = ProcessInfo.processInfo.environment
    let proxied = ["http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].contains {
      environment[$0]?.isEmpty == false
    }
    let bypass = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").contains("127.0.0.1")
    try #require(!proxied || bypass, "a proxy is set; add 127.0.0.1 to no_proxy")

    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    let server = try ChildFileServer(serving: Fixtures.fontsDirectory)
    defer { server.stop() }

    let url = server.url("Fixture-Bold.ttf")
    let install = typescale(["fonts", "install", url, "--store", store.path])
    #expect(install.status == 0, "\(install.error)")
    #expect(install.error.isEmpty)
    #expect(install.output.contains("key:    \(url)\n"))
    #expect(
      install.output.contains(
        "face:   TypeScaleFixture-Bold (TypeScale Fixture Bold, weight 700, upright)\n"))

    let list = typescale(["fonts", "list", "--store", store.path])
    #expect(list.status == 0)
    let rows = list.output.split(separator: "\n")
    #expect(rows.count == 2)
    #expect(rows.first?.hasPrefix("postScriptName") == true)
    #expect(rows.last?.hasPrefix("TypeScaleFixture-Bold  TypeScale Fixture  Bold  ") == true)
    #expect(rows.last?.hasSuffix(url) == true)

    let json = typescale(["fonts", "list", "--store", store.path, "--json"])
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    #expect(objects.count == 1)
    #expect(objects.first?["key"] as? String == url)
    let faces = try #require(objects.first?["faces"] as? [[String: Any]])
    #expect(faces.first?["postScriptName"] as? String == "TypeScaleFixture-Bold")

    let missing = typescale([
      "fonts", "install", server.url("Nope-Bold.ttf"), "--store", store.path,
    ])
    #expect(missing.status == 1)
    #expect(missing.error.contains("answered 404 "), "\(missing.error)")

    let remove = typescale(["fonts", "remove", "TypeScaleFixture-Bold", "--store", store.path])
    #expect(remove.status == 0, "\(remove.error)")
    #expect(remove.output == "removed TypeScaleFixture-Bold (key \(url))\n")
    let empty = typescale(["fonts", "list", "--store", store.path])
    #expect(empty.output == "no fonts in \(store.standardizedFileURL.path)\n")
  }

  @Test func fontsInstall_localWOFF2IsStoredAsSFNTAndRemovedByKey() throws {
    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    let path = Fixtures.font("Fixture-Regular.woff2").path
    let install = typescale(["fonts", "install", path, "--store", store.path, "--key", "brand"])
    #expect(install.status == 0, "\(install.error)")
    #expect(install.output.contains("key:    brand\n"))
    #expect(install.output.contains(".ttf\n"))
    #expect(install.output.contains("face:   TypeScaleFixture-Regular ("))

    let remove = typescale(["fonts", "remove", "brand", "--store", store.path])
    #expect(remove.output == "removed TypeScaleFixture-Regular (key brand)\n")
    #expect(contents(of: store).keys.sorted() == ["index.json"])
  }

  @Test func fontsStore_failuresAreOneLineAndChangeNothing() throws {
    let store = try Fixtures.temporaryDirectory("typescale-cli-store")
    defer { try? FileManager.default.removeItem(at: store) }
    let bold = Fixtures.font("Fixture-Bold.ttf").path
    #expect(typescale(["fonts", "install", bold, "--store", store.path]).status == 0)
    let before = contents(of: store)

    let html = typescale(
      ["fonts", "install", Fixtures.font("broken-html.ttf").path, "--store", store.path])
    #expect(html.status == 1)
    #expect(html.error.hasPrefix("error: broken-html.ttf is not a font: it starts with"))
    #expect(html.error.split(separator: "\n").count == 1)

    let truncated = typescale(
      ["fonts", "install", Fixtures.font("broken-truncated.ttf").path, "--store", store.path])
    #expect(truncated.status == 1)
    #expect(truncated.error.contains("broken-truncated.ttf is truncated or corrupt"))

    let absent = typescale(["fonts", "install", "/nonexistent/Font.ttf", "--store", store.path])
    #expect(absent.status == 1)
    #expect(absent.error == "error: no file at /nonexistent/Font.ttf; check the path\n")

    let unknown = typescale(["fonts", "remove", "Nope-Regular", "--store", store.path])
    #expect(unknown.status == 1)
    #expect(unknown.error.contains("no stored font has the PostScript name Nope-Regular"))

    let noName = typescale(["fonts", "remove", "--store", store.path])
    #expect(noName.status == 2)
    #expect(contents(of: store) == before)
  }
}
