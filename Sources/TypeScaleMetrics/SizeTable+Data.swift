// SPDX-License-Identifier: Apache-2.0

// The published numbers, one literal table per platform. Every cell is copied from
// reference/dynamic-type.md, which gives the sources (S1 = Apple HIG, Typography; S2–S5 runtime
// dumps and embedded tables; S22, S23, S25 third-party runtime defaults). Edit a cell only with
// a newer source, and bump the table's version when you do.

extension SizeTable {
  /// iOS and iPadOS: eleven styles over twelve categories, plus `extraLargeTitle` and
  /// `extraLargeTitle2` at Large only.
  ///
  /// Sizes: Apple HIG (two scrapes identical cell by cell), confirmed in every cell by a runtime
  /// dump of iOS 13.3, two embedded tables and Flutter's engine. Leadings: the HIG; measured
  /// `UIFontMetrics` multipliers agree in 124 of 132 cells (see ``notes``).
  public static let iOS = SizeTable(
    platform: .iOS,
    version: "HIG 2025-12-16",
    source: "Apple Human Interface Guidelines, Typography, iOS/iPadOS Dynamic Type sizes "
      + "(scrapes of 2025-07-20 and after 2025-12-16); sizes cross-checked with an iOS 13.3 "
      + "runtime dump, ADUtils, ScaledFont and Flutter's engine; extraLargeTitle(2) at Large from "
      + "iOS 17 runtime defaults",
    categories: ContentSizeCategory.allCases,
    defaultCategory: .large,
    supportsDynamicType: true,
    notes: [
      "Measured UIFontMetrics multipliers (one source) imply other leadings in 8 cells: Title 1 "
        + "XL 36, XXL 38, AX4 61; Headline AX4 51; Subheadline XXXL 26, AX2 36; Caption 1 AX1 27; "
        + "Caption 2 AX2 29. The table keeps the HIG values, which two scrapes agree on.",
      "extraLargeTitle and extraLargeTitle2 are published only at Large (36 pt and 28 pt, Bold), "
        + "without a leading; no per-category table exists, so they cannot be scaled.",
      "Weights come from the HIG only (emphasized weights were added on 2025-12-16).",
    ],
    rows: [
      _dynamic(
        .largeTitle, .regular, .bold,
        [
          (31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48),
          (44, 52), (48, 57), (52, 61), (56, 66), (60, 70),
        ]),
      _dynamic(
        .title1, .regular, .bold,
        [
          (25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41),
          (38, 46), (43, 51), (48, 57), (53, 62), (58, 68),
        ]),
      _dynamic(
        .title2, .regular, .bold,
        [
          (19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34),
          (34, 41), (39, 47), (44, 52), (50, 59), (56, 66),
        ]),
      _dynamic(
        .title3, .regular, .semibold,
        [
          (17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32),
          (31, 38), (37, 44), (43, 51), (49, 58), (55, 65),
        ]),
      _dynamic(
        .headline, .semibold, .semibold,
        [
          (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
          (28, 34), (33, 40), (40, 48), (47, 56), (53, 62),
        ]),
      _dynamic(
        .subheadline, .regular, .semibold,
        [
          (12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28),
          (25, 31), (30, 37), (36, 43), (42, 50), (49, 58),
        ]),
      _dynamic(
        .body, .regular, .semibold,
        [
          (14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29),
          (28, 34), (33, 40), (40, 48), (47, 56), (53, 62),
        ]),
      _dynamic(
        .callout, .regular, .semibold,
        [
          (13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28),
          (26, 32), (32, 39), (38, 46), (44, 52), (51, 60),
        ]),
      _dynamic(
        .footnote, .regular, .semibold,
        [
          (12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24),
          (23, 29), (27, 33), (33, 40), (38, 46), (44, 52),
        ]),
      _dynamic(
        .caption1, .regular, .semibold,
        [
          (11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23),
          (22, 28), (26, 32), (32, 39), (37, 44), (43, 51),
        ]),
      _dynamic(
        .caption2, .regular, .semibold,
        [
          (11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22),
          (20, 25), (24, 30), (29, 35), (34, 41), (40, 48),
        ]),
      (
        .extraLargeTitle,
        Row(
          weight: .bold, emphasizedWeight: .bold,
          cells: [
            .large: Cell(size: 36, leading: nil)
          ])
      ),
      (
        .extraLargeTitle2,
        Row(
          weight: .bold, emphasizedWeight: .bold,
          cells: [
            .large: Cell(size: 28, leading: nil)
          ])
      ),
    ])

  /// watchOS: ten styles over nine categories (xS, S, L, XL, XXL, XXXL, AX1–AX3).
  ///
  /// The default category depends on the watch: see ``WatchCaseSize``. Where two HIG scrapes
  /// disagree, the table follows the newer one (see ``notes``).
  public static let watchOS = SizeTable(
    platform: .watchOS,
    version: "HIG 2025-12-16",
    source: "Apple Human Interface Guidelines, Typography, watchOS Dynamic Type sizes (the scrape "
      + "after 2025-12-16, checked against the 2025-07-20 scrape and third-party runtime defaults)",
    categories: _watchCategories,
    defaultCategory: .large,
    supportsDynamicType: true,
    notes: [
      "Title 2 at L: the newer HIG gives 28 pt, the 2025-07-20 HIG and a runtime dump 27 pt; the "
        + "table follows the newer source (28).",
      "Caption 2 at XXL: the newer HIG gives 16 pt, the 2025-07-20 HIG 15 pt; the table follows "
        + "the newer source (16).",
      "Leadings kept as published although they break the size + 2.5 pattern: Title 2 AX1 41, "
        + "Title 1 AX2 46 and AX3 47, Footnote 2 AX2 17.5.",
      "The HIG's Footnote 1 is TypeScale's footnote. Footnote 2 has no public UIKit or SwiftUI "
        + "text style and is left out: 10/12.5, 11/13.5, 12/14.5, 13/15.5, 14/16.5, 15/17.5, "
        + "15/17.5, 16/17.5, 17/19.5.",
      "Regular weights: Semibold for Headline, Regular otherwise; emphasized: Bold for Large "
        + "Title, Semibold otherwise.",
    ],
    rows: [
      _watch(
        .largeTitle, .regular, .bold,
        [
          (30, 32.5), (32, 34.5), (36, 38.5), (40, 42.5), (41, 43.5), (42, 44.5),
          (44, 46.5), (45, 47.5), (46, 48.5),
        ]),
      _watch(
        .title1, .regular, .semibold,
        [
          (28, 30.5), (30, 32.5), (34, 36.5), (38, 40.5), (39, 41.5), (40, 42.5),
          (42, 44.5), (43, 46), (44, 47),
        ]),
      _watch(
        .title2, .regular, .semibold,
        [
          (24, 26.5), (26, 28.5), (28, 30.5), (30, 32.5), (31, 33.5), (32, 34.5),
          (34, 41), (35, 37.5), (36, 38.5),
        ]),
      _watch(
        .title3, .regular, .semibold,
        [
          (17, 19.5), (18, 20.5), (19, 21.5), (20, 22.5), (21, 23.5), (22, 24.5),
          (24, 26.5), (25, 27.5), (26, 28.5),
        ]),
      _watch(
        .headline, .semibold, .semibold,
        [
          (14, 16.5), (15, 17.5), (16, 18.5), (17, 19.5), (18, 20.5), (19, 21.5),
          (21, 23.5), (22, 24.5), (23, 25.5),
        ]),
      _watch(
        .body, .regular, .semibold,
        [
          (14, 16.5), (15, 17.5), (16, 18.5), (17, 19.5), (18, 20.5), (19, 21.5),
          (21, 23.5), (22, 24.5), (23, 25.5),
        ]),
      _watch(
        .caption1, .regular, .semibold,
        [
          (13, 15.5), (14, 16.5), (15, 17.5), (16, 18.5), (17, 19.5), (18, 20.5),
          (18, 20.5), (19, 21.5), (20, 22.5),
        ]),
      _watch(
        .caption2, .regular, .semibold,
        [
          (12, 14.5), (13, 15.5), (14, 16.5), (15, 17.5), (16, 18.5), (17, 19.5),
          (17, 19.5), (18, 20.5), (19, 21.5),
        ]),
      _watch(
        .footnote, .regular, .semibold,
        [
          (11, 13.5), (12, 14.5), (13, 15.5), (14, 16.5), (15, 17.5), (16, 18.5),
          (16, 18.5), (17, 19.5), (18, 20.5),
        ]),
    ])

  /// macOS: fixed sizes with line heights.
  ///
  /// macOS has no Dynamic Type, so the table has a single
  /// column, Large.
  public static let macOS = SizeTable(
    platform: .macOS,
    version: "HIG 2025-12-16",
    source: "Apple Human Interface Guidelines, Typography, macOS built-in text styles (three "
      + "scrapes agree); sizes and weights also in a macOS text-style gist",
    categories: [.large],
    defaultCategory: .large,
    supportsDynamicType: false,
    notes: [
      "Sizes assume @2x / 144 ppi, as the HIG states.",
      "Line heights come from the HIG only.",
    ],
    rows: [
      _fixed(.largeTitle, .regular, .bold, 26, 32),
      _fixed(.title1, .regular, .bold, 22, 26),
      _fixed(.title2, .regular, .bold, 17, 22),
      _fixed(.title3, .regular, .semibold, 15, 20),
      _fixed(.headline, .bold, .extraBold, 13, 16),
      _fixed(.body, .regular, .semibold, 13, 16),
      _fixed(.callout, .regular, .semibold, 12, 15),
      _fixed(.subheadline, .regular, .semibold, 11, 14),
      _fixed(.footnote, .regular, .semibold, 10, 13),
      _fixed(.caption1, .regular, .medium, 10, 13),
      _fixed(.caption2, .medium, .semibold, 10, 13),
    ])

  /// tvOS: fixed sizes with leadings.
  ///
  /// tvOS supports Dynamic Type, but Apple publishes no
  /// per-category table, so the table has a single column, Large.
  public static let tvOS = SizeTable(
    platform: .tvOS,
    version: "HIG 2025-12-16",
    source: "Apple Human Interface Guidelines, Typography, tvOS built-in text styles (three "
      + "scrapes agree); sizes cross-checked with third-party runtime defaults",
    categories: [.large],
    defaultCategory: .large,
    supportsDynamicType: false,
    notes: [
      "The HIG's Subtitle 1 (38 pt Regular, leading 46, emphasized Medium) has no public UIKit or "
        + "SwiftUI text style and is left out.",
      "A third-party runtime dump also reports footnote 29 pt and subheadline 29 pt; one source "
        + "only, not in the HIG, left out.",
      "tvOS has no Large Title style.",
    ],
    rows: [
      _fixed(.title1, .medium, .bold, 76, 96),
      _fixed(.title2, .medium, .bold, 57, 66),
      _fixed(.title3, .medium, .bold, 48, 56),
      _fixed(.headline, .medium, .bold, 38, 46),
      _fixed(.callout, .medium, .bold, 31, 38),
      _fixed(.body, .medium, .bold, 29, 36),
      _fixed(.caption1, .medium, .bold, 25, 32),
      _fixed(.caption2, .medium, .bold, 23, 30),
    ])

  // MARK: - Builders

  static let _watchCategories: [ContentSizeCategory] = [
    .extraSmall, .small, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
    .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
  ]

  private static func _row(
    _ style: TextStyle, _ weight: FontWeight, _ emphasized: FontWeight,
    _ categories: [ContentSizeCategory], _ cells: [(Double, Double)]
  ) -> (TextStyle, Row) {
    precondition(cells.count == categories.count, "\(style): \(cells.count) cells")
    var byCategory: [ContentSizeCategory: Cell] = [:]
    for (category, cell) in zip(categories, cells) {
      byCategory[category] = Cell(size: cell.0, leading: cell.1)
    }
    return (style, Row(weight: weight, emphasizedWeight: emphasized, cells: byCategory))
  }

  private static func _dynamic(
    _ style: TextStyle, _ weight: FontWeight, _ emphasized: FontWeight,
    _ cells: [(Double, Double)]
  ) -> (TextStyle, Row) {
    _row(style, weight, emphasized, ContentSizeCategory.allCases, cells)
  }

  private static func _watch(
    _ style: TextStyle, _ weight: FontWeight, _ emphasized: FontWeight,
    _ cells: [(Double, Double)]
  ) -> (TextStyle, Row) {
    _row(style, weight, emphasized, _watchCategories, cells)
  }

  private static func _fixed(
    _ style: TextStyle, _ weight: FontWeight, _ emphasized: FontWeight,
    _ size: Double, _ leading: Double
  ) -> (TextStyle, Row) {
    _row(style, weight, emphasized, [.large], [(size, leading)])
  }
}
