import DemeterJournal
import Dispatch

/// Makes a date's detail again from the day files holding it, for digest sets that keep only
/// months (or whose stored copy is damaged): the same parse and rules as the load, repeated ids left
/// out as then, names coded into the set's names.
package struct DayRedigest: Sendable {
  package let files: [DayFile]
  package let options: JournalLoadOptions
  package let rules: DigestRules
  package let names: StringDictionary
  package let duplicateLines: [Int32: Set<Int>]
  /// The files (positions in `files`) holding each date.
  private let filesOfDay: FilesOfDay

  package init(
    files: [DayFile], fileDays: FileDays, options: JournalLoadOptions, rules: DigestRules,
    names: StringDictionary, duplicateLines: [Int32: Set<Int>]
  ) {
    self.files = files
    self.options = options
    self.rules = rules
    self.names = names
    self.duplicateLines = duplicateLines
    filesOfDay = FilesOfDay(fileDays)
  }

  /// The positions of the files holding `day`.
  package func files(holding day: Int32) -> [Int] { filesOfDay.files(holding: day) }

  /// The detail of `day` from its files.
  package func detail(ofDay day: Int32) -> DigestDetail { details(ofDays: [day])[0] }

  /// The details of `days` from their files, each file read once (a file often holds the early
  /// hours of the next date), the files spread over the load's threads.
  package func details(ofDays days: [Int32]) -> [DigestDetail] {
    let positions = Array(Set(days.flatMap(files(holding:)))).sorted()
    let runs = FileRuns.boundaries(fileCount: positions.count, threads: options.threads)
    let slots = Slots<[DayDigest]>(count: positions.count)
    DispatchQueue.concurrentPerform(iterations: runs.count) { run in
      for index in runs[run] { slots[index] = digests(ofFile: positions[index]) }
    }
    let digestsOfFile = Dictionary(uniqueKeysWithValues: zip(positions, slots.takeValues()))
    return days.map { day in
      DigestDetail.merged(
        files(holding: day).compactMap { digestsOfFile[$0]?.first { $0.day == day }?.detail },
        limit: rules.reviewLimit)
    }
  }

  /// The digests of file `position`, names coded into `names` (a name it lacks, possible only if
  /// the file changed since the load, is left out).
  package func digests(ofFile position: Int) -> [DayDigest] {
    var local = StringDictionary()
    var digest = FileDigest.read(
      files[position], index: Int32(position), parser: DayFileParser(options: options), names: &local,
      rules: rules, excluding: duplicateLines[Int32(position)] ?? [])
    var known = names
    let count = Int32(names.count)
    digest.recode(names: local.strings.map { known.code(for: $0) })
    return digest.days.map { day in
      var day = day
      day.detail.keepNames { $0 < count }
      return day
    }
  }
}
