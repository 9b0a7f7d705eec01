// SPDX-License-Identifier: Apache-2.0

extension FontRegistry {
  /// Limits that protect a service from hostile or accidental input, and the cache budget.
  ///
  /// Every limit is checked from what the file *declares* — its size, a WOFF or WOFF2 header's
  /// decoded size, a collection's face count, a variable font's instance count — before the work
  /// it describes is done, and a file over a limit throws ``FontError/Code/tooLarge`` naming the
  /// limit. Raise a limit by passing a larger value:
  ///
  /// ```swift
  /// var options = FontRegistry.Options()
  /// options.maximumDecodedSize = 128 << 20  // accept WOFF files that decode to 128 MiB
  /// let registry = try FontRegistry(options: options)
  /// ```
  public struct Options: Sendable {
    /// The default ``maximumFileSize``: 256 MiB.
    public static let defaultMaximumFileSize = 256 << 20
    /// The default ``maximumDecodedSize``: 64 MiB.
    public static let defaultMaximumDecodedSize = 64 << 20
    /// The default ``maximumFacesPerFile``: 256.
    public static let defaultMaximumFacesPerFile = 256
    /// The default ``maximumNamedInstancesPerFace``: 256.
    public static let defaultMaximumNamedInstancesPerFace = 256

    /// The largest font file or buffer accepted, in bytes; 256 MiB by default (the largest Noto CJK
    /// collection is about 120 MiB).
    public var maximumFileSize: Int

    /// The largest font a WOFF or WOFF2 file may decode to, in bytes; 64 MiB by default.
    ///
    /// Checked against the sizes the file's header and table directory declare (WOFF
    /// `totalSfntSize` and each table's `origLength`; WOFF2 `totalSfntSize`, each table's
    /// `origLength` and the transformed lengths, which add up to the Brotli stream's decoded size)
    /// before FreeType decodes anything, and again against the decoded font before it is copied
    /// for layout. FreeType cannot produce more than the header declares: it inflates each WOFF
    /// table into a buffer of exactly its `origLength` and refuses a table that decodes to another
    /// length, decodes a WOFF2 Brotli stream into a buffer of the declared size, and stops a WOFF2
    /// reconstruction at 30 MiB. The largest single CJK fonts decode to 20–30 MB, so the default
    /// leaves twice that; a zlib bomb (a 1 MB file that inflates to 1 GB) is refused from its
    /// header.
    public var maximumDecodedSize: Int

    /// The most faces one file may hold (a TrueType/OpenType collection's fonts); 256 by default.
    ///
    /// Checked against the collection header's count before any face is read (for a WOFF2
    /// collection, once the first face is decoded): a 2 MB collection can declare 65 535 faces
    /// that all point at one font.
    public var maximumFacesPerFile: Int

    /// The most named instances one face of a variable font may declare (`fvar`); 256 by default.
    ///
    /// Each named instance registers as a face of its own; checked against the count FreeType
    /// reads from `fvar` when it opens the face (plus the default instance it adds when no named
    /// instance has the default coordinates), before any instance is read. Real variable fonts
    /// have tens of instances.
    public var maximumNamedInstancesPerFace: Int

    /// The byte budget of the cache of font bytes read for layout; 64 MiB by default.
    ///
    /// It holds raw files and the fonts decoded from WOFF and WOFF2 alike (see ``FontDataCache``).
    public var dataCacheBudget: Int

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumFileSize: The largest accepted file, in bytes.
    ///   - maximumDecodedSize: The largest font a WOFF or WOFF2 file may decode to, in bytes.
    ///   - maximumFacesPerFile: The most faces in one collection.
    ///   - maximumNamedInstancesPerFace: The most named instances in one variable face.
    ///   - dataCacheBudget: The byte budget of the font-data cache.
    public init(
      maximumFileSize: Int = defaultMaximumFileSize,
      maximumDecodedSize: Int = defaultMaximumDecodedSize,
      maximumFacesPerFile: Int = defaultMaximumFacesPerFile,
      maximumNamedInstancesPerFace: Int = defaultMaximumNamedInstancesPerFace,
      dataCacheBudget: Int = 64 << 20
    ) {
      self.maximumFileSize = maximumFileSize
      self.maximumDecodedSize = maximumDecodedSize
      self.maximumFacesPerFile = maximumFacesPerFile
      self.maximumNamedInstancesPerFace = maximumNamedInstancesPerFace
      self.dataCacheBudget = dataCacheBudget
    }
  }
}
