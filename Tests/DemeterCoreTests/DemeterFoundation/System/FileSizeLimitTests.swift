import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files read whole are refused over their kind's `FileSizeLimit`, before anything is allocated
/// (issue 13 §2: a 40 GB sparse day file aborted every command). `truncate` makes a sparse file,
/// which costs no disk.
@Suite struct FileSizeLimitTests {
  static let huge: off_t = 40 << 30

  static func sparse(_ journal: TemporaryJournal, _ relative: String, size: off_t = huge) -> String {
    let path = journal.write(relative, "")
    #expect(truncate(path, size) == 0)
    return path
  }

  @Test func aHugeDayFileIsOneLocatedErrorAndTheOthersLoad() {
    let journal = TemporaryJournal()
    journal.write("2026-11-20.jsonl", lines: [EntryLine(timestamp: "2026-11-20T08:15:00-05:00").text])
    let path = Self.sparse(journal, "2026-11-21.jsonl")
    for options in [JournalLoadOptions(), JournalLoadOptions(collectWarnings: true)] {
      let load = journal.load(options)
      #expect(load.table.count == 1)
      #expect(
        load.diagnostics == [
          Diagnostic.unreadableFile(
            path, "file is 42949672960 bytes long, over the limit of 256 MiB for a day file; not read")
        ])
    }
    #expect(throws: ModelError.self) { try DayFileContents.read(path) }
  }

  @Test func aDayFileAtTheLimitIsRead() throws {
    let journal = TemporaryJournal()
    let path = Self.sparse(journal, "2026-11-21.jsonl", size: 4096)
    #expect(try FileBytes.read(path, limit: FileSizeLimit(bytes: 4096, kind: "a test")).count == 4096)
    #expect(throws: FileBytes.ReadError.self) {
      try FileBytes.read(path, limit: FileSizeLimit(bytes: 4095, kind: "a test"))
    }
  }

  @Test func hugeSettingsAndIngredientFilesAreLocatedErrors() {
    let journal = TemporaryJournal()
    let settings = Self.sparse(journal, ".demeter.json")
    #expect(
      JournalConfig.load(journal: journal.path).diagnostics.map(\.headline) == [
        "\(settings):1:1: error: file is 42949672960 bytes long, over the limit of 1 MiB for a settings "
          + "file; not read"
      ])
    let ingredients = Self.sparse(journal, IngredientDatabase.fileName)
    #expect(
      IngredientDatabase.load(path: ingredients).diagnostics.map(\.headline) == [
        "\(ingredients):1:1: error: file is 42949672960 bytes long, over the limit of 256 MiB for an "
          + "ingredient file; "
          + "not read"
      ])
  }

  @Test func aHugeCacheIndexIsIgnored() {
    let journal = TemporaryJournal()
    let path = Self.sparse(journal, ".demeter/cache/digests-1")
    #expect(DigestIndex(path: path, fingerprint: 1, prefix: journal.path + "/") == nil)
  }
}
