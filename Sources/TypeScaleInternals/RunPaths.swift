// SPDX-License-Identifier: Apache-2.0

/// A run's input and output paths, checked before the run starts: no output may be one of the
/// run's inputs, a file it reads inside an input folder, or the same file as another output.
///
/// Each path is resolved with ``ResolvedPath`` (symbolic links and `..` followed, for files that
/// do not exist yet too) and compared by resolved path and, for existing files, by device and
/// inode (so a hard link to an input is caught). Two outputs that are the same character device
/// (`--junit /dev/null --sarif /dev/null`) are allowed; nothing is lost by writing a device
/// twice.
///
/// ```swift
/// try RunPaths.check(
///   inputs: [.file("Localizable.xcstrings", role: "the catalog")],
///   outputs: [.init("Localizable.xcstrings", role: "--html")])
/// // RunPaths.Conflict: "--html Localizable.xcstrings names an input of this run (the catalog
/// // Localizable.xcstrings); choose another output path"
/// ```
package enum RunPaths {
  /// A path the run reads.
  package struct Input: Sendable {
    /// The path as the user gave it (or as a file the user gave names it).
    package let path: String
    /// What it is, for messages: "the catalog", "the constraints file".
    package let role: String
    /// For a folder: whether the run reads a file at the given resolved path inside it.
    package let reads: (@Sendable (String) -> Bool)?

    /// A file the run reads.
    ///
    /// - Parameters:
    ///   - path: The path as given.
    ///   - role: What it is: "the catalog".
    /// - Returns: The input.
    package static func file(_ path: String, role: String) -> Input {
      Input(path: path, role: role, reads: nil)
    }

    /// A folder the run reads some files of.
    ///
    /// - Parameters:
    ///   - path: The path as given.
    ///   - role: What it is: "the catalog folder".
    ///   - reads: Whether the run reads the file at a resolved path inside the folder (a
    ///     catalog loader: by its extension).
    /// - Returns: The input.
    package static func folder(
      _ path: String, role: String, reads: @escaping @Sendable (String) -> Bool
    ) -> Input {
      Input(path: path, role: role, reads: reads)
    }
  }

  /// A path the run writes.
  package struct Output: Sendable {
    /// The path as the user gave it.
    package let path: String
    /// The option that names it, for messages: "--html".
    package let role: String

    /// Creates an output.
    ///
    /// - Parameters:
    ///   - path: The path as given.
    ///   - role: The option that names it: "--junit".
    package init(_ path: String, role: String) {
      self.path = path
      self.role = role
    }
  }

  /// An output that would destroy an input or another output.
  package enum Conflict: Error, Sendable, CustomStringConvertible {
    /// The output is an input file (or a folder input).
    case outputIsInput(output: Output, input: Input)
    /// The output is a file the run reads inside an input folder.
    case outputInsideInput(output: Output, input: Input)
    /// Two outputs are the same file.
    case sameOutput(Output, Output)

    /// One line naming both paths as given and what to do.
    package var message: String {
      switch self {
      case .outputIsInput(let output, let input):
        "\(output.role) \(DisplayText.quoted(output.path)) names an input of this run "
          + "(\(input.role) \(DisplayText.quoted(input.path))); choose another output path"
      case .outputInsideInput(let output, let input):
        "\(output.role) \(DisplayText.quoted(output.path)) names a file this run reads in "
          + "\(input.role) \(DisplayText.quoted(input.path)); choose another output path"
      case .sameOutput(let first, let second):
        "\(first.role) \(DisplayText.quoted(first.path)) and \(second.role) "
          + "\(DisplayText.quoted(second.path)) name the same file; choose another path for "
          + "one of them"
      }
    }

    /// The message.
    package var description: String { message }
  }

  /// Refuses an output that is an input, a file read inside an input folder, or another output.
  ///
  /// - Parameters:
  ///   - inputs: What the run reads.
  ///   - outputs: What it writes, in the order the command line gave them.
  /// - Throws: ``Conflict`` for the first output that conflicts.
  package static func check(inputs: [Input], outputs: [Output]) throws(Conflict) {
    let resolvedInputs = inputs.map {
      (input: $0, path: ResolvedPath.resolve($0.path), identity: ResolvedPath.identity($0.path))
    }
    var earlier: [(output: Output, path: String, identity: FileIdentity?)] = []
    for output in outputs {
      let path = ResolvedPath.resolve(output.path)
      let identity = ResolvedPath.identity(output.path)
      for input in resolvedInputs {
        if input.path == path || (identity != nil && identity == input.identity) {
          throw .outputIsInput(output: output, input: input.input)
        }
        if let reads = input.input.reads,
          path.hasPrefix(input.path.hasSuffix("/") ? input.path : input.path + "/"),
          reads(path)
        {
          throw .outputInsideInput(output: output, input: input.input)
        }
      }
      for other in earlier
      where other.path == path || (identity != nil && identity == other.identity) {
        if identity?.isCharacterDevice == true { continue }
        throw .sameOutput(other.output, output)
      }
      earlier.append((output, path, identity))
    }
  }
}
