// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleMetrics

/// The embedded Roboto faces and Android's default cascade.
@Suite struct AndroidCascadeTests {
  /// (PostScript name, weight) of each embedded Roboto face.
  static let faces: [(String, Int)] = [
    ("Roboto-Regular", 400), ("Roboto-Medium", 500), ("Roboto-Bold", 700),
  ]

  @Test(arguments: faces)
  func robotoFacesHaveRobotosMetrics(postScriptName: String, weight: Int) throws {
    let registry = try FontRegistry()
    let roboto = try registry.androidRobotoFaces()
    let face = try #require(roboto.first { $0.postScriptName == postScriptName })
    #expect(face.weight.value == weight)
    #expect(face.familyNames.contains("Roboto"))
    // hhea of Roboto 2.137 (fonts-roboto-unhinted 2:0~20170802-3), read from the files.
    #expect(face.metrics.unitsPerEm == 2048)
    #expect(face.metrics.ascender == 1900)
    #expect(face.metrics.descender == -500)
    #expect(face.metrics.lineGap == 0)
    #expect(face.metrics.glyphCount == 3359)
  }

  @Test func robotoFacesAreRegisteredOnce() throws {
    let registry = try FontRegistry()
    let first = try registry.androidRobotoFaces()
    let second = try registry.androidRobotoFaces()
    #expect(first == second)
    #expect(first.map(\.postScriptName) == ["Roboto-Regular", "Roboto-Medium", "Roboto-Bold"])
  }

  /// (weight asked for, the Roboto face first in the cascade).
  static let weights: [(FontWeight, String)] = [
    (.regular, "Roboto-Regular"), (.medium, "Roboto-Medium"), (.bold, "Roboto-Bold"),
    (.semibold, "Roboto-Bold"), (.light, "Roboto-Regular"),
  ]

  @Test(arguments: weights)
  func cascadeStartsWithTheNearestRoboto(weight: FontWeight, expected: String) throws {
    let registry = try FontRegistry()
    let faces = try registry.androidDefaultCascade(weight: weight)
    #expect(faces.first?.postScriptName == expected)
  }

  /// (text, the face Android's default cascade draws it with).
  static let scripts: [(Character, String)] = [
    ("A", "Roboto-Regular"), ("é", "Roboto-Regular"), ("Ж", "Roboto-Regular"),
    ("Ω", "Roboto-Regular"), ("한", "NotoSansCJKkr-Regular"), ("ㅎ", "NotoSansCJKkr-Regular"),
  ]

  @Test(arguments: scripts)
  func scriptsFallBackAsOnAndroid(character: Character, expected: String) throws {
    let registry = try FontRegistry()
    let cascade = try registry.androidCascade()
    #expect(cascade.face(forCluster: String(character))?.postScriptName == expected)
  }

  @Test func koreanBoldFallsBackToNotoSansKRBold() throws {
    let registry = try FontRegistry()
    let cascade = try registry.androidCascade(weight: .bold)
    #expect(cascade.faces.first?.postScriptName == "Roboto-Bold")
    #expect(cascade.face(forCluster: "가")?.postScriptName == "NotoSansCJKkr-Bold")
  }

  @Test func iosDefaultCascadeIsUnchanged() throws {
    let registry = try FontRegistry()
    _ = try registry.androidRobotoFaces()
    #expect(
      registry.defaultCascade().map(\.postScriptName) == [
        "NotoSans-Regular", "NotoSansCJKkr-Regular",
      ])
    #expect(registry.defaultFace.postScriptName == "NotoSans-Regular")
  }

  @Test func anAppsOwnFaceComesFirst() throws {
    let registry = try FontRegistry()
    let noto = try #require(registry.face(postScriptName: "NotoSans-Bold"))
    let cascade = try registry.androidCascade(for: noto)
    #expect(cascade.faces.map(\.postScriptName).prefix(2) == ["NotoSans-Bold", "Roboto-Bold"])
  }
}
