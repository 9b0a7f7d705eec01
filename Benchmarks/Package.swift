// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
//
// TypeScale's benchmarks: a separate package so that the library never builds them.
// Run with `make bench` (release mode) from the repository root.

import PackageDescription

let package = Package(
  name: "TypeScaleBenchmarks",
  dependencies: [
    .package(name: "TypeScale", path: "..")
  ],
  targets: [
    // C libraries
    // FreeType, called directly for the registry benchmark's floor.
    .systemLibrary(
      name: "CFreeTypeBenchmark",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
    ),

    // Tools
    .executableTarget(
      name: "typescale-benchmarks",
      dependencies: [
        .product(name: "TypeScale", package: "TypeScale"),
        "CFreeTypeBenchmark",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
