// SPDX-License-Identifier: Apache-2.0
//
// The leak check (`make leaks`): register the script fixtures and the web fonts, lay out a text in
// every script, sweep it, unregister, and repeat; the font-data cache must be empty at the end.
// Built with AddressSanitizer, whose LeakSanitizer reports any HarfBuzz, FreeType, ICU or Swift
// object still allocated at exit; resident memory is compared between an early and the last
// iteration to show there is no growth (`make leaks` turns off ASan's quarantine, which would
// otherwise hold up to 256 MB of freed blocks and look like growth).
//
//   LeakLoop [ITERATIONS] [FIXTURES-FOLDER]

import Foundation
import TypeScale

let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 200 : 200
let folder = URL(
  fileURLWithPath: CommandLine.arguments.count > 2
    ? CommandLine.arguments[2] : "Tests/Fixtures/Fonts")
let texts = [
  ("Fixture-Sans.ttf", "Ελληνικά και кириллица, together: déjà vu."),
  ("Fixture-Arabic.ttf", "مرحبا بالعالم ١٢٣"),
  ("Fixture-Hebrew.ttf", "שלום עולם 2024"),
  ("Fixture-Devanagari.ttf", "नमस्ते दुनिया"),
  ("Fixture-Thai.ttf", "สวัสดีครับ ยินดีต้อนรับ"),
  ("Fixture-KR.otf", "안녕하세요 여러분, 반갑습니다"),
  ("Fixture-CJK.otf", "日本語のテキスト"),
  ("Fixture-Emoji.ttf", "👨‍👩‍👧‍👦🇯🇵👋🏽"),
  // Web fonts: the data cache keeps the font decoded from each, which unregister must release.
  ("Fixture-Regular.woff", "Web fonts decode once."),
  ("Fixture-Regular.woff2", "Web fonts decode once."),
]

func residentKB() -> Int {
  let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
  }
  return 0
}

func loop() throws {
  let registry = try FontRegistry()
  let engine = TextLayoutEngine(registry: registry)
  var early = 0
  for iteration in 1...iterations {
    for (file, text) in texts {
      let url = folder.appendingPathComponent(file)
      guard let face = try registry.register(fileAt: url).first else { continue }
      let font = try LayoutFont(face: face, pointSize: 17)
      _ = try engine.layout(text, font: font, options: .init(width: 120, lineLimit: 2))
      _ = try engine.sweep(text, font: font, options: .init(width: 200))
      try registry.unregister(fileAt: url)
    }
    engine.shapeCache.removeAll()
    // No dataCache.removeAll(): unregistering must release each file's raw and decoded bytes.
    if iteration == min(20, iterations) { early = residentKB() }
  }
  let late = residentKB()
  print(
    "iterations: \(iterations); resident at 20: \(early) KB, at end: \(late) KB; "
      + "growth: \(late - early) KB")
  let cached = registry.dataCache.statistics
  guard cached.bytes == 0, cached.files == 0, cached.decodedFonts == 0 else {
    print("error: the data cache still holds \(cached.bytes) bytes after every unregister")
    exit(1)
  }
}

do {
  try loop()
} catch {
  print("error: \(error)")
  exit(1)
}
