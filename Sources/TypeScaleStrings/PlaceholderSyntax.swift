// SPDX-License-Identifier: Apache-2.0

/// How a localized text writes its placeholders.
public enum PlaceholderSyntax: String, Hashable, Sendable, Codable {
  /// `String(format:)`'s printf-style specifiers, as Apple's files write them: `%@`, `%d`,
  /// `%lld`, `%1$@`, `%.2f`, `%%`.
  case apple
  /// Android's `String.format` specifiers: `%s`, `%d`, `%1$s`, `%%`.
  case android
}
