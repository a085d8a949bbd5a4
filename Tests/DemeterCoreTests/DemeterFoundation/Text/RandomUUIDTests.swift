import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

@Suite struct RandomUUIDTests {
  @Test func isALowercaseVersion4UUIDThatFoundationReads() throws {
    for _ in 0..<200 {
      let text = RandomUUID.make()
      let uuid = try #require(UUID(uuidString: text))
      #expect(uuid.uuidString.lowercased() == text)
      let bytes = uuid.uuid
      #expect(bytes.6 >> 4 == 4)
      #expect(bytes.8 >> 6 == 0b10)
    }
  }

  @Test func setsVersionAndVariantBits() {
    #expect(RandomUUID.text(high: 0, low: 0) == "00000000-0000-4000-8000-000000000000")
    #expect(RandomUUID.text(high: .max, low: .max) == "ffffffff-ffff-4fff-bfff-ffffffffffff")
    #expect(
      RandomUUID.text(high: 0x6f0c_9a52_3c1e_fa57, low: 0x1a52_0d7f_1d0e_7b11)
        == "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11")
  }

  @Test func differsEachTime() {
    let ids = Set((0..<1000).map { _ in RandomUUID.make() })
    #expect(ids.count == 1000)
  }
}
