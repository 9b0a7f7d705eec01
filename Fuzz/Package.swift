// swift-tools-version: 6.0
// SPDX-License-Identifier: Apache-2.0
//
// libFuzzer targets for TypeScale: a separate package, because a fuzzer's `main` calls
// `LLVMFuzzerRunDriver`, which only links with `-sanitize=fuzzer`. Run with `make fuzz`.

import PackageDescription

let package = Package(
  name: "TypeScaleFuzz",
  dependencies: [
    .package(name: "TypeScale", path: "..")
  ],
  targets: [
    // Tools
    // Registering arbitrary bytes as a font.
    .executableTarget(
      name: "FuzzRegister", dependencies: [.product(name: "TypeScale", package: "TypeScale")]),
    // Laying out arbitrary UTF-8 with arbitrary options.
    .executableTarget(
      name: "FuzzLayout", dependencies: [.product(name: "TypeScale", package: "TypeScale")]),
    // The leak check: register, lay out in every script, unregister, repeat (make leaks).
    .executableTarget(
      name: "LeakLoop", dependencies: [.product(name: "TypeScale", package: "TypeScale")]),
    // Parsing golden, typography and cases files.
    .executableTarget(
      name: "FuzzParse",
      dependencies: [
        .product(name: "TypeScale", package: "TypeScale"),
        .product(name: "TypeScaleGoldens", package: "TypeScale"),
      ]),
    // Opening a font store whose index.json is arbitrary bytes.
    .executableTarget(
      name: "FuzzStoreIndex",
      dependencies: [
        .product(name: "TypeScale", package: "TypeScale"),
        .product(name: "TypeScaleFontStore", package: "TypeScale"),
      ]),
    // Parsing @font-face stylesheets (the Google Fonts source's answers).
    .executableTarget(
      name: "FuzzCSS",
      dependencies: [
        .product(name: "TypeScale", package: "TypeScale"),
        .product(name: "TypeScaleFontStore", package: "TypeScale"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
