import DemeterFoundation
import DemeterJournal
import Synchronization

/// The id hashes of a journal's files, grouped by bucket as the files are read (from any thread) for
/// the journal-wide duplicate check (`DuplicateIDs.repeatedHashes`), so that no file keeps its list.
package final class IDHashGroups: Sendable {
  private let buckets: Mutex<HashBuckets>

  /// The most hashes the groups are sized for at first; more go to their spill list.
  static let sizedFor = 1 << 22

  /// Groups sized for the entries the bytes of `files` make at a typical line's length (a file
  /// over the day-file limit is not read; nor are more than `sizedFor` hashes reserved).
  package init(for files: [DayFile]) {
    let bytes = files.reduce(0) { $0 + min($1.contents?.count ?? $1.status?.size ?? 0, FileSizeLimit.dayFile.bytes) }
    let expected = min(bytes / DayFileParser.typicalLineBytes, Self.sizedFor)
    buckets = Mutex(HashBuckets(bucketBits: DuplicateIDs.bucketBits(forHashes: expected), expected: expected))
  }

  package func add(_ hashes: [UInt64]) {
    buckets.withLock { $0.add(hashes) }
  }

  /// The hashes added more than once, searched on `threads` threads; the groups are let go of.
  package func repeatedHashes(threads: Int) -> Set<UInt64> {
    let grouped = Slots<HashBuckets>(count: 1)
    grouped[0] = buckets.withLock { buckets in
      var taken = HashBuckets(bucketBits: 0, expected: 0)
      swap(&taken, &buckets)
      taken.finish()
      return taken
    }
    return DuplicateIDs.repeatedHashes(grouped, groups: 1, partitions: threads)
  }
}
