import DemeterFoundation

/// The cohort form of a digest file's journal (`DigestFileForm.cohort`, manual: many-journals): each
/// day's cohort totals and the day files read, and of a split file each day's breakdown tallies and
/// the names of their values; no other names, detail or flagged lines.
extension DigestFileJournal {
  /// The journal `digests` holds (read with or without detail), in the cohort form, as the person
  /// `name` read from `folder`.
  /// - Complexity: O(d + f log f) for d dates and f files; no detail is read unless the digests
  ///   are split (`DigestRules.breakdown`).
  public init(
    cohortOf name: String, folder: String, digests: JournalDigests, weekStart: WeekStart,
    timeZone: TimeZoneRule, goals: Goals
  ) {
    self.init(
      members: [name], weekStart: weekStart, timeZone: timeZone, goals: goals, names: [], files: [], days: [],
      lines: [:], skippedLines: digests.skippedLines,
      unreadableFiles: digests.diagnostics.count(where: \.isUnreadableFile))
    guard digests.rules.breakdown == nil else {
      // The split rows name their values, so the names come along (no flagged line is read).
      let full = digests.withDetail
      adopt(
        names: full.names.strings, files: Self.storedFiles(full.files, name: name, folder: folder),
        days: full.dayDigests, lines: [:])
      self = cohortPart
      return
    }
    adopt(
      names: [], files: Self.storedFiles(digests.files, name: name, folder: folder).map(\.cohortPart),
      days: digests.days.map { DayDigest(totals: $0.cohortPart, detail: DigestDetail()) }, lines: [:])
  }

  /// This journal in the cohort form: the same journal, people, settings, problems and day files,
  /// each day's totals cut to what a cohort report reads, and its breakdown tallies kept with the
  /// names they use (in their order).
  /// - Complexity: O(d + f + n + t) for d dates, f files, n names and t breakdown tallies.
  public var cohortPart: DigestFileJournal {
    var used = [Bool](repeating: false, count: names.count)
    for day in days {
      for tally in day.detail.breakdown where tally.code >= 0 { used[Int(tally.code)] = true }
    }
    var mapping = [Int32](repeating: -1, count: names.count)
    var kept: [String] = []
    for (code, name) in names.enumerated() where used[code] {
      mapping[code] = Int32(kept.count)
      kept.append(name)
    }
    let cut = days.map { day in
      var detail = DigestDetail()
      detail.breakdown = day.detail.breakdown
      detail.recode(names: mapping)
      return DayDigest(totals: day.totals.cohortPart, detail: detail)
    }
    return DigestFileJournal(
      members: members, weekStart: weekStart, timeZone: timeZone, goals: goals, names: kept,
      files: files.map(\.cohortPart), days: cut, lines: [:], skippedLines: skippedLines,
      unreadableFiles: unreadableFiles)
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
