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

  /// Whether size and time alone cannot tell if the file changed after it was read
  /// (`FileStatus.isRacy`).
  var isRacy: Bool { FileStatus.isRacy(modified: modified, at: readAt) }

  /// Whether a file with `status` can be taken as unchanged without reading it: same size and
  /// modification time, and an entry that is not racy.
  func provesUnchanged(_ status: FileStatus) -> Bool {
    Self.provesUnchanged(status, size: size, modified: modified, readAt: readAt)
  }

  /// `provesUnchanged(_:)` for a key's fields, for a reader that does not build the key.
  static func provesUnchanged(_ status: FileStatus, size: Int, modified: Int64, readAt: Int64) -> Bool {
    status.size == size && status.modified == modified && !FileStatus.isRacy(modified: modified, at: readAt)
  }
}
