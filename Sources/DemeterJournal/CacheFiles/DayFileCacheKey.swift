import DemeterFoundation

/// What a cache entry was made from: a day file, named by its path inside the journal, as it was when
/// it was read (size, modification time, a hash of its bytes), and when that was.
package struct DayFileCacheKey: Sendable, Hashable {
  /// The path inside the journal, e.g. `2026/2026-11-21.jsonl` (the journal may be named differently
  /// on the next run: `--journal j` or `--journal ./j/`).
  package var relativePath: String
  package var size: Int
  /// The file's modification time, in nanoseconds since 1970.
  package var modified: Int64
  /// `ContentHash` of the bytes that were parsed.
  package var contentHash: UInt64
  /// When the file was read (just before), in nanoseconds since 1970.
  package var readAt: Int64

  package init(relativePath: String, size: Int, modified: Int64, contentHash: UInt64, readAt: Int64) {
    (self.relativePath, self.size, self.modified) = (relativePath, size, modified)
    (self.contentHash, self.readAt) = (contentHash, readAt)
  }

  /// Whether size and time alone cannot tell if the file changed after it was read
  /// (`FileStatus.isRacy`).
  package var isRacy: Bool { FileStatus.isRacy(modified: modified, at: readAt) }

  /// Whether a file with `status` can be taken as unchanged without reading it: same size and
  /// modification time, and an entry that is not racy.
  package func provesUnchanged(_ status: FileStatus) -> Bool {
    Self.provesUnchanged(status, size: size, modified: modified, readAt: readAt)
  }

  /// `provesUnchanged(_:)` for a key's fields, for a reader that does not build the key.
  package static func provesUnchanged(_ status: FileStatus, size: Int, modified: Int64, readAt: Int64) -> Bool {
    status.size == size && status.modified == modified && !FileStatus.isRacy(modified: modified, at: readAt)
  }
}
