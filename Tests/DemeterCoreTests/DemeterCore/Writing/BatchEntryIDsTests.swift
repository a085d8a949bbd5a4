import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `BatchEntryIDs` (manual: writing): the same batch gives the same ids, line ends and blank lines aside;
/// any other batch gives other ids.
@Suite struct BatchEntryIDsTests {
  static func ids(_ text: String) -> [String] {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      let lines = JournalLines(buffer).filter { !buffer.isBlank($0.range) }
      let ids = BatchEntryIDs(lines: lines.map { Array(buffer[$0.range]) })
      return lines.indices.map(ids.id(at:))
    }
  }

  @Test func theSameBatchGivesTheSameIDs() {
    let batch = "{\"a\":1}\n{\"a\":1}\n{\"b\":2}\n"
    let first = Self.ids(batch)
    #expect(first.count == 3)
    #expect(Set(first).count == 3, "identical lines at other positions get other ids")
    #expect(Self.ids(batch) == first)
    #expect(Self.ids("\u{FEFF}{\"a\":1}\r\n\r\n{\"a\":1}\r\n{\"b\":2}") == first)
    for id in first {
      #expect(UUIDText.isValid(id) && id == id.lowercased())
      #expect(Array(id.utf8)[14] == UInt8(ascii: "8"), "version 8")
      #expect("89ab".utf8.contains(Array(id.utf8)[19]), "variant 10")
    }
  }

  @Test func anyOtherBatchGivesOtherIDs() {
    let first = Self.ids("{\"a\":1}\n{\"b\":2}\n")
    #expect(Set(first).isDisjoint(with: Self.ids("{\"a\":1}\n{\"b\":3}\n")))
    #expect(Set(first).isDisjoint(with: Self.ids("{\"a\":1}\n")))
    #expect(Set(first).isDisjoint(with: Self.ids("{\"b\":2}\n{\"a\":1}\n")))
  }

  @Test func aBatchReadGivesEachLineWithoutAnIDItsBatchID() {
    let line = EntryLine().removing("id").text
    let batch = "\u{FEFF}\(line)\r\n\n  \n\(line)"
    let read = EntryLineReader.read(batch: Array(batch.utf8), path: "<stdin>")
    #expect(read.map(\.lineNumber) == [1, 4])
    #expect(read.map { $0.outcome.line?.entry.id } == Self.ids(batch))
    #expect(read.allSatisfy { $0.outcome.diagnostics.isEmpty })
  }
}
