import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `FileParts`: parts read as written; a part the file no longer has (it shrank while open) or never
/// had is nil, not a crash.
@Suite struct FilePartsTests {
  @Test func partsAndAShrinkingFile() throws {
    let journal = TemporaryJournal()
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let path = journal.write("parts.bin", bytes: bytes)
    let parts = try #require(FileParts(path: path))
    #expect(parts.count == bytes.count)
    #expect(parts.bytes(at: 0, length: 10) == Array(bytes[0..<10]))
    #expect(parts.bytes(at: 9_990, length: 10) == Array(bytes[9_990...]))
    #expect(parts.bytes(at: 9_995, length: 10) == nil)
    #expect(parts.bytes(at: -1, length: 2) == nil)
    #expect(truncate(path, 100) == 0)
    #expect(parts.bytes(at: 5_000, length: 10) == nil)
    #expect(parts.bytes(at: 0, length: 100) == Array(bytes[0..<100]))
    #expect(FileParts(path: journal.path) == nil)
  }
}
