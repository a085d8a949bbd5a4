import Dispatch

/// The journal-wide duplicate-id rule (SPEC §2) over file digests: an entry whose id (as a UUID
/// value) appeared on an earlier line, in path and line order, is skipped with an error.
///
/// Files keep only a 64-bit hash of each id, so the check first finds hashes that occur twice, then
/// reads just the files holding them again to compare the ids themselves.
struct DuplicateIDs: Sendable {
  /// Lines to skip, by file index.
  var lines: [Int32: Set<Int>] = [:]
  /// One error per skipped line.
  var diagnostics: [Diagnostic] = []

  /// - Complexity: O(n) in the number of entries, plus re-reading the files with a repeated hash.
  static func find(in digests: [FileDigest], files: [DayFile], options: JournalLoadOptions) -> DuplicateIDs {
    let repeated = repeatedHashes(digests.map(\.idHashes))
    guard !repeated.isEmpty else { return DuplicateIDs() }
    let parser = DayFileParser(options: options)
    var result = DuplicateIDs()
    var first: [UInt128: SourceLocation] = [:]
    for (index, digest) in digests.enumerated() where digest.idHashes.contains(where: repeated.contains) {
      let table = parser.parse(files[index]).table
      for row in 0..<table.count where repeated.contains(DuplicateIDFinder.mixed(table.ids.values[row])) {
        let location = table.location(ofRow: row)
        guard let earlier = first[table.ids.values[row]] else {
          first[table.ids.values[row]] = location
          continue
        }
        result.lines[Int32(index), default: []].insert(location.line)
        result.diagnostics.append(
          Diagnostic(
            .error, location,
            "duplicate id \(table.ids[row]) (first at \(earlier.path):\(earlier.line)); this entry is skipped"))
      }
    }
    return result
  }

  /// The hashes that occur more than once across `lists`.
  ///
  /// The hashes are grouped by their top bits into buckets of a few thousand, so that each bucket's
  /// search runs in cache: two bit sets of about 8 bits per hash find the hashes that share a bit
  /// with another (a few percent); only those are sorted and compared. Each of `partitions` threads
  /// owns a contiguous range of buckets, which it groups and searches by itself.
  /// - Complexity: O(n) for n hashes (read once per partition), plus O(c log c) for the c that
  ///   share a bit.
  static func repeatedHashes(_ lists: [[UInt64]], partitions: Int = 2) -> Set<UInt64> {
    let total = lists.reduce(0) { $0 + $1.count }
    guard total > 1 else { return [] }
    let bucketBits = (0..<16).first { total >> $0 <= 4096 } ?? 16
    let buckets = 1 << bucketBits
    let partitions = total < 1 << 16 ? 1 : min(buckets, max(1, partitions))
    let slots = Slots<[UInt64]>(count: partitions)
    DispatchQueue.concurrentPerform(iterations: partitions) { part in
      let owned = (part * buckets / partitions)..<((part + 1) * buckets / partitions)
      let grouped = grouped(lists, buckets: owned, bucketBits: bucketBits)
      var found: [UInt64] = []
      for bucket in 0..<owned.count {
        found += repeatedHashes(grouped.hashes[grouped.starts[bucket]..<grouped.starts[bucket + 1]])
      }
      slots[part] = found
    }
    return Set(slots.takeValues().joined())
  }

  /// The hashes whose top `bucketBits` bits fall in `buckets`, grouped by those bits: the `b`th
  /// bucket of the range is `hashes[starts[b]..<starts[b + 1]]`.
  private static func grouped(_ lists: [[UInt64]], buckets: Range<Int>, bucketBits: Int) -> (
    hashes: [UInt64], starts: [Int]
  ) {
    let shift = UInt64(64 - bucketBits)
    let first = buckets.lowerBound
    let count = UInt(buckets.count)
    /// The bucket of `hash` in the range, as an index from 0 (out of range: `count` or more).
    func bucket(_ hash: UInt64) -> Int {
      Int(bitPattern: UInt(truncatingIfNeeded: Int(truncatingIfNeeded: hash >> shift) &- first))
    }
    var starts = [Int](repeating: 0, count: buckets.count + 1)
    starts.withUnsafeMutableBufferPointer { starts in
      for list in lists {
        list.withUnsafeBufferPointer { list in
          for hash in list where UInt(bitPattern: bucket(hash)) < count { starts[bucket(hash) &+ 1] &+= 1 }
        }
      }
      for index in 1..<starts.count { starts[index] &+= starts[index &- 1] }
    }
    var next = starts
    let hashes = [UInt64](unsafeUninitializedCapacity: starts[buckets.count]) { hashes, initialized in
      next.withUnsafeMutableBufferPointer { next in
        for list in lists {
          list.withUnsafeBufferPointer { list in
            for hash in list where UInt(bitPattern: bucket(hash)) < count {
              hashes[next[bucket(hash)]] = hash
              next[bucket(hash)] &+= 1
            }
          }
        }
      }
      initialized = hashes.count
    }
    return (hashes, starts)
  }

  /// The hashes repeated in `hashes`.
  private static func repeatedHashes(_ hashes: ArraySlice<UInt64>) -> [UInt64] {
    var bitCount = 64
    while bitCount < hashes.count * 8 { bitCount <<= 1 }
    let mask = UInt64(bitCount - 1)
    var seen = [UInt64](repeating: 0, count: bitCount / 64)
    var shared = seen
    for hash in hashes {
      let bit = hash & mask
      let (word, flag) = (Int(bit >> 6), UInt64(1) << (bit & 63))
      if seen[word] & flag != 0 { shared[word] |= flag } else { seen[word] |= flag }
    }
    var candidates = hashes.filter { shared[Int(($0 & mask) >> 6)] & (UInt64(1) << ($0 & 63)) != 0 }
    candidates.sort()
    var repeated: [UInt64] = []
    for index in candidates.indices.dropFirst()
    where candidates[index] == candidates[index - 1] && repeated.last != candidates[index] {
      repeated.append(candidates[index])
    }
    return repeated
  }
}
