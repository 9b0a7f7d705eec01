// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScaleInternals
import TypeScaleMetrics

/// What to ask Google Fonts' CSS2 API for: a family and its styles, each a tuple of axis values.
///
/// Built from styles, a query reads the way the API wants it: axis tags in the documented order
/// (lowercase tags alphabetically, then uppercase custom axes alphabetically), tuples sorted and
/// `;`-separated, ranges written `100..900`, and the `ital` axis only when a style is italic.
///
/// ```swift
/// GoogleFontsQuery(family: "Inter", styles: [.regular, .bold, .italic]).familyParameter
/// // "Inter:ital,wght@0,400;0,700;1,400"
/// GoogleFontsQuery.variable(family: "Inter", weights: 100...900).familyParameter
/// // "Inter:wght@100..900"
/// GoogleFontsQuery(family: "Roboto Flex", tuples: [
///   .init(weight: .range(100...1000), axes: ["opsz": .range(8...144), "GRAD": 0]),
/// ]).familyParameter
/// // "Roboto Flex:opsz,wght,GRAD@8..144,100..1000,0"
/// ```
public struct GoogleFontsQuery: Hashable, Sendable, CustomStringConvertible {
  /// One axis value: a number, or a range for a variable font.
  public enum AxisValue: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// One value, such as weight 700.
    case value(Double)
    /// A range, such as weights 100 to 900: the API then serves a variable font.
    case range(ClosedRange<Double>)

    /// A value from an integer literal: `400`.
    ///
    /// - Parameter value: The value.
    public init(integerLiteral value: Int) { self = .value(Double(value)) }

    /// The smallest value.
    public var lowerBound: Double {
      switch self {
      case .value(let value): value
      case .range(let range): range.lowerBound
      }
    }

    /// The largest value.
    public var upperBound: Double {
      switch self {
      case .value(let value): value
      case .range(let range): range.upperBound
      }
    }

    /// As the API writes it: `400`, `12.5` or `100..900`.
    public var description: String {
      switch self {
      case .value(let value): NumberText.shortest(value)
      case .range(let range):
        "\(NumberText.shortest(range.lowerBound))..\(NumberText.shortest(range.upperBound))"
      }
    }
  }

  /// One style: the slope, the weight and any other axes.
  public struct Tuple: Hashable, Sendable, CustomStringConvertible {
    /// Whether the style is italic (the `ital` axis, 1).
    public var italic: Bool
    /// The weight (the `wght` axis): one value, or a range for a variable font.
    public var weight: AxisValue
    /// Other axes by tag, such as `wdth`, `opsz`, `slnt` or `GRAD`; every tuple of a query must
    /// give the same tags.
    public var axes: [String: AxisValue]

    /// Creates a tuple.
    ///
    /// - Parameters:
    ///   - italic: Whether the style is italic.
    ///   - weight: The weight or weight range; 400 by default.
    ///   - axes: Other axes by tag.
    public init(italic: Bool = false, weight: AxisValue = 400, axes: [String: AxisValue] = [:]) {
      self.italic = italic
      self.weight = weight
      self.axes = axes
    }

    /// The tuple of a static style: its weight and slope.
    ///
    /// - Parameter style: The style.
    public init(_ style: FontRequest.Style) {
      self.init(italic: style.italic, weight: .value(Double(style.weight.value)))
    }

    /// Whether the tuple names one static style: an integral weight and no other axis.
    public var isStatic: Bool {
      guard axes.isEmpty, case .value(let value) = weight else { return false }
      return value == value.rounded() && (1...1000).contains(value)
    }

    /// The nearest static style: the weight, or 400 clamped into the weight range.
    public var style: FontRequest.Style {
      let value: Double
      switch weight {
      case .value(let weight): value = weight
      case .range(let range): value = min(max(400, range.lowerBound), range.upperBound)
      }
      let clamped = Int(min(max(value.rounded(), 1), 1000))
      return FontRequest.Style(weight: (try? FontWeight(clamped)) ?? .regular, italic: italic)
    }

    /// The tuple's own axis spec, such as `ital,wght@1,100..900`.
    public var description: String {
      GoogleFontsQuery(family: "", tuples: [self]).axisSpec
    }

    /// The value of an axis, `ital` and `wght` included.
    func value(of tag: String) -> AxisValue? {
      switch tag {
      case "ital": italic ? 1 : 0
      case "wght": weight
      default: axes[tag]
      }
    }
  }

  /// The family name, as Google Fonts spells it (`Noto Sans KR`).
  public var family: String
  /// The styles; an empty list asks for the family's default style.
  public var tuples: [Tuple]

  /// Creates a query from tuples.
  ///
  /// - Parameters:
  ///   - family: The family name.
  ///   - tuples: The styles; an empty list asks for the family's default style.
  public init(family: String, tuples: [Tuple]) {
    self.family = family
    self.tuples = tuples
  }

  /// Creates a query for static styles.
  ///
  /// - Parameters:
  ///   - family: The family name.
  ///   - styles: The weights and slopes; regular by default.
  public init(family: String, styles: [FontRequest.Style] = [.regular]) {
    self.init(family: family, tuples: styles.map(Tuple.init))
  }

  /// A query for a variable font: the whole weight range, upright and optionally italic.
  ///
  /// - Parameters:
  ///   - family: The family name.
  ///   - weights: The weight range, such as `100...900`; it must lie within the family's axis.
  ///   - italic: Whether to ask for the italic too.
  ///   - axes: Other axis ranges or values by tag, such as `["opsz": .range(14...32)]`.
  /// - Returns: The query.
  public static func variable(
    family: String, weights: ClosedRange<Int>, italic: Bool = false,
    axes: [String: AxisValue] = [:]
  ) -> GoogleFontsQuery {
    let weight = AxisValue.range(Double(weights.lowerBound)...Double(weights.upperBound))
    let slopes = italic ? [false, true] : [false]
    return GoogleFontsQuery(
      family: family, tuples: slopes.map { Tuple(italic: $0, weight: weight, axes: axes) })
  }

  /// The axis tags in the API's order: lowercase (registered) tags alphabetically, then
  /// uppercase (custom) tags alphabetically; `ital` only when a tuple is italic.
  public var axisTags: [String] {
    var tags: Set<String> = ["wght"]
    if tuples.contains(where: \.italic) { tags.insert("ital") }
    for tuple in tuples { tags.formUnion(tuple.axes.keys) }
    return tags.sorted(by: Self.axisOrder)
  }

  /// The tuples sorted by their values in axis order, duplicates removed: the order the API
  /// requires.
  public var sortedTuples: [Tuple] {
    let tags = axisTags
    var seen: Set<Tuple> = []
    return tuples.filter { seen.insert($0).inserted }.sorted { left, right in
      for tag in tags {
        let (a, b) = (left.value(of: tag), right.value(of: tag))
        let (lowA, lowB) = (a?.lowerBound ?? 0, b?.lowerBound ?? 0)
        if lowA != lowB { return lowA < lowB }
        let (highA, highB) = (a?.upperBound ?? 0, b?.upperBound ?? 0)
        if highA != highB { return highA < highB }
      }
      return false
    }
  }

  /// The part after the family name: `ital,wght@0,400;1,700`; empty without tuples.
  public var axisSpec: String {
    guard !tuples.isEmpty else { return "" }
    let tags = axisTags
    let values = sortedTuples.map { tuple in
      tags.map { tuple.value(of: $0)?.description ?? "" }.joined(separator: ",")
    }
    return tags.joined(separator: ",") + "@" + values.joined(separator: ";")
  }

  /// The value of the `family` parameter: `Inter:ital,wght@0,400;0,700;1,400`, or the family
  /// alone without tuples.
  public var familyParameter: String {
    tuples.isEmpty ? family : family + ":" + axisSpec
  }

  /// The ``familyParameter``.
  public var description: String { familyParameter }

  /// Checks what the API would refuse: an empty family, an axis tag that is not four letters
  /// or digits, a weight outside 1…1000, an empty range, tuples that give different axes.
  ///
  /// - Throws: ``FontStoreError/Code/invalidArgument`` naming the problem.
  public func validate() throws(FontStoreError) {
    func invalid(_ detail: String) -> FontStoreError {
      FontStoreError(.invalidArgument, "cannot ask Google Fonts for \(familyParameter): \(detail)")
    }
    let name = family.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty, !family.contains(where: { ":;@&=?#\n".contains($0) }) else {
      throw invalid("the family name must be non-empty and hold no ':;@&=?#'")
    }
    let otherTags = Set(tuples.flatMap(\.axes.keys))
    for tag in otherTags {
      guard tag.count == 4, tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }),
        tag != "ital", tag != "wght"
      else {
        throw invalid(
          "'\(tag)' is not an axis tag (four letters or digits; give ital and wght as the "
            + "tuple's italic and weight)")
      }
    }
    for tuple in tuples {
      guard Set(tuple.axes.keys) == otherTags else {
        throw invalid(
          "every style must give the same axes (\(otherTags.sorted().joined(separator: ", ")))")
      }
      guard tuple.weight.lowerBound >= 1, tuple.weight.upperBound <= 1000 else {
        throw invalid("weight \(tuple.weight) is outside 1…1000")
      }
      for value in [tuple.weight] + Array(tuple.axes.values) {
        guard value.lowerBound.isFinite, value.upperBound.isFinite else {
          throw invalid("an axis value is not a finite number")
        }
        if case .range(let range) = value, range.lowerBound == range.upperBound {
          throw invalid("the range \(value) is empty; give one value instead")
        }
      }
    }
  }

  /// Lowercase tags first, then uppercase, each alphabetically.
  static func axisOrder(_ left: String, _ right: String) -> Bool {
    let leftCustom = left.first?.isUppercase ?? false
    let rightCustom = right.first?.isUppercase ?? false
    if leftCustom != rightCustom { return !leftCustom }
    return left < right
  }
}
