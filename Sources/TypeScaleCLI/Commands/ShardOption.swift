// SPDX-License-Identifier: Apache-2.0

import TypeScale

extension Shard {
  /// Parses the value of `--shard`, for `typescale check` and `typescale goldens`: one message
  /// for a bad value in both.
  ///
  /// - Parameter text: The option's value, such as `2/4`.
  /// - Returns: The shard.
  /// - Throws: ``CLIError/validation(_:)`` naming the value and what is valid.
  static func option(_ text: String) throws(CLIError) -> Shard {
    do throws(TypeScaleError) {
      return try Shard(parsing: text)
    } catch {
      throw .validation("invalid value '\(text)' for '--shard'; \(error.message)")
    }
  }
}
