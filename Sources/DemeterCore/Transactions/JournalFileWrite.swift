#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing and removing one whole file of a journal (a recipe, a meal plan) under the journal lock:
/// a written file goes through `AtomicFileWriter` (temporary file, flush, rename), so a reader never
/// sees half of it and concurrent writers never lose one (manual: writing).
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
  /// - Throws: `ModelError.persistenceError` when the lock cannot be taken or the file not written.
  public static func save(
    _ bytes: [UInt8], to target: String, limit: FileSizeLimit, journal: String, waiting: JournalLock.Waiting,
    replacing: Bool
  ) throws(ModelError) -> Outcome {
    try JournalLock.withLock(journal: journal, waiting: waiting) { () throws(ModelError) in
      let exists = FileBytes.exists(target)
      if exists, !replacing { return .alreadyExists }
      if exists, (try? FileBytes.read(target, limit: limit)) == bytes { return .unchanged }
      do throws(OutputError) {
        try AtomicFileWriter.write(bytes, to: target)
      } catch {
        throw .persistenceError(error.description)
      }
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
    try JournalLock.withLock(journal: journal, waiting: waiting) { () throws(ModelError) in
      guard FileBytes.exists(target) else { return false }
      guard unlink(target) == 0 else {
        throw .persistenceError("cannot remove \(AtomicFileWriter.quoted(target)): \(errnoText())")
      }
      return true
    }
  }
}
