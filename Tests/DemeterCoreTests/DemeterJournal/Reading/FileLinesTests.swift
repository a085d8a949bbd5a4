import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `FileLines`: lines read by offset from a file equal the lines cut from its bytes in memory, on
/// random files (CRLF, lines longer than a read, no final newline), in any order.
@Suite struct FileLinesTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func linesByOffsetEqualTheBytesInMemory(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    var offsets: [Int] = []
    for _ in 0..<200 {
      offsets.append(bytes.count)
      let length = Int.random(in: 0...(Bool.random(using: &random) ? 100 : 9000), using: &random)
      bytes += (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
      bytes += Bool.random(using: &random) ? [0x0D, 0x0A] : [0x0A]
    }
    bytes.removeLast()
    offsets += [bytes.count, bytes.count + 10, -1]
    let journal = TemporaryJournal()
    let path = journal.write("lines.jsonl", bytes: bytes)
    let read = FileLines.lines(at: offsets, in: path, limit: 20_000)
    #expect(read == offsets.map { FlaggedLines.line(at: $0, in: bytes) })
    // Out of order and repeated: each offset still gets its own line.
    let shuffled = (offsets + offsets.prefix(20)).shuffled(using: &random)
    #expect(
      FileLines.lines(at: shuffled, in: path, limit: 20_000) == shuffled.map { FlaggedLines.line(at: $0, in: bytes) })
    let short = journal.write("short.jsonl", bytes: Array("abcdefgh\nxy\n".utf8))
    #expect(FileLines.lines(at: [0, 9], in: short, limit: 5) == [nil, Array("xy".utf8)])
    #expect(FileLines.lines(at: [0], in: journal.url("missing"), limit: 10) == [nil])
  }
}
