// SPDX-License-Identifier: Apache-2.0

@_exported import TypeScaleFonts
@_exported import TypeScaleGoldens
@_exported import TypeScaleLayout
// The umbrella module: `import TypeScale` brings every engine module into scope.
@_exported import TypeScaleMetrics
