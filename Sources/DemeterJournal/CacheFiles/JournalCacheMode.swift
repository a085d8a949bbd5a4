/// Whether loading a journal folder keeps its day digests for the next run, so a run over years of
/// journal reads only the files that changed (see `DigestCache`).
public enum JournalCacheMode: Sendable, Hashable {
  /// Read every day file (the library's default).
  case off
  /// Reuse and keep digests in `<journal>/.demeter/cache/`. `toolVersion` names the program reading
  /// the journal; it is part of the index's fingerprint, so digests of another version are never
  /// used.
  case journalFolder(toolVersion: String)
}
