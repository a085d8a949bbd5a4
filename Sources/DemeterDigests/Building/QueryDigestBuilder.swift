import DemeterFoundation
import DemeterJournal

/// Digests the entries of one day file that a query matches (`DigestRules.query`, manual: queries;
/// every entry without one) as `FileDigestBuilder` digests them all: every other entry counts only
/// for the journal-wide id check, so a query never changes which lines are skipped. The scanner hands
/// it the raw descriptions, tags and notes that a plain scan skips only when `Texts` says so.
package struct QueryDigestBuilder<Texts: QueryTexts>: EntrySink {
  package static var keepsRawDescription: Bool { Texts.keepsSkippedTexts }
  package static var keepsTagsAndNote: Bool { Texts.keepsSkippedTexts }
  private var builder: FileDigestBuilder
  private let query: Query?
  private var memo = PatternMemo()

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
    if query?.matches(&entry, line: line, decoded: decoded, memo: &memo) ?? true {
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

/// Whether a query's scan keeps the texts a plain scan skips (raw descriptions, tags and notes).
package protocol QueryTexts: SendableMetatype {
  static var keepsSkippedTexts: Bool { get }
}

/// For a query that reads raw descriptions, tags or notes (`Query.readsSkippedTexts`), or a split by tag.
package enum SkippedTextsKept: QueryTexts {
  package static var keepsSkippedTexts: Bool { true }
}

/// For any other query.
package enum SkippedTextsSkipped: QueryTexts {
  package static var keepsSkippedTexts: Bool { false }
}
