import DemeterFoundation

/// How readers read a journal that writers change (manual: writing): never half of a `JournalTransaction`.
///
/// `consistently(journal:_:)` lists and reads the day files while holding the shared
/// `JournalCommitLock`, which a writer holds exclusively only for the short window in which it
/// renames a transaction's staged files into place: a reader sees the files as they were before a
/// transaction or as they are after it, never some of each (an entry moved by `edit` is counted once,
/// an `add` batch is all there or not at all).
///
/// A transaction record found while holding that lock was left by a killed writer (a live one holds
/// the lock exclusively as long as its record exists). Before reading, the reader then takes the
/// `JournalLock`, which completes the record (waiting first for a live writer, which completes it
/// itself), and starts over. A reader that cannot (a read-only journal, a record that cannot be
/// read) reads the files as they are, with an error at the record that says so and what to do.
///
/// A journal without a `commit` file (no transaction ever committed there; readers never create it)
/// is read without the lock; if the file appeared meanwhile, the journal's first transaction may have
/// been committed during the read, and the reading runs again under the lock.
@usableFromInline package enum JournalReading {
  /// Runs `read` on a consistent journal; returns its result and problems met with the journal's
  /// transaction record.
  @inlinable package static func consistently<Result, Failure>(
    journal: String, _ read: () throws(Failure) -> Result
  ) throws(Failure) -> (Result, [Diagnostic]) {
    var problems: [Diagnostic] = []
    // Each turn either reads, or completes a record (which needs the writers' lock) and tries again.
    for _ in 0..<3 {
      let window = JournalCommitLock.shared(journal: journal)
      if problems.isEmpty, TransactionLog.isPending(journal: journal) {
        window?.release()
        if let problem = completePending(journal: journal) { problems.append(problem) }
        continue
      }
      let result = try read()
      if window == nil, JournalCommitLock.exists(journal: journal) { continue }
      return (result, problems)
    }
    let window = JournalCommitLock.shared(journal: journal)
    defer { window?.release() }
    return (try read(), problems)
  }

  /// Completes the record a killed writer left, by taking the writers' lock; the problem when that
  /// cannot be done.
  @usableFromInline static func completePending(journal: String) -> Diagnostic? {
    do throws(ModelError) {
      try JournalLock(journal: journal).release()
      return nil
    } catch {
      return Diagnostic(
        .error, SourceLocation(path: TransactionLog.path(journal: journal), line: 1, column: 1),
        "a change to several day files was interrupted and could not be completed here (\(error.message)); "
          + "the files are read as they are, so entries it moved may be counted twice or missed, until a "
          + "command that may write to the journal (e.g. 'demeter-report fmt --check') completes it")
    }
  }
}
