// SPDX-License-Identifier: Apache-2.0

import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleLayout

/// A line cut where HarfBuzz says breaking is unsafe shapes again only its ends, up to the
/// nearest safe cluster (`Typesetter.pieces(of:in:)`): the same glyphs and width as shaping the
/// whole piece again, at every pair of cluster boundaries of texts whose fonts kern across them.
@Suite struct WindowedReshapeTests {
  /// A face and the texts set in it: kerned Latin and Hangul in the embedded Noto Sans KR, kerned
  /// kana in the CJK fixture, kerned Latin in the Latin fixture, and Arabic (right to left, which
  /// always shapes the whole piece again) in the Arabic fixture.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let texts: [String]
    /// Whether some cut of the texts is unsafe, so that windows must be taken.
    let kerns: Bool
    var testDescription: String { name }

    func font() throws -> LayoutFont {
      if name == "NotoSansKR" {
        let face = try #require(
          FontFixture.registry.embeddedFaces.first {
            $0.source.description.contains("NotoSansKR-Regular")
          })
        return try LayoutFont(face: face, pointSize: 17)
      }
      return try FontFixture.fixtureFont(name)
    }
  }

  static let cases: [Case] = [
    Case(
      name: "NotoSansKR",
      texts: [
        "가나다라 한국어 문장입니다. 타자기", "AVATAR Wavy To. Yo, LTAVWAY", "탸퍄 \"AV\" 요약: 테스트",
      ], kerns: true),
    Case(
      name: "Fixture-CJK.otf",
      texts: ["アメリカ、ファンタジー、ダリー語、ロジバン語", "フィンランド、ティー、ジャム"], kerns: true),
    Case(name: "Fixture-Regular.ttf", texts: ["AVATAR WAVY TOYOTA Yes. LTAVWAY To"], kerns: true),
    Case(name: "Fixture-Arabic.ttf", texts: ["مرحبا بالعالم كيف حالك"], kerns: false),
  ]

  /// A piece list as glyphs in logical order: paragraph offset, ID, advance and offsets.
  static func glyphs(_ pieces: [Typesetter.Piece]) -> [[Int]] {
    pieces.flatMap { piece in
      piece.indices.map { index in
        let glyph = piece.shaped.glyphs[index]
        return [
          piece.shaped.run.range.lowerBound + Int(glyph.cluster), Int(glyph.id),
          Int(glyph.advance), Int(glyph.offsetX), Int(glyph.offsetY),
        ]
      }
    }
  }

  @Test(arguments: cases)
  func windows_matchShapingTheWholePieceAgain(_ testCase: Case) throws {
    let engine = FontFixture.engine()
    let font = try testCase.font()
    let options = LayoutOptions()
    var windowed = 0
    var compared = 0
    for text in testCase.texts {
      let context = LayoutContext()
      let prepared = try engine.prepare(text, font: font, options: options, context: context)
      let shaper = Shaper(
        fonts: engine.fonts, cache: engine.shapeCache, options: options, variations: [:])
      let fast = Typesetter(shaper: shaper, font: font, options: options, context: context)
      var slow = fast
      slow.reshapesWholePieces = true
      let measured = try fast.measure(prepared.paragraphs[0], pointSize: 17)
      let boundaries = measured.boundaries
      for (position, lower) in boundaries.enumerated() {
        for upper in boundaries[(position + 1)...] {
          let quick = try fast.pieces(of: measured, in: lower..<upper)
          let whole = try slow.pieces(of: measured, in: lower..<upper)
          #expect(
            Self.glyphs(quick) == Self.glyphs(whole), "\(text) \(lower)..<\(upper)")
          #expect(
            abs(fast.width(of: quick, pointSize: 17) - slow.width(of: whole, pointSize: 17))
              < 1e-9, "\(text) \(lower)..<\(upper)")
          if quick.count != whole.count { windowed += 1 }
          compared += 1
        }
      }
    }
    #expect(compared > 200)
    if testCase.kerns {
      #expect(windowed > 10, "no cut took the windowed path")
    } else {
      #expect(windowed == 0)
    }
  }
}
