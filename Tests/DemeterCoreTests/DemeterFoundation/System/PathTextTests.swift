import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `PathText` against `NSString`'s path methods, the oracle it replaces.
@Suite struct PathTextTests {
  @Test(arguments: [
    "/tmp/scratch.tiff", "/tmp/scratch", "/tmp/", "scratch///", "/", "", "a//b", "a/b/", "//a", "./a",
    "../a/b", "a/./b", "~/x", "/a//", "a\\b", "weekly.html.mustache", "templates/weekly.html.mustache",
    "/home/me/.config/demeter-report/templates/w.md.mustache", "dir with space/file name.mustache",
    "répertoire/modèle.html.mustache", "ab", "ab/", "/ab",
  ])
  func matchesNSString(path: String) {
    #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent)
    #expect(PathText.deletingLastComponent(path) == (path as NSString).deletingLastPathComponent)
  }

  /// One-character names without a folder (Foundation traps on these in `deletingLastPathComponent`).
  @Test func singleCharacterNames() {
    #expect(PathText.lastComponent("a") == "a")
    #expect(PathText.deletingLastComponent("a") == "")
    #expect(PathText.deletingLastComponent("a/") == "")
  }
}
