// SPDX-License-Identifier: Apache-2.0

@_exported import TypeScaleFonts
// The umbrella module: `import TypeScale` brings every engine module into scope.
@_exported import TypeScaleMetrics
@_exported import TypeScaleLayout
