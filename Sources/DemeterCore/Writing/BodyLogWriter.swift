import DemeterFoundation
import DemeterJournal

/// Appends measurements to a journal's body log, `body.jsonl` (manual: body-log, writing): under the
/// journal lock, through a `JournalTransaction` (the whole file staged beside it, flushed, renamed
/// into place), every line already there left byte-identical.
public struct BodyLogWriter: Sendable {
  public let journal: String
  public let lockWaiting: JournalLock.Waiting

  public init(journal: String, lockWaiting: JournalLock.Waiting) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  /// The body log's path.
  public var path: String { JournalLayout(journal: journal).bodyLog }

  /// Appends `measurement` as one canonical line (after a newline, when the last line lacks one).
  /// - Throws: `persistenceError` when the log cannot be read or written.
  public func append(_ measurement: BodyMeasurement) throws(ModelError) {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      var bytes: [UInt8] = []
      if FileBytes.exists(path) {
        do throws(FileBytes.ReadError) {
          bytes = try FileBytes.read(path, limit: .bodyLog)
        } catch {
          throw .persistenceError("cannot read \(AtomicFileWriter.quoted(path)): \(error.message)")
        }
      }
      if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
      bytes += Array((measurement.canonicalLine + "\n").utf8)
      let transaction = JournalTransaction(journal: journal)
      try transaction.replace(path, with: bytes)
      try transaction.commit()
    }
  }
}
