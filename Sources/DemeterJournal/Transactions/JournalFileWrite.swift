import DemeterFoundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing and removing one whole file of a journal (a recipe, a meal plan) under the journal lock:
/// a written file goes through `AtomicFileWriter` (temporary file, flush, rename), so a reader never
/// sees half of it and concurrent writers never lose one, and never through a folder linked out of
/// the journal (`JournalBounds`, the rule day files follow) (manual: writing, reliability).
public enum JournalFileWrite {
  /// What `save` did.
  public enum Outcome: Sendable, Hashable {
    /// A new file.
    case added
    /// An existing file rewritten.
    case replaced
    /// The file already held these bytes; nothing was written.
    case unchanged
    /// The file exists and replacing was not asked for; nothing was written.
    case alreadyExists
  }

  /// Writes `bytes` to `target` under the lock of `journal`, creating its folder if needed; an
  /// existing file is replaced only when `replacing` (and is left alone when it holds these bytes).
  /// `conflicts`, run under the lock before anything is written, throws when the file must not be
  /// written beside the journal's other files.
  /// - Throws: `ModelError.validationError` when `conflicts` refuses the file or it is over `limit`;
  ///   `ModelError.persistenceError` when the lock cannot be taken or the file not written.
  public static func save(
    _ bytes: [UInt8], to target: String, limit: FileSizeLimit, journal: String, waiting: JournalLock.Waiting,
    replacing: Bool, conflicts: () throws(ModelError) -> Void = {}
  ) throws(ModelError) -> Outcome {
    try withLock(on: target, journal: journal, waiting: waiting, refusal: "not written") {
      () throws(ModelError) in
      let exists = FileBytes.exists(target)
      if exists, !replacing { return .alreadyExists }
      try conflicts()
      if exists, (try? FileBytes.read(target, limit: limit)) == bytes { return .unchanged }
      try write(bytes, to: target, limit: limit)
      return exists ? .replaced : .added
    }
  }

  /// Removes `target` under the lock of `journal`.
  /// - Returns: whether there was one.
  /// - Throws: `ModelError.persistenceError` when the lock cannot be taken or the file not removed.
  public static func remove(_ target: String, journal: String, waiting: JournalLock.Waiting)
    throws(ModelError)
    -> Bool
  {
    try withLock(on: target, journal: journal, waiting: waiting, refusal: "not removed") {
      () throws(ModelError) in
      guard FileBytes.exists(target) else { return false }
      guard unlink(target) == 0 else {
        throw .persistenceError("cannot remove \(AtomicFileWriter.quoted(target)): \(errnoText())")
      }
      return true
    }
  }

  /// Runs `body` under the lock of `journal` once `target` is known to stay inside it (else throws
  /// the `JournalBounds` error ending in `refusal`), before anything is read or written there.
  package static func withLock<Value>(
    on target: String, journal: String, waiting: JournalLock.Waiting, refusal: String,
    _ body: () throws(ModelError) -> Value
  ) throws(ModelError) -> Value {
    try JournalLock.withLock(journal: journal, waiting: waiting) { () throws(ModelError) in
      try JournalBounds.check(target, journal: journal, refusal: refusal)
      return try body()
    }
  }

  /// Writes `bytes` to `target` atomically, for a caller inside `withLock(on:…)`; never bytes over
  /// `limit`, which the file's reader would refuse.
  package static func write(_ bytes: [UInt8], to target: String, limit: FileSizeLimit) throws(ModelError) {
    try limit.requireWritable(bytes, to: target)
    do throws(OutputError) {
      try AtomicFileWriter.write(bytes, to: target)
    } catch {
      throw .persistenceError(error.description)
    }
  }
}
