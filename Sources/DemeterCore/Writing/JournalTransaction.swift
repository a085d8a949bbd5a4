import DemeterFoundation
import DemeterJournal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A change to files of a journal that lands whole or not at all (manual: writing): every write that touches
/// more than one day file (`add` batches, `edit` moves, `rm` of several ids, `fmt`, imports) goes
/// through one, and so do single-file writes.
///
/// The caller holds the `JournalLock`. `replace` stages a file's new bytes at once (a temporary file
/// beside it, `AtomicFileWriter.stage`, flushed to disk), so a large change is never held in memory
/// whole and the slow part runs while readers still read. `commit` then, under the exclusive
/// `JournalCommitLock`, writes the `TransactionLog` durably, renames every staged file into place and
/// removes the record: a writer killed at any moment (SIGKILL included) leaves either no record (the
/// old files, plus staged files the next write of those files removes) or a whole record, which the
/// next writer or reader completes before doing anything else. A single file needs no record: its
/// rename is atomic already. A transaction freed without a commit removes its staged files.
public final class JournalTransaction {
  public let journal: String
  private var renames: [TransactionLog.Rename] = []
  private var finished = false

  public init(journal: String) {
    self.journal = journal
  }

  /// The files staged so far, in staging order.
  public var paths: [String] { renames.map(\.final) }

  /// Stages `bytes` as the new contents of the file at `path` (created, with its folders, when
  /// missing); staging a path again replaces what was staged for it. Never through a folder linked
  /// out of the journal (`JournalBounds`).
  /// - Throws: `persistenceError` when the path is outside the journal or the staged file cannot be
  ///   written.
  public func replace(_ path: String, with bytes: [UInt8]) throws(ModelError) {
    precondition(!finished, "a committed transaction cannot change")
    try JournalBounds.check(path, journal: journal)
    if let earlier = renames.firstIndex(where: { $0.final == path }) {
      _ = unlink(renames[earlier].staged)
      renames.remove(at: earlier)
    }
    let staged: String
    do throws(OutputError) {
      staged = try AtomicFileWriter.stage(bytes, for: path)
    } catch {
      throw .persistenceError(error.message)
    }
    renames.append(
      TransactionLog.Rename(staged: staged, final: path, size: bytes.count, hash: ContentHash.hash(bytes)))
  }

  /// Puts every staged file in place, all at once for readers and for a crash.
  /// - Throws: `persistenceError` when a step fails: before the record is written nothing changed
  ///   (the staged files are removed); after, the record stays and the next command completes it.
  public func commit() throws(ModelError) {
    precondition(!finished, "a transaction commits once")
    defer { finished = true }
    guard renames.count > 1 else {
      if let only = renames.first, rename(only.staged, only.final) != 0 {
        let reason = errnoText()
        _ = unlink(only.staged)
        throw .persistenceError("cannot write \(AtomicFileWriter.quoted(only.final)): \(reason)")
      }
      if let only = renames.first, let folder = try? AtomicFileWriter.split(only.final).folder {
        AtomicFileWriter.syncFolder(folder)
      }
      return
    }
    let log = TransactionLog(renames: renames)
    let window: JournalCommitLock
    do throws(ModelError) {
      window = try JournalCommitLock.exclusive(journal: journal)
      try log.write(journal: journal)
    } catch {
      // No record: nothing changed. (A record in place despite the error finds its staged files
      // gone and no rename done: the next command rolls it back.)
      abandon()
      throw error
    }
    defer { window.release() }
    try log.apply(journal: journal)
  }

  /// Removes the staged files of a transaction that will not be committed.
  private func abandon() {
    for rename in renames { _ = unlink(rename.staged) }
    renames.removeAll()
  }

  deinit {
    if !finished { abandon() }
  }
}
