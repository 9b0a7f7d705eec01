// SPDX-License-Identifier: Apache-2.0
//
// The umbrella module: `import TypeScale` brings the metrics, fonts and layout engine into scope,
// beside this module's facade (`DynamicType`, `Typography`). The font store (which links
// FoundationNetworking), rendering and golden files are modules of their own, imported by name:
// `import TypeScaleFontStore`, `import TypeScaleRender`, `import TypeScaleGoldens`.

@_exported import TypeScaleFonts
@_exported import TypeScaleLayout
@_exported import TypeScaleMetrics
