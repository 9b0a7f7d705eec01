// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleRender

@Suite struct PNGTests {
  private static func gradient() -> Image {
    var pixels: [UInt8] = []
    for y in 0..<7 {
      for x in 0..<13 {
        pixels += [UInt8(x * 19), UInt8(y * 36), UInt8((x * y) % 256), UInt8(255 - x * 3)]
      }
    }
    return Image(width: 13, height: 7, pixels: pixels)
  }

  @Test func encode_decode_roundTrips() throws {
    let image = Self.gradient()
    let data = try PNG.encode(image)
    #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(try PNG.decode(data) == image)
    let direct = try #require(decodeWithLibPNG(data))
    #expect(direct.width == 13 && direct.height == 7)
    #expect(direct.pixels == image.pixels)
  }

  @Test func encode_isDeterministic() throws {
    #expect(try PNG.encode(Self.gradient()) == PNG.encode(Self.gradient()))
  }

  @Test func decode_notAPNG_throwsWithLibPNGsReason() {
    do {
      _ = try PNG.decode(Data("<!DOCTYPE html>".utf8))
      Issue.record("decoding HTML succeeded")
    } catch {
      #expect(error.code == .png)
      #expect(error.function == "png_image_begin_read_from_memory")
      #expect(error.message.hasPrefix("libpng failed: "))
    }
  }

  @Test func encode_emptyImage_throws() {
    #expect(throws: RenderError.self) { try PNG.encode(Image(width: 0, height: 3)) }
  }

  @Test func write_isAtomicAndCreatesFolders() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("typescale-png-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("a/b/image.png")
    try PNG.write(Self.gradient(), to: url)
    #expect(try PNG.decode(try Data(contentsOf: url)) == Self.gradient())
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: url.deletingLastPathComponent().path)
    #expect(leftovers == ["image.png"])
  }
}
