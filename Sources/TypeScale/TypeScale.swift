// SPDX-License-Identifier: Apache-2.0
//
// The umbrella module: `import TypeScale` brings every engine module into scope. Golden files
// (`TypeScaleGoldens`) are a module of their own, built on this one.

@_exported import TypeScaleFontStore
@_exported import TypeScaleFonts
@_exported import TypeScaleLayout
@_exported import TypeScaleMetrics
@_exported import TypeScaleRender
