import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The repeated-hash search (bit sets, each thread grouping and searching its own buckets) against a
/// plain count of every hash.
@Suite struct DuplicateIDsTests {
  static func reference(_ lists: [[UInt64]]) -> Set<UInt64> {
    var counts: [UInt64: Int] = [:]
    for hash in lists.joined() { counts[hash, default: 0] += 1 }
    return Set(counts.filter { $0.value > 1 }.keys)
  }

  /// Lists of random hashes, some repeated within a list and some across lists.
  static func randomLists(seed: UInt64, total: Int) -> [[UInt64]] {
    var random = SplitMix64(seed: seed)
    var all: [UInt64] = []
    for _ in 0..<total {
      all.append(!all.isEmpty && random.next() % 500 == 0 ? all[Int(random.next() % UInt64(all.count))] : random.next())
    }
    var lists: [[UInt64]] = []
    var start = 0
    while start < all.count {
      let end = min(all.count, start + 1 + Int(random.next() % 5000))
      lists.append(Array(all[start..<end]))
      start = end
    }
    return lists
  }

  @Test(arguments: [UInt64(1), 2], [10, 100_000])
  func repeatedHashesAreThoseCountedTwice(seed: UInt64, total: Int) {
    let lists = Self.randomLists(seed: seed, total: total)
    let expected = Self.reference(lists)
    for partitions in 1...3 {
      #expect(DuplicateIDs.repeatedHashes(lists, partitions: partitions) == expected)
    }
  }

  /// Hashes crowded into two buckets (top bits all 0, or only the first set): most go past their
  /// bucket's room to the spill lists, and are searched all the same.
  @Test func crowdedBucketsSpillAndAreSearched() {
    let lists = Self.randomLists(seed: 3, total: 100_000).map { list in
      list.map { $0 & 0x0000_FFFF_FFFF_FFFF | ($0 & 1) << 63 }
    }
    let expected = Self.reference(lists)
    for partitions in 1...3 {
      #expect(DuplicateIDs.repeatedHashes(lists, partitions: partitions) == expected)
    }
  }

  @Test func noHashesOrOneRepeatNothing() {
    #expect(DuplicateIDs.repeatedHashes([], partitions: 2).isEmpty)
    #expect(DuplicateIDs.repeatedHashes([[7]], partitions: 2).isEmpty)
    #expect(DuplicateIDs.repeatedHashes([[7], [7]], partitions: 2) == [7])
  }
}
