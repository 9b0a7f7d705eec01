// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing
import TypeScaleFonts
import TypeScaleTestSupport

@testable import TypeScaleFontStore

@Suite struct FontStoreErrorCauseTests {
  /// Bytes the registry refuses: the store's code follows the registry's, and the registry's
  /// error is both `fontError` and the cause.
  @Test(arguments: [
    ("broken-html.ttf", FontStoreError.Code.notAFont, FontError.Code.notAFont),
    ("broken-truncated.ttf", .corrupt, .corruptFont),
  ])
  func install_refusedBytes_keepTheFontError(
    _ file: String, _ code: FontStoreError.Code, _ fontCode: FontError.Code
  ) throws {
    let folder = try Fixtures.temporaryDirectory("store-cause")
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try FontStore(directory: folder, registry: try FontRegistry())
    let data = try Data(contentsOf: Fixtures.font(file))
    let error = #expect(throws: FontStoreError.self) {
      try store.install(data, key: file)
    }
    #expect(error?.code == code)
    #expect(error?.fontError?.code == fontCode)
    #expect((error?.underlying as? FontError) == error?.fontError)
    #expect(error?.localizedDescription == error?.message)
  }

  /// A storage failure keeps `errno` as the system code and as a `POSIXError` cause.
  @Test func storageError_keepsThePOSIXError() {
    let error = StoreFiles.error(EACCES, "could not read /x")
    #expect(error.code == .storage)
    #expect(error.systemCode == Int(EACCES))
    #expect((error.underlying as? POSIXError)?.code == .EACCES)
    #expect(error.message.hasPrefix("could not read /x: "))
  }
}
