// SPDX-License-Identifier: Apache-2.0

import Foundation

/// Where a streaming report writes its text: a file, a pipe, or a string in memory.
public protocol CheckTextOutput: AnyObject {
  /// Appends text.
  ///
  /// - Throws: ``CheckError`` when the text cannot be written (a full disk).
  func write(_ text: String) throws(CheckError)
}

/// Text kept in memory.
public final class CheckStringOutput: CheckTextOutput {
  /// The text written so far.
  public private(set) var text = ""

  /// Creates an empty output.
  public init() {}

  /// Appends text.
  public func write(_ text: String) throws(CheckError) { self.text += text }
}
