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

/// `systemWriteAll`: every byte reaches the descriptor; a failed write gives its `errno`.
@Suite struct SystemWriteTests {
  @Test func writesEveryByteThroughAPipe() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let failure = bytes.withUnsafeBytes { systemWriteAll($0, to: ends[1]) }
    close(ends[1])
    #expect(failure == nil)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
      if count <= 0 { break }
      received += chunk[..<count]
    }
    #expect(received == bytes)
  }

  @Test func aClosedDescriptorGivesItsError() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    close(ends[0])
    close(ends[1])
    let failure = [UInt8]("x".utf8).withUnsafeBytes { systemWriteAll($0, to: ends[1]) }
    #expect(failure == EBADF)
  }
}
