// SPDX-License-Identifier: Apache-2.0

import Foundation
import TypeScale
import TypeScaleGoldens

/// What `--typography`, `--font-dir` and a typography's custom tokens mean to `measure`,
/// `render` and `scale`: one place for the options' declarations, their loading and their
/// messages.
enum TypographyOptions {
  /// `--typography <file>`.
  ///
  /// - Parameter help: The command's help line.
  /// - Returns: The option specification.
  static func typographySpec(help: String) -> OptionSpec {
    .option("typography", valueName: "file", help: help)
  }

  /// `--font-dir <path>`, repeatable.
  ///
  /// - Parameter help: The command's help line.
  /// - Returns: The option specification.
  static func fontDirectorySpec(help: String) -> OptionSpec {
    .option("font-dir", valueName: "path", help: help, isRepeatable: true)
  }

  /// Loads a typography file, as `--typography` or a batch request's `"typography"` names it.
  ///
  /// - Parameter path: The file's path, relative to the working directory or absolute.
  /// - Returns: The typography.
  /// The file is read as cases files are: a regular file of at most
  /// `GoldenCasesFile.maximumFileSize` bytes (16 MiB), checked before it is read, so a FIFO, a
  /// device or a huge file is refused rather than read without end.
  ///
  /// - Throws: ``CLIError/input(_:)`` with the library's message: a file that cannot be
  ///   read, is not a regular file or is too large, or every problem of one that is not a valid
  ///   typography.
  static func load(_ path: String) throws(CLIError) -> Typography {
    let data: Data
    do throws(GoldenError) {
      data = try GoldensCommand.read(
        URL(fileURLWithPath: path), displayPath: path, kind: "typography file",
        maximumSize: GoldenCasesFile.maximumFileSize)
    } catch {
      throw .input(error.message)
    }
    do throws(TypeScaleError) {
      return try Typography.load(json: data, name: (path as NSString).lastPathComponent)
    } catch {
      throw .input(error.message)
    }
  }

  /// What a `--style` or `"style"` name names: one of Apple's text styles, or a custom token
  /// of the typography.
  ///
  /// Without a typography only text styles are accepted, in any of their spellings
  /// (`TextStyle(parsing:)`), and the message for another name says a token needs its
  /// typography; with one, `Typography.entry(for:)` decides, so a token (`button`)
  /// is accepted too and an unknown name lists the text styles and the typography's tokens.
  ///
  /// - Parameters:
  ///   - name: The name as given.
  ///   - typography: The typography, when one was given.
  /// - Returns: The text style, or `nil` and the token's name.
  /// - Throws: ``CLIError/validation(_:)`` naming the name and the valid ones.
  static func style(
    named name: String, in typography: Typography?
  ) throws(CLIError) -> (style: TextStyle?, token: String?) {
    guard let typography else {
      do throws(MetricsError) {
        return (try TextStyle(parsing: name), nil)
      } catch {
        throw .validation(error.message + "; a custom token needs the typography that defines it")
      }
    }
    do throws(TypeScaleError) {
      let entry = try typography.entry(for: Typography.TokenName(name))
      if let style = entry.textStyle { return (style, nil) }
      return (nil, entry.name)
    } catch {
      throw .validation(error.message)
    }
  }

  /// A copy of a typography whose style or token has another design size or maximum: what
  /// `--size` and `scale --max` change.
  ///
  /// - Parameters:
  ///   - typography: The typography.
  ///   - style: The text style, when `token` is `nil`.
  ///   - token: The custom token's name, or `nil`.
  ///   - size: The new design size in points, or `nil` to keep the typography's.
  ///   - maximum: The new `maximumPointSize`, or `nil` to keep the typography's.
  /// - Returns: The copy.
  /// - Throws: ``CLIError/validation(_:)`` for a size that is not a valid design size.
  static func overriding(
    _ typography: Typography, style: TextStyle, token: String?, size: Double?,
    maximum: Double? = nil
  ) throws(CLIError) -> Typography {
    guard size != nil || maximum != nil else { return typography }
    var typography = typography
    var value: Typography.Style
    if let token, let tokenStyle = typography[token: token] {
      value = tokenStyle
    } else {
      value = typography[style]
    }
    if let size {
      do throws(MetricsError) {
        value.size = try DesignSize(size)
      } catch {
        throw CLIError(error)
      }
    }
    if let maximum { value.maximumPointSize = maximum }
    if let token {
      do throws(TypeScaleError) {
        try typography.setToken(token, value)
      } catch {
        throw .validation(error.message)
      }
    } else {
      typography[style] = value
    }
    return typography
  }
}

/// Font files and folders to register, as `--font-file` and `--font-dir` (or a batch request's
/// `"fontFiles"` and `"fontDirs"`) give them; each path is registered once per registry.
struct FontRegistrations {
  /// Each file's faces or error, by the path as given.
  private var files: [String: Result<[FontFace], FontError>] = [:]
  /// The folders registered so far, by the path as given.
  private var directories: Set<String> = []

  /// Registers a font file once, returning its faces.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - registry: The registry.
  /// - Returns: The file's faces, at least one.
  /// - Throws: ``CLIError/failure(_:)`` when the file cannot be registered or has no faces.
  mutating func faces(ofFileAt path: String, in registry: FontRegistry) throws(CLIError)
    -> [FontFace]
  {
    let registration: Result<[FontFace], FontError>
    if let known = files[path] {
      registration = known
    } else {
      do throws(FontError) {
        registration = .success(try registry.register(fileAt: URL(fileURLWithPath: path)))
      } catch {
        registration = .failure(error)
      }
      files[path] = registration
    }
    switch registration {
    case .success(let faces):
      guard !faces.isEmpty else { throw .input("\(path) has no font faces") }
      return faces
    case .failure(let error):
      throw .input(error.message)
    }
  }

  /// Registers every font in a folder and its subfolders, once, with
  /// `FontRegistry.registerFonts(in:)`.
  ///
  /// One bad file does not stop the rest: each is a warning, as is a folder with no font files.
  ///
  /// - Parameters:
  ///   - path: The folder's path.
  ///   - registry: The registry.
  /// - Returns: One warning (without `warning: `) per file that could not be registered, or
  ///   one for a folder without font files; none when the folder was registered before.
  /// - Throws: ``CLIError/failure(_:)`` when the folder does not exist or cannot be listed.
  mutating func registerDirectory(_ path: String, in registry: FontRegistry) throws(CLIError)
    -> [String]
  {
    guard !directories.contains(path) else { return [] }
    let registration: DirectoryRegistration
    do throws(FontError) {
      registration = try registry.registerFonts(in: URL(fileURLWithPath: path))
    } catch {
      throw .input(error.message)
    }
    directories.insert(path)
    if registration.fileCount == 0 {
      let extensions = FontRegistry.fontFileExtensions.sorted().map { "." + $0 }
      return [
        "font folder \(path) has no font files (\(extensions.joined(separator: ", ")))"
      ]
    }
    return registration.failures.map { "font folder \(path): skipped \($0.description)" }
  }
}

extension CLIError {
  /// Runs a library call, turning its error into a validation error (exit 2) with the same
  /// message: what an unknown token or an out-of-range size from `Typography` and
  /// `DynamicType` is on the command line.
  ///
  /// - Parameter body: The call.
  /// - Returns: What it returns.
  /// - Throws: ``CLIError/validation(_:)`` with the error's message.
  static func validating<T>(_ body: () throws(TypeScaleError) -> T) throws(CLIError) -> T {
    do throws(TypeScaleError) {
      return try body()
    } catch {
      throw .validation(error.message)
    }
  }
}
