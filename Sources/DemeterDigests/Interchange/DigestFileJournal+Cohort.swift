import DemeterFoundation

/// The cohort form of a digest file's journal (`DigestFileForm.cohort`, manual: many-journals): each
/// day's cohort totals and the day files read; no names, detail or flagged lines.
extension DigestFileJournal {
  /// The journal `digests` holds (read with or without detail), in the cohort form, as the person
  /// `name` read from `folder`.
  /// - Complexity: O(d + f log f) for d dates and f files; no detail is read.
  public init(
    cohortOf name: String, folder: String, digests: JournalDigests, weekStart: WeekStart,
    timeZone: TimeZoneRule, goals: Goals
  ) {
    self.init(
      members: [name], weekStart: weekStart, timeZone: timeZone, goals: goals, names: [], files: [], days: [],
      lines: [:], skippedLines: digests.skippedLines,
      unreadableFiles: digests.diagnostics.count(where: \.isUnreadableFile))
    adopt(
      names: [], files: Self.storedFiles(digests.files, name: name, folder: folder).map(\.cohortPart),
      days: digests.days.map { DayDigest(totals: $0.cohortPart, detail: DigestDetail()) }, lines: [:])
  }

  /// This journal in the cohort form: the same journal, people, settings, problems and day files,
  /// each day's totals cut to what a cohort report reads.
  /// - Complexity: O(d + f) for d dates and f files.
  public var cohortPart: DigestFileJournal {
    DigestFileJournal(
      members: members, weekStart: weekStart, timeZone: timeZone, goals: goals, names: [],
      files: files.map(\.cohortPart), days: days.map { DayDigest(totals: $0.totals.cohortPart, detail: DigestDetail()) },
      lines: [:], skippedLines: skippedLines, unreadableFiles: unreadableFiles)
  }
}

extension DigestFileJournal.StoredDayFile {
  /// The file as the cohort form names it: by its path alone.
  var cohortPart: Self { Self(path: path, day: nil) }
}

extension DigestTotals {
  /// What a cohort report reads of a day (`CohortTally`): its date, entries, entries needing review
  /// and the sums of the goal nutrients; every other count and sum left at its start.
  public var cohortPart: DigestTotals {
    var part = DigestTotals(day: day)
    part.entries = entries
    part.needsReview = needsReview
    for nutrient in GoalNutrient.allCases {
      part.sums[nutrient.nutrient.ordinal] = sums[nutrient.nutrient.ordinal]
    }
    return part
  }
}
