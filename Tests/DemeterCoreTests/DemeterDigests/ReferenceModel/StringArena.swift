@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// A column of rarely read strings kept as one UTF-8 buffer plus offsets (no per-row allocation).
public struct StringArena: Sendable {
  private(set) var bytes: [UInt8] = []
  /// Where each string ends in `bytes` (it starts where the previous one ends).
  private(set) var ends: [Int] = []

  public init() {}

  /// An arena over existing storage (the parse cache's); `ends` must be non-decreasing, within `bytes`.
  init(bytes: [UInt8], ends: [Int]) {
    self.bytes = bytes
    self.ends = ends
  }

  public var count: Int { ends.count }

  public mutating func append(_ string: String) {
    bytes.append(contentsOf: string.utf8)
    ends.append(bytes.count)
  }

  public mutating func append(contentsOf other: StringArena) {
    let base = bytes.count
    bytes.append(contentsOf: other.bytes)
    ends.append(contentsOf: other.ends.lazy.map { $0 + base })
  }

  mutating func reserveCapacity(rows: Int, bytes byteCount: Int) {
    ends.reserveCapacity(rows)
    bytes.reserveCapacity(byteCount)
  }

  public subscript(index: Int) -> String {
    let start = index == 0 ? 0 : ends[index - 1]
    return String(decoding: bytes[start..<ends[index]], as: UTF8.self)
  }
}

extension StringArena {
  /// Appends a string given as (valid) UTF-8 bytes.
  package mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: utf8)
    ends.append(bytes.count)
  }
}
