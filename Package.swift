// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
//
// TypeScale: Apple's Dynamic Type and real text measurement on Linux.
// The targets below read as a table of contents; arrows point one way
// (Vocabulary <- Engine <- Umbrella <- Testing, Tools), and nothing imports the CLI.

import PackageDescription

let package = Package(
  name: "TypeScale",
  products: [
    .library(name: "TypeScale", targets: ["TypeScale"]),
    .library(name: "TypeScaleMetrics", targets: ["TypeScaleMetrics"]),
    .library(name: "TypeScaleFonts", targets: ["TypeScaleFonts"]),
    .library(name: "TypeScaleLayout", targets: ["TypeScaleLayout"]),
    .library(name: "TypeScaleGoldens", targets: ["TypeScaleGoldens"]),
    .library(name: "TypeScaleRender", targets: ["TypeScaleRender"]),
    .library(name: "TypeScaleFontStore", targets: ["TypeScaleFontStore"]),
    .library(name: "TypeScaleTesting", targets: ["TypeScaleTesting"]),
    .library(name: "TypeScaleStrings", targets: ["TypeScaleStrings"]),
    .library(name: "TypeScaleCheck", targets: ["TypeScaleCheck"]),
    .executable(name: "typescale", targets: ["typescale"]),
  ],
  targets: [
    // Vocabulary
    // Text styles, content-size categories, Apple's size tables and the
    // UIFontMetrics equivalent. Pure Swift: no C, no I/O, no Foundation.
    .target(name: "TypeScaleMetrics"),
    // Package-internal utilities shared between modules with `package` access: the one writer
    // of every output (OutputFile, OutputTransaction, RunPaths), the one bounded reader
    // (BoundedFile), message text (DisplayText), the lock shared state sits behind (a pthread
    // mutex that ThreadSanitizer understands), number formatting, the ordered JSON writer, the
    // nearest-Package.swift walk.
    .target(name: "TypeScaleInternals", dependencies: ["TypeScaleMetrics"]),

    // C libraries
    // System libraries through pkg-config; only Bridging/ folders import them.
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
    ),
    .systemLibrary(
      name: "CLibPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
    ),
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
    ),
    // ICU's flags and link only: Swift never imports CICU (ICU's headers clash with the ICU
    // module Foundation ships), it reaches ICU through CUnicode's plain C API.
    .systemLibrary(
      name: "CICU",
      pkgConfig: "icu-uc",
      providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
    ),
    // Plural rules (`uplrules_*`) are in ICU's i18n library; CICU's pkg-config names only `icu-uc`.
    .target(
      name: "CUnicode", dependencies: ["CICU"], linkerSettings: [.linkedLibrary("icui18n")]),
    // What Swift cannot reach directly: FreeType macros and a pread(2)-based stream.
    .target(name: "CTypeScaleShims", dependencies: ["CFreeType"]),
    // Stubs that load libcurl and libxml2 on first use in the statically linked release CLI
    // (x86-64 Linux); see `staticReleaseFlags` below and lazy.c.
    .target(name: "CLazyLibraries"),

    // Engine
    // Faces from files and bytes, the registry, CSS matching, the embedded default and fallback.
    .target(
      name: "TypeScaleFonts",
      dependencies: [
        "TypeScaleMetrics", "TypeScaleInternals", "CFreeType", "CFontconfig", "CTypeScaleShims",
      ],
      resources: [.process("Fonts")]
    ),
    // Downloaded fonts: a managed, content-addressed store and remote sources.
    .target(
      name: "TypeScaleFontStore",
      dependencies: ["TypeScaleMetrics", "TypeScaleFonts", "TypeScaleInternals"]),
    // Localized strings from an app's own files (String Catalogs, `.strings`/`.stringsdict`,
    // XLIFF and `.xcloc`, Android resources): entries of key, language, variant, text, file and
    // line; placeholder samples and CLDR plural sample numbers (ICU, through CUnicode).
    .target(
      name: "TypeScaleStrings",
      dependencies: ["TypeScaleMetrics", "TypeScaleInternals", "CUnicode"]),
    // Itemize, shape, break and measure.
    .target(
      name: "TypeScaleLayout",
      dependencies: [
        "TypeScaleMetrics", "TypeScaleFonts", "TypeScaleInternals", "CHarfBuzz", "CUnicode",
      ]
    ),
    // Rasterize layouts with FreeType into PNG: overlays, contact sheets, golden failure images.
    .target(
      name: "TypeScaleRender",
      dependencies: [
        "TypeScaleMetrics", "TypeScaleFonts", "TypeScaleLayout", "TypeScaleInternals",
        "CFreeType", "CLibPNG", "CTypeScaleShims",
      ]
    ),

    // Umbrella
    // `import TypeScale`: `DynamicType` and `Typography`, re-exporting Metrics, Fonts and Layout.
    // FontStore (which links FoundationNetworking), Render and Goldens are products of their own
    // that a service opts into; Scripts/check-umbrella.py keeps them out of this closure.
    .target(
      name: "TypeScale",
      dependencies: ["TypeScaleMetrics", "TypeScaleFonts", "TypeScaleLayout", "TypeScaleInternals"]
    ),

    // Testing
    // Golden files: hold UI strings, in an app's own type scale or Apple's system styles, to
    // their sizes across every size category; failure images of what changed (with Render).
    .target(
      name: "TypeScaleGoldens",
      dependencies: ["TypeScale", "TypeScaleRender", "TypeScaleInternals"]),
    // `expectGoldens` for test suites (Swift Testing and XCTest); kept out of the umbrella so
    // that apps and the CLI never link the test frameworks.
    .target(name: "TypeScaleTesting", dependencies: ["TypeScaleGoldens"]),
    // `typescale check`'s engine: constraints, every (key × language × variant × category)
    // laid out with the shape-once sweep, baselines, shards, and the reports (terminal, JSON,
    // JUnit, SARIF, HTML with failing labels drawn by Render).
    .target(
      name: "TypeScaleCheck",
      dependencies: ["TypeScale", "TypeScaleStrings", "TypeScaleRender", "TypeScaleInternals"]),
    .target(
      name: "TypeScaleTestSupport",
      dependencies: ["TypeScaleGoldens", "TypeScaleRender", "TypeScaleInternals"],
      path: "Tests/TypeScaleTestSupport"
    ),
    // Test suites, one per module.
    .testTarget(name: "TypeScaleInternalsTests", dependencies: ["TypeScaleInternals"]),
    .testTarget(name: "CLazyLibrariesTests", dependencies: ["CLazyLibraries"]),
    .testTarget(
      name: "TypeScaleMetricsTests",
      dependencies: ["TypeScaleMetrics", "TypeScaleTestSupport"]
    ),
    .testTarget(
      name: "TypeScaleFontsTests",
      dependencies: ["TypeScaleFonts", "TypeScaleTestSupport"]
    ),
    .testTarget(
      name: "TypeScaleLayoutTests",
      dependencies: ["TypeScaleLayout", "TypeScaleTestSupport", "TypeScaleInternals", "CUnicode"]
    ),
    .testTarget(
      name: "TypeScaleTests",
      dependencies: [
        "TypeScale", "TypeScaleGoldens", "TypeScaleFontStore", "TypeScaleRender",
        "TypeScaleTestSupport",
      ]
    ),
    .testTarget(
      name: "TypeScaleFontStoreTests",
      dependencies: ["TypeScaleFontStore", "TypeScaleInternals", "TypeScaleTestSupport"]
    ),
    .testTarget(
      name: "TypeScaleRenderTests",
      dependencies: ["TypeScaleRender", "TypeScaleGoldens", "TypeScaleTestSupport", "CLibPNG"]
    ),
    .testTarget(
      name: "TypeScaleGoldensTests",
      dependencies: ["TypeScaleGoldens", "TypeScaleTesting", "TypeScaleTestSupport"]
    ),
    .testTarget(
      name: "TypeScaleStringsTests", dependencies: ["TypeScaleStrings", "TypeScaleTestSupport"]),
    .testTarget(
      name: "TypeScaleCheckTests",
      dependencies: ["TypeScaleCheck", "TypeScaleStrings", "TypeScaleTestSupport"]),
    .testTarget(
      name: "CUnicodeTests",
      dependencies: ["CUnicode"]
    ),
    .testTarget(
      name: "TypeScaleCLITests",
      dependencies: ["TypeScaleCLI", "TypeScaleRender", "TypeScaleTestSupport"]
    ),

    // Tools
    // The command line: subcommands and the small argument parser live in a
    // library so that tests can run them in-process; `typescale` is `main`.
    .target(
      name: "TypeScaleCLI",
      dependencies: [
        "TypeScale", "TypeScaleFontStore", "TypeScaleRender", "TypeScaleGoldens",
        "TypeScaleInternals", "TypeScaleStrings", "TypeScaleCheck",
      ]
    ),
    // Release builds on Linux link the Swift runtime and Foundation statically: dynamically,
    // the loader maps about 65 libraries (Foundation's, and FoundationNetworking's libcurl tree)
    // and binds some 20,000 symbols at every start, two thirds of `typescale measure Hi`
    // (Benchmarks/README.md, "Start-up"). Only this target's own file is compiled with the flag,
    // so the libraries' build and their products are unchanged.
    .executableTarget(
      name: "typescale", dependencies: ["TypeScaleCLI", "CLazyLibraries"],
      swiftSettings: [
        .unsafeFlags(staticReleaseFlags, .when(platforms: [.linux], configuration: .release))
      ],
      linkerSettings: [
        .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
      ]),
  ],
  swiftLanguageModes: [.v6]
)

/// The release CLI's compiler flags on Linux.
///
/// The static Swift runtime and, on x86-64, no autolinking of libcurl and libxml2 (which
/// FoundationNetworking and FoundationXML ask for): CLazyLibraries' stubs satisfy every
/// reference and load the libraries on first use, so the 36 shared objects behind them stay
/// out of every start-up of the tool. A toolchain whose
/// Foundation calls a function the stubs lack fails to link (an undefined symbol) rather than
/// starting slower unnoticed. The manifest is compiled for the host, which is the target here.
var staticReleaseFlags: [String] {
  #if arch(x86_64)
    [
      "-static-stdlib", "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "curl",
      "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "xml2",
    ]
  #else
    ["-static-stdlib"]
  #endif
}
