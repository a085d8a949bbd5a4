/// What a cache entry was made from: a day file, named by its path inside the journal, as it was when
/// it was read (size, modification time, a hash of its bytes), and when that was.
struct DayFileCacheKey: Sendable, Hashable {
  /// The path inside the journal, e.g. `2026/2026-11-21.jsonl` (the journal may be named differently
  /// on the next run: `--journal j` or `--journal ./j/`).
  var relativePath: String
  var size: Int
  /// The file's modification time, in nanoseconds since 1970.
  var modified: Int64
  /// `ContentHash` of the bytes that were parsed.
  var contentHash: UInt64
  /// When the file was read (just before), in nanoseconds since 1970.
  var readAt: Int64

  /// How close to its reading a modification time must be for it to prove nothing (git's "racy
  /// clean" rule): a file changed again within the file system's timestamp granularity just after
  /// it was read keeps the same modification time, so only a file already unchanged this long
  /// before it was read can be trusted on size and time alone. Two seconds covers coarse file
  /// systems (FAT's two-second times, one-second ext3 or HFS+ times).
  static let racyWindow: Int64 = 2_000_000_000

  /// Whether size and time alone cannot tell if the file changed after it was read (its modification
  /// time is within `racyWindow` of the reading, or after it: a clock skew).
  var isRacy: Bool { Self.isRacy(modified: modified, at: readAt) }

  /// Whether a file last modified at `modified` is racy when looked at `time` (nanoseconds).
  static func isRacy(modified: Int64, at time: Int64) -> Bool { time &- modified < racyWindow }

  /// Whether a file with `status` can be taken as unchanged without reading it: same size and
  /// modification time, and an entry that is not racy.
  func provesUnchanged(_ status: FileStatus) -> Bool {
    status.size == size && status.modified == modified && !isRacy
  }
}
