// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
//
// TypeScale: Apple's Dynamic Type and real text measurement on Linux.
// The targets below read as a table of contents; arrows point one way
// (Vocabulary <- Engine <- Tools), and nothing imports the CLI.

import PackageDescription

let package = Package(
  name: "TypeScale",
  products: [
    .library(name: "TypeScale", targets: ["TypeScale"]),
    .library(name: "TypeScaleMetrics", targets: ["TypeScaleMetrics"]),
    .executable(name: "typescale", targets: ["typescale"]),
  ],
  targets: [
    // Vocabulary
    // Text styles, content-size categories, Apple's size tables and the
    // UIFontMetrics equivalent. Pure Swift: no C, no I/O, no Foundation.
    .target(name: "TypeScaleMetrics"),

    // C libraries
    // (HarfBuzz, FreeType, ICU via CUnicode and libpng arrive with the
    // registry and layout engine.)

    // Engine
    // The umbrella module: re-exports every engine module behind one import.
    .target(name: "TypeScale", dependencies: ["TypeScaleMetrics"]),

    // Tools
    // The command line: subcommands and the small argument parser live in a
    // library so that tests can run them in-process; `typescale` is `main`.
    .target(name: "TypeScaleCLI", dependencies: ["TypeScale"]),
    .executableTarget(name: "typescale", dependencies: ["TypeScaleCLI"]),

    // Testing
    .target(
      name: "TypeScaleTestSupport",
      path: "Tests/TypeScaleTestSupport"
    ),
    .testTarget(
      name: "TypeScaleMetricsTests",
      dependencies: ["TypeScaleMetrics", "TypeScaleTestSupport"]
    ),
    .testTarget(
      name: "TypeScaleCLITests",
      dependencies: ["TypeScaleCLI", "TypeScaleTestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
