// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

// HarfBuzz's C API, declared here: the test target does not import CHarfBuzz. Plain pointer
// arguments and results, which Swift passes as C does.
@_silgen_name("hb_face_reference_blob")
private func hb_face_reference_blob(_ face: OpaquePointer) -> OpaquePointer
@_silgen_name("hb_blob_get_data")
private func hb_blob_get_data(
  _ blob: OpaquePointer, _ length: UnsafeMutablePointer<UInt32>?
) -> UnsafeRawPointer?
@_silgen_name("hb_blob_destroy")
private func hb_blob_destroy(_ blob: OpaquePointer)
@_silgen_name("hb_buffer_get_empty")
private func hb_buffer_get_empty() -> OpaquePointer

/// One `HarfBuzzFace` per font file face, shared by its fonts, over the data cache's bytes.
@Suite struct HarfBuzzFaceTests {
  /// Fonts for many sizes and weights of a variable face share one face, whose blob is the
  /// data cache's array itself: one copy of the bytes.
  @Test func fontsOfOneFace_shareItsFaceAndTheCachesBytes() throws {
    let face = try FontFixture.fixtureFont("Fixture-Variable.ttf").face
    #expect(face.isVariable)
    let engine = FontFixture.engine()
    var fonts: [HarfBuzzFont] = []
    for size in stride(from: 6.0, through: 100, by: 7) {
      for weight in [300.0, 400, 700] {
        fonts.append(
          try engine.fonts.font(for: face, overrides: ["wght": weight], pointSize: size).font)
      }
    }
    // A font per weight, and per size too when the face's shaping depends on the size.
    let sizeDependent = try #require(fonts.first).isSizeDependent
    #expect(Set(fonts.map { ObjectIdentifier($0) }).count == (sizeDependent ? fonts.count : 3))
    #expect(Set(fonts.map { ObjectIdentifier($0.face) }).count == 1)
    #expect(engine.fonts.faceCount == 1)

    let bytes = try FontFixture.registry.dataCache.sfntBytes(for: face.source)
    let blob = hb_face_reference_blob(try #require(fonts.first).face.face)
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    let data = hb_blob_get_data(blob, &length)
    #expect(Int(length) == bytes.count)
    bytes.withUnsafeBytes { #expect(data == UnsafeRawPointer($0.baseAddress)) }
  }

  /// A face keeps its bytes alive after the data cache drops them: shaping still works and
  /// gives the same glyphs.
  @Test func face_outlivesTheDataCachesCopy() throws {
    let registry = try FontRegistry()
    let engine = TextLayoutEngine(registry: registry, shapeCacheBudget: 0)
    let font = try LayoutFont(face: registry.defaultFace, pointSize: 17)
    let before = try engine.layout("Sign in to continue", font: font)
    registry.dataCache.removeAll()
    let after = try engine.layout("Sign in to continue", font: font)
    #expect(LayoutCorpus.signature(after) == LayoutCorpus.signature(before))
    #expect(before.width > 0)
  }

  /// Faces no font uses any more go with the fonts the cache drops.
  @Test func evictedFonts_takeTheirUnusedFacesWithThem() throws {
    let variable = try FontFixture.fixtureFont("Fixture-Variable.ttf").face
    let regular = try FontFixture.fixtureFont("Fixture-Regular.ttf").face
    let engine = FontFixture.engine()
    _ = try engine.fonts.font(for: regular, overrides: [:], pointSize: 17)
    #expect(engine.fonts.faceCount == 1)
    // 200 weights of the variable face: more than the cache's 128 fonts.
    for weight in 0..<200 {
      _ = try engine.fonts.font(
        for: variable, overrides: ["wght": 300 + Double(weight)], pointSize: 17)
    }
    #expect(engine.fonts.faceCount == 1)
    _ = try engine.fonts.font(for: regular, overrides: [:], pointSize: 17)
    #expect(engine.fonts.faceCount == 2)
  }

  /// A buffer whose allocation failed throws instead of measuring the text as empty.
  @Test func failedBufferAllocation_throwsEngineFailure() throws {
    // HarfBuzz's inert empty buffer: what `hb_buffer_create` gives when out of memory.
    let buffer = HarfBuzzBuffer(adopting: hb_buffer_get_empty())
    let engine = FontFixture.engine()
    let font = try engine.fonts.font(
      for: FontFixture.registry.defaultFace, overrides: [:], pointSize: 17
    ).font
    let units = Array("Settings".utf16)
    let error = #expect(throws: LayoutError.self) {
      try units.withUnsafeBufferPointer { (text) throws(LayoutError) in
        _ = try buffer.shape(
          text: text, range: 0..<text.count, font: font, rightToLeft: false,
          script: HarfBuzzFont.tag("Latn"), language: "", features: [])
      }
    }
    #expect(error?.code == .engineFailure)
    #expect(error?.message.contains("allocate") == true)
  }
}
