import DemeterFoundation
import DemeterJournal
import Dispatch

/// The journal-wide duplicate-id rule (manual: journal) over file digests: an entry whose id (as a UUID
/// value) appeared on an earlier line, in path and line order, is skipped with an error.
///
/// Files keep only a 64-bit hash of each id, so the check first finds hashes that occur twice, then
/// reads just the files holding them again to compare the ids themselves.
package struct DuplicateIDs: Sendable {
  /// Lines to skip, by file index.
  package var lines: [Int32: Set<Int>] = [:]
  /// One error per skipped line.
  package var diagnostics: [Diagnostic] = []

  /// - Complexity: O(n) in the number of entries, plus re-reading the files with a repeated hash.
  package static func find(in digests: [FileDigest], files: [DayFile], options: JournalLoadOptions) -> DuplicateIDs {
    let repeated = repeatedHashes(digests.map(\.idHashes), partitions: options.threads)
    guard !repeated.isEmpty else { return DuplicateIDs() }
    let parser = DayFileParser(options: options)
    var result = DuplicateIDs()
    var first: [UInt128: SourceLocation] = [:]
    for (index, digest) in digests.enumerated() where digest.idHashes.contains(where: repeated.contains) {
      var ids = RepeatedIDLines(repeated: repeated)
      parser.parse(files[index], into: &ids)
      for found in ids.found {
        let location = SourceLocation(path: files[index].path, line: found.line, column: 1)
        guard let earlier = first[found.value] else {
          first[found.value] = location
          continue
        }
        result.lines[Int32(index), default: []].insert(location.line)
        result.diagnostics.append(
          Diagnostic(
            .error, location,
            "duplicate id \(found.id) (first at \(earlier.path):\(earlier.line)); this entry is skipped"))
      }
    }
    return result
  }

  /// The hashes that occur more than once across `lists`.
  ///
  /// Each of `partitions` threads groups its share of the lists by the hashes' top bits into
  /// buckets of a few thousand (`HashBuckets`, one pass over each hash); then each thread takes a
  /// contiguous range of buckets and searches each bucket, gathered from every thread's groups, in
  /// cache: two bit sets of 16 to 32 bits per hash find the hashes that share a bit with another (a
  /// few percent); only those are sorted and compared.
  /// - Complexity: O(n) for n hashes, plus O(c log c) for the c that share a bit.
  package static func repeatedHashes(_ lists: [[UInt64]], partitions: Int) -> Set<UInt64> {
    let total = lists.reduce(0) { $0 + $1.count }
    guard total > 1 else { return [] }
    let bucketBits = bucketBits(forHashes: total)
    let partitions = total < 1 << 16 ? 1 : min(1 << bucketBits, max(1, partitions))
    let shares = shareStarts(lists, parts: partitions, total: total)
    let grouped = Slots<HashBuckets>(count: partitions)
    DispatchQueue.concurrentPerform(iterations: partitions) { part in
      var buckets = HashBuckets(bucketBits: bucketBits, expected: total / partitions)
      for list in lists[shares[part]..<shares[part + 1]] { buckets.add(list) }
      buckets.finish()
      grouped[part] = buckets
    }
    return repeatedHashes(grouped, groups: partitions, partitions: partitions)
  }

  /// The bucket bits of `HashBuckets` for about `total` hashes: a few thousand hashes a bucket.
  package static func bucketBits(forHashes total: Int) -> Int {
    (0..<16).first { total >> $0 <= 4096 } ?? 16
  }

  /// The hashes that occur more than once across the `groups` buckets of `grouped` (filled and
  /// finished, of one bucket count), each of `partitions` threads searching a contiguous range
  /// of buckets; the groups are let go of.
  package static func repeatedHashes(_ grouped: Slots<HashBuckets>, groups: Int, partitions: Int) -> Set<UInt64> {
    let bucketCount = grouped[0]!.count
    let partitions = min(bucketCount, max(1, partitions))
    let found = Slots<[UInt64]>(count: partitions)
    DispatchQueue.concurrentPerform(iterations: partitions) { part in
      let all = (0..<groups).map { grouped[$0]! }
      var search = RepeatSearch()
      for bucket in (part * bucketCount / partitions)..<((part + 1) * bucketCount / partitions) {
        search.gathered.removeAll(keepingCapacity: true)
        for group in all {
          group.forEachPart(of: bucket) { search.gathered.append(contentsOf: $0) }
        }
        search.findRepeats()
      }
      found[part] = search.repeated
    }
    // The groups (tens of megabytes) are let go of on the worker threads side by side, not all on this one.
    DispatchQueue.concurrentPerform(iterations: groups) { grouped[$0] = nil }
    return Set(found.takeValues().joined())
  }

  /// Where each of `parts` shares of `lists` starts (and, last, `lists.count`), so that each share
  /// holds about as many hashes.
  private static func shareStarts(_ lists: [[UInt64]], parts: Int, total: Int) -> [Int] {
    var starts = [0]
    var counted = 0
    for (index, list) in lists.enumerated() {
      while starts.count < parts, counted >= starts.count * total / parts { starts.append(index) }
      counted += list.count
    }
    while starts.count <= parts { starts.append(lists.count) }
    return starts
  }
}

/// The search for repeated hashes among the hashes of one bucket, its buffers kept from bucket to
/// bucket.
private struct RepeatSearch {
  /// The bucket's hashes.
  package var gathered: [UInt64] = []
  /// The repeated hashes found so far.
  package var repeated: [UInt64] = []
  private var seen: [UInt64] = []
  private var shared: [UInt64] = []
  private var candidates: [UInt64] = []

  /// Adds the hashes repeated in `gathered` to `repeated`.
  mutating func findRepeats() {
    var bitCount = 64
    while bitCount < gathered.count * 16 { bitCount <<= 1 }
    let words = bitCount / 64
    let mask = UInt64(bitCount - 1)
    if seen.count < words {
      seen = [UInt64](repeating: 0, count: words)
      shared = seen
    } else {
      seen.withUnsafeMutableBufferPointer { $0[0..<words].update(repeating: 0) }
      shared.withUnsafeMutableBufferPointer { $0[0..<words].update(repeating: 0) }
    }
    candidates.removeAll(keepingCapacity: true)
    gathered.withUnsafeBufferPointer { hashes in
      seen.withUnsafeMutableBufferPointer { seen in
        shared.withUnsafeMutableBufferPointer { shared in
          for hash in hashes {
            let bit = hash & mask
            let (word, flag) = (Int(truncatingIfNeeded: bit &>> 6), UInt64(1) &<< (bit & 63))
            if seen[word] & flag != 0 { shared[word] |= flag } else { seen[word] |= flag }
          }
          for hash in hashes {
            let bit = hash & mask
            guard shared[Int(truncatingIfNeeded: bit &>> 6)] & (1 &<< (bit & 63)) != 0 else { continue }
            candidates.append(hash)
          }
        }
      }
    }
    guard candidates.count > 1 else { return }
    candidates.sort()
    for index in candidates.indices.dropFirst()
    where candidates[index] == candidates[index - 1] && repeated.last != candidates[index] {
      repeated.append(candidates[index])
    }
  }
}

/// The entries of a day file whose id hash is among `repeated`: each id's value, its text as written
/// and its line, in line order.
private struct RepeatedIDLines: EntrySink {
  package var diagnostics: [Diagnostic] = []
  package var skippedLines = 0
  package let repeated: Set<UInt64>
  package var found: [(value: UInt128, id: String, line: Int)] = []

  package static var keepsRawDescription: Bool { false }

  package init(repeated: Set<UInt64>) {
    self.repeated = repeated
  }

  package mutating func beginFile(_ path: String, byteCount: Int) {}

  package mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    guard repeated.contains(DuplicateIDFinder.mixed(entry.idValue)) else { return }
    let id = String(decoding: (entry.id.inLine ? line : decoded)[entry.id.range], as: UTF8.self)
    found.append((entry.idValue, id, entry.line))
  }
}
