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
    // Named apart from the root package's CHarfBuzz, CICU and CFontconfig: both packages' module
    // maps are visible to the benchmark's targets.
    // FreeType, called directly for the registry benchmark's floor.
    .systemLibrary(
      name: "CFreeTypeBenchmark",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
    ),
    .systemLibrary(
      name: "CHarfBuzzBenchmark",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
    ),
    // Flags and link only: ICU's headers clash with the ICU module Foundation ships on Linux, so
    // only CBenchmarkPeers' .c files include them.
    .systemLibrary(
      name: "CICUBenchmark",
      pkgConfig: "icu-uc",
      providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
    ),
    .systemLibrary(
      name: "CPangoBenchmark",
      pkgConfig: "pangoft2",
      providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
    ),
    .systemLibrary(
      name: "CFontconfigBenchmark",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
    ),
    // Pango set up as every Pango baseline sets it up (private fontconfig configuration, font
    // map, context): for the peer, pango-batch and pango-hi. Pango and fontconfig only, so that
    // pango-hi links nothing it does not need for start-up.
    .target(
      name: "CPangoSetup",
      dependencies: ["CPangoBenchmark", "CFontconfigBenchmark"]
    ),
    // The baselines: the HarfBuzz + ICU floor and the Pango peer, behind a plain C header.
    .target(
      name: "CBenchmarkPeers",
      dependencies: [
        "CHarfBuzzBenchmark", "CICUBenchmark", "CPangoBenchmark", "CFontconfigBenchmark",
        "CPangoSetup",
      ]
    ),

    // The start-up scenario's baseline: a C program that lays "Hi" out with Pango and exits,
    // as `typescale measure Hi` does.
    .executableTarget(
      name: "pango-hi",
      dependencies: ["CPangoSetup", "CPangoBenchmark", "CFontconfigBenchmark"],
      linkerSettings: [.linkedLibrary("m")]
    ),

    // Tools
    // The batch scenario's peer: Pango answering one request per line, as
    // `typescale measure --batch` does (a C program, so that both pay for a process).
    .executableTarget(
      name: "pango-batch",
      dependencies: ["CPangoSetup", "CPangoBenchmark", "CFontconfigBenchmark"]
    ),
    .executableTarget(
      name: "typescale-benchmarks",
      dependencies: [
        .product(name: "TypeScale", package: "TypeScale"),
        .product(name: "TypeScaleCheck", package: "TypeScale"),
        .product(name: "TypeScaleStrings", package: "TypeScale"),
        "CFreeTypeBenchmark",
        "CBenchmarkPeers",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
