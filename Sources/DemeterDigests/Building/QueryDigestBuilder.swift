import DemeterFoundation
import DemeterJournal

/// Digests the entries of one day file that a query matches (`DigestRules.query`, manual: queries;
/// every entry without one) as `FileDigestBuilder` digests them all: every other entry counts only
/// for the journal-wide id check, so a query never changes which lines are skipped. The scanner hands
/// it what a query or a split by tag may read (raw descriptions, tags and notes).
package struct QueryDigestBuilder: EntrySink {
  package static var keepsRawDescription: Bool { true }
  package static var keepsTagsAndNote: Bool { true }
  private var builder: FileDigestBuilder
  private let query: Query?

  /// `builder`, handed only the entries `query` matches (every entry when nil).
  package init(_ builder: FileDigestBuilder, query: Query?) {
    self.builder = builder
    self.query = query
  }

  package var diagnostics: [Diagnostic] {
    get { builder.diagnostics }
    set { builder.diagnostics = newValue }
  }

  package var skippedLines: Int {
    get { builder.skippedLines }
    set { builder.skippedLines = newValue }
  }

  package mutating func beginFile(_ path: String, byteCount: Int) {
    builder.beginFile(path, byteCount: byteCount)
  }

  package mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    if query?.matches(ScannedQuerySubject(entry, line: line, decoded: decoded)) ?? true {
      builder.add(&entry, line: line, decoded: decoded, offset: offset)
    } else {
      builder.leaveOut(entry)
    }
  }

  /// `FileDigestBuilder.finish`.
  package consuming func finish() -> (digest: FileDigest, coder: NameCoder) {
    builder.finish()
  }
}
