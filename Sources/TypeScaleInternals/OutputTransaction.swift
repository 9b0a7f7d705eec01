// SPDX-License-Identifier: Apache-2.0

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outputs of one run, written so that either every one of them changes or none does.
///
/// ``stage(_:to:)`` writes each regular output to a temporary file beside its target (see
/// ``OutputFile``) and keeps the bytes of each special one (a device, a terminal, a FIFO);
/// ``commit()`` writes the special ones through, then renames every temporary file over its
/// target. A failure while staging or writing through (a full disk, a folder that cannot be
/// written) removes every temporary file, and every regular target is as it was. What cannot be
/// undone: bytes already written to a device, and, should a `rename(2)` within one folder fail
/// after others succeeded, the targets already renamed.
///
/// ```swift
/// let outputs = OutputTransaction()
/// try outputs.stage(junit, to: "check.xml")
/// try outputs.stage(html, to: "check.html")
/// try outputs.commit()
/// ```
///
/// A transaction released without ``commit()`` removes its temporary files, and so does SIGINT
/// or SIGTERM once ``InterruptCleanup/install()`` has run (the CLI installs it before a run).
package final class OutputTransaction {
  private struct Staged {
    let given: String
    let target: String
    let temporary: String
    let slot: Int?
  }

  private var staged: [Staged] = []
  private var special: [(path: String, data: Data)] = []
  private var isFinished = false

  /// Creates an empty transaction.
  package init() {}

  deinit { rollback() }

  /// The temporary files staged so far, for tests.
  package var temporaryPaths: [String] { staged.map(\.temporary) }

  /// Writes one output's bytes to a temporary file beside its target, or keeps them for a
  /// target that is not a regular file.
  ///
  /// - Parameters:
  ///   - data: The bytes.
  ///   - path: The output path as the user gave it.
  /// - Throws: ``OutputFileError`` naming the path; the whole transaction is then rolled back
  ///   (every temporary file removed).
  package func stage(_ data: Data, to path: String) throws(OutputFileError) {
    guard !isFinished else {
      throw OutputFileError(
        path: path,
        message: "cannot write \(DisplayText.quoted(path)): the run's outputs were already "
          + "written or abandoned")
    }
    do throws(OutputFileError) {
      switch try OutputTarget.resolve(path) {
      case .special(let target, _):
        special.append((target, data))
      case .file(let target, let existing):
        let temporary = try OutputFile.writeTemporary(
          data, beside: target, existing: existing, given: path)
        staged.append(
          Staged(given: path, target: target, temporary: temporary.path, slot: temporary.slot))
      }
    } catch {
      rollback()
      throw error
    }
  }

  /// Stages text: what ``stage(_:to:)`` does with its UTF-8 bytes, without a copy of them in
  /// `Data` for a regular file (a report of tens of megabytes is held once, not twice).
  ///
  /// - Parameters:
  ///   - text: The contents.
  ///   - path: The output path as the user gave it.
  /// - Throws: ``OutputFileError`` naming the path; the whole transaction is then rolled back.
  package func stage(text: String, to path: String) throws(OutputFileError) {
    guard !isFinished else { return try stage(Data(), to: path) }
    do throws(OutputFileError) {
      switch try OutputTarget.resolve(path) {
      case .special(let target, _):
        special.append((target, Data(text.utf8)))
      case .file(let target, let existing):
        var text = text
        let result = text.withUTF8 { buffer in
          Result { () throws(OutputFileError) in
            try OutputFile.writeTemporary(
              bytes: UnsafeRawBufferPointer(buffer), beside: target, existing: existing,
              given: path)
          }
        }
        let temporary = try result.get()
        staged.append(
          Staged(given: path, target: target, temporary: temporary.path, slot: temporary.slot))
      }
    } catch {
      rollback()
      throw error
    }
  }

  /// Writes the special targets through, then renames every temporary file over its target.
  ///
  /// - Throws: ``OutputFileError`` naming the output that failed; the temporary files not yet
  ///   renamed are removed.
  package func commit() throws(OutputFileError) {
    guard !isFinished else {
      throw OutputFileError(
        path: "", message: "cannot write the run's outputs: they were already written or abandoned")
    }
    do throws(OutputFileError) {
      for output in special { try OutputFile.writeThrough(output.data, to: output.path) }
    } catch {
      rollback()
      throw error
    }
    special = []
    var folders: Set<String> = []
    while !staged.isEmpty {
      let output = staged.removeFirst()
      let code = SystemCall.rename(output.temporary, to: output.target)
      guard code == 0 else {
        unlink(output.temporary)
        InterruptCleanup.unregister(output.slot)
        rollback()
        throw .system(path: output.given, call: "rename", code: code)
      }
      InterruptCleanup.unregister(output.slot)
      folders.insert(OutputFile.folder(of: output.target))
    }
    isFinished = true
    // Make the renames durable; a failure here leaves complete files, so it is ignored.
    for folder in folders.sorted() { SystemCall.syncFolder(folder) }
  }

  /// Removes every temporary file and forgets the special outputs; the targets are untouched.
  ///
  /// Nothing can be staged or committed after it.
  package func rollback() {
    for output in staged {
      unlink(output.temporary)
      InterruptCleanup.unregister(output.slot)
    }
    staged = []
    special = []
    isFinished = true
  }
}
