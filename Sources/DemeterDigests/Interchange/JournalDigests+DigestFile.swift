import DemeterFoundation
import DemeterJournal

extension JournalDigests {
  /// The digests `journal` of a digest file holds, as a report whose flagged lists show `limit`
  /// entries (0: all) reads them: totals and detail at hand, flagged entries read back from the
  /// lines the file keeps. There are no day files to read rows from: a report that lists entries
  /// needs the journal.
  public init(_ journal: DigestFileJournal, settings: DigestFileSettings, limit: Int) {
    self.init(
      rules: settings.rules(limit: limit), loadOptions: JournalLoadOptions(timeZone: journal.timeZone))
    for name in journal.names { _ = names.code(for: name) }
    // No day file is read: the paths name files of another machine, so each is empty here, and a
    // flagged entry whose line the digest file lacks is left out.
    files = journal.files.map {
      DayFile(path: $0.path, date: $0.day.map { CivilDate(dayNumber: Int($0)) }, contents: [])
    }
    fileDays = FileDays(journal.files.map { _ in [Int32]() })
    days = journal.days.map(\.totals)
    details = StoredDetails(
      details: journal.days.map { day in
        var detail = day.detail
        detail.needsReview = FlaggedCandidates.cut(detail.needsReview, limit: limit)
        detail.energyInconsistent = FlaggedCandidates.cut(detail.energyInconsistent, limit: limit)
        return detail
      }, lines: journal.lines)
    skippedLines = journal.skippedLines
  }
}

/// The detail of a digest file's journal, in memory with the lines of its flagged entries.
package struct StoredDetails: DigestDetailSource {
  package let details: [DigestDetail]
  package let lines: [FlaggedLine: [UInt8]]

  package func detail(ofDayAt index: Int) -> DigestDetail { details[index] }

  package func detail(ofMonth month: MonthKey) -> DigestDetail? { nil }

  package func lines(ofMonth month: MonthKey, wanted: (FlaggedLine) -> Bool) -> [FlaggedLine: [UInt8]] {
    lines.filter { wanted($0.key) }
  }
}
