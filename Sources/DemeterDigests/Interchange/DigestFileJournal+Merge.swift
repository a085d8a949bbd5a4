extension DigestFileJournal {
  /// Why two journals cannot be one, said as a clause: a setting they disagree on (with both values),
  /// or a day file both hold.
  package struct Conflict: Error {
    package let reason: String
  }

  /// Adds `other`'s days (digests of the same date merged exactly), names, files and flagged lines.
  /// The result does not depend on the order or grouping of additions.
  /// - Parameter dropsDifferingGoals: whether goals that differ leave the sum without goals (a sum of
  ///   several people's journals) rather than being a conflict (parts of one person's journal).
  /// - Throws: a conflict when the week starts or time zones differ, when goals differ and are not
  ///   dropped, when a day file is in both (it would be counted twice), or when a count would be
  ///   out of range: problems past `Int.max`, entries past `DigestFile.mostEntries`.
  /// - Complexity: O(n log n) in the names and files, plus the digests' lists.
  package mutating func add(_ other: DigestFileJournal, dropsDifferingGoals: Bool) throws(Conflict) {
    let problems = try problemCounts.adding(other.problemCounts)
    try checkEntries(adding: other)
    if weekStart != other.weekStart {
      throw Conflict(
        reason: "their weeks start on different days (\(weekStart.rawValue) and \(other.weekStart.rawValue))")
    }
    if timeZone != other.timeZone {
      throw Conflict(
        reason: "their days were counted in different time zones (\(timeZone) and \(other.timeZone))")
    }
    if goals != other.goals {
      guard dropsDifferingGoals else {
        throw Conflict(
          reason: "their goals differ (\(Self.text(of: goals)) and \(Self.text(of: other.goals)))")
      }
      goals = Goals()
    }
    let ownPaths = Set(files.map(\.path))
    if let shared = other.files.first(where: { ownPaths.contains($0.path) }) {
      throw Conflict(reason: "day file '\(shared.path)' is in both (it would be counted twice)")
    }
    var allNames = names
    var nameCodes: [String: Int32] = [:]
    for (code, name) in names.enumerated() { nameCodes[name] = Int32(code) }
    let nameMapping = other.names.map { name in
      if let code = nameCodes[name] { return code }
      allNames.append(name)
      nameCodes[name] = Int32(allNames.count - 1)
      return Int32(allNames.count - 1)
    }
    let fileMapping = other.files.indices.map { Int32(files.count + $0) }
    let theirs = other.days.map { day in
      var day = day
      day.detail.recode(names: nameMapping, files: fileMapping)
      return day
    }
    let merged = SortedMerge.merged(days, theirs, key: \.day, add: { $0.merge($1, limit: 0) })
    var allLines = lines
    for (place, line) in other.lines {
      allLines[FlaggedLine(file: fileMapping[Int(place.file)], offset: place.offset)] = line
    }
    members = Array(Set(members + other.members)).sorted(by: Self.precedes)
    (skippedLines, unreadableFiles) = (problems.skippedLines, problems.unreadableFiles)
    adopt(names: allNames, files: files + other.files, days: merged, lines: allLines)
  }

  /// The lines skipped and files unreadable of one journal, or of several together.
  package struct ProblemCounts {
    package var skippedLines = 0
    package var unreadableFiles = 0

    /// These counts and `other`'s added.
    /// - Throws: a conflict naming the count that would pass `Int.max`.
    package func adding(_ other: ProblemCounts) throws(Conflict) -> ProblemCounts {
      let (skipped, skippedOverflow) = skippedLines.addingReportingOverflow(other.skippedLines)
      let (unreadable, unreadableOverflow) = unreadableFiles.addingReportingOverflow(other.unreadableFiles)
      for (name, mine, theirs, overflow) in [
        ("skipped lines", skippedLines, other.skippedLines, skippedOverflow),
        ("unreadable files", unreadableFiles, other.unreadableFiles, unreadableOverflow),
      ] where overflow {
        throw Conflict(reason: "\(name) out of range (\(mine) + \(theirs) is more than \(Int.max))")
      }
      return ProblemCounts(skippedLines: skipped, unreadableFiles: unreadable)
    }
  }

  var problemCounts: ProblemCounts {
    ProblemCounts(skippedLines: skippedLines, unreadableFiles: unreadableFiles)
  }

  /// Checks that this journal and `other` together hold at most `DigestFile.mostEntries` entries.
  /// - Throws: a conflict naming the first date both hold whose entries pass it, if any.
  /// - Complexity: O(d) in the two journals' days.
  private func checkEntries(adding other: DigestFileJournal) throws(Conflict) {
    let (mine, theirs) = (entryCount, other.entryCount)
    guard mine + theirs > DigestFile.mostEntries else { return }
    let theirDays = Dictionary(
      other.days.map { ($0.day, $0.totals.entries) }, uniquingKeysWith: { a, _ in a })
    for day in days {
      guard let count = theirDays[day.day], day.totals.entries.addingReportingOverflow(count).overflow else {
        continue
      }
      throw Conflict(
        reason: "entries out of range on \(day.totals.date) (\(day.totals.entries) + \(count) is more than "
          + "\(DigestFile.mostEntries))")
    }
    throw Conflict(
      reason:
        "entries out of range (\(mine) + \(theirs) is more than the \(DigestFile.mostEntries) a journal holds)"
    )
  }

  /// Goals as messages show them: `calories 2000, protein 120`, or `none`.
  package static func text(of goals: Goals) -> String {
    let set = GoalNutrient.allCases.compactMap { nutrient in
      goals[nutrient].map { "\(nutrient.rawValue) \($0)" }
    }
    return set.isEmpty ? "none" : set.joined(separator: ", ")
  }
}
