import DemeterFoundation

/// What the day-file parser hands each entry it accepts to, with the problems it meets: a file's
/// day digests, an export's entries, the ids of a file, … Both of its paths, the fast scanner and
/// the strict decoder, hand on the same entry value.
package protocol EntrySink {
  var diagnostics: [Diagnostic] { get set }
  /// Non-blank lines not counted because they have errors.
  var skippedLines: Int { get set }
  /// Whether the sink keeps entries' raw descriptions (else the fast path only checks them, and a
  /// scanned entry's `rawDescription` is empty).
  static var keepsRawDescription: Bool { get }
  /// Whether the sink keeps entries' tags and notes and the keys their lines have (else a scanned
  /// entry's `tags`, `note`, `keys` and `keysInCanonicalOrder` are not set).
  static var keepsTagsAndNote: Bool { get }

  /// Called before the entries of the file at `path`, `byteCount` bytes long.
  mutating func beginFile(_ path: String, byteCount: Int)
  /// An entry read from `line` (its bytes without the line end) by either path; its strings are
  /// spans of `line` or of `decoded`. `offset` is the line's byte offset in its file. (The entry is
  /// passed in place, not copied; a sink reads it and leaves it as it is.)
  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int)
}

extension EntrySink {
  package static var keepsTagsAndNote: Bool { false }
}
