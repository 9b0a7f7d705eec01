// SPDX-License-Identifier: Apache-2.0
//
// The umbrella module: `import TypeScale` brings every engine module into scope.

@_exported import TypeScaleFontStore
@_exported import TypeScaleFonts
@_exported import TypeScaleGoldens
@_exported import TypeScaleLayout
@_exported import TypeScaleMetrics
@_exported import TypeScaleRender
