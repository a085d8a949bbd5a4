/// Whether loading a journal folder keeps each day file's parse result for the next run, so a run over
/// years of journal reads only the files that changed (see `JournalCache`).
public enum JournalCacheMode: Sendable, Hashable {
  /// Parse every day file (the library's default).
  case off
  /// Reuse and keep parse results in `<journal>/.demeter/cache/`. `toolVersion` names the program
  /// reading the journal; it is part of every entry's key, so results of another version are never
  /// used.
  case journalFolder(toolVersion: String)
}
