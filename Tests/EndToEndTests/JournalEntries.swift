import DemeterCore

/// A journal's entries as reports read them: its day digests' entries, a date at a time in list
/// order, with the problems met reading it.
enum JournalEntries {
  static func read(_ journal: String, options: JournalLoadOptions) -> (
    entries: [ExportedEntry], diagnostics: [Diagnostic]
  ) {
    let digests = DigestLoader.load(journal: journal, options: options)
    var entries: [ExportedEntry] = []
    if let span = digests.span {
      digests.forEachDate(ofExportedEntriesIn: span) { entries += $0 }
    }
    return (entries, digests.diagnostics)
  }
}
