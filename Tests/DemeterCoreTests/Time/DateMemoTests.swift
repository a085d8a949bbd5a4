import Testing

@testable import DemeterCore

/// Reading timestamps through a remembered date gives what reading each afresh gives, on runs of
/// one day, changes of day, and bad dates.
@Suite struct DateMemoTests {
  @Test func remembersOnlyTheSameTenBytes() {
    let texts = [
      "2025-09-01T05:23:00-04:00", "2025-09-01T23:59:59Z", "2025-09-02T00:00:00Z", "2025-09-01T05:23:00",
      "2024-02-29T10:00:00Z", "2025-02-29T10:00:00Z", "2025-02-29T10:00:00Z", "2025-09-01 05:23:00+05:30",
      "2025-09-0", "2025-13-01T00:00:00Z", "2025-09-01T25:00:00Z", "2025-09-01T05:23:00.5Z",
    ]
    var memo = DateMemo()
    for _ in 0..<2 {
      for text in texts {
        var bytes = Array(text.utf8)
        let remembered = bytes.withUnsafeMutableBufferPointer {
          Timestamp.parse(UnsafeBufferPointer($0), dates: &memo)
        }
        #expect(remembered == Timestamp.parse(text), "\(text)")
      }
    }
  }
}
