import DemeterFoundation
import DemeterJournal

/// A journal read into day digests (manual: architecture): one exact partial aggregate per date with entries
/// (its totals at hand, its detail from a `DigestDetailSource`), the names and files they refer to,
/// and every problem met while reading.
public struct JournalDigests: Sendable {
  /// The rules every digest was made under.
  public internal(set) var rules: DigestRules
  /// Food, meal, micronutrient and ingredient names the digests' codes refer to.
  public internal(set) var names = StringDictionary()
  /// The day files read, sorted by path; in-memory ones keep their bytes, so flagged entries can
  /// be read back from them.
  public internal(set) var files: [DayFile] {
    get { fileList.files }
    set { fileList = .listed(newValue) }
  }
  /// `files`, as found or as an unchanged digest index names them (made `DayFile`s when asked).
  var fileList = DayFileList.listed([])
  /// The totals of each date with at least one entry, sorted by date.
  public internal(set) var days: [DigestTotals] = []
  /// The detail of each of `days`.
  package var details: any DigestDetailSource = DetailList(details: [])
  /// Errors (and warnings, if asked for) in file and line order.
  public var diagnostics: [Diagnostic] = []
  /// Non-blank lines not counted because they have errors (duplicate ids included).
  public var skippedLines = 0
  /// Lines skipped as repeated ids, by index into `files`; rows read back from a file skip them too.
  public internal(set) var duplicateLines: [Int32: Set<Int>] = [:]
  /// The dates each file holds entries for, by index into `files`.
  package var fileDays = FileDays()
  /// The load options the files were read with (the time zone of days, for reading entries back).
  package let loadOptions: JournalLoadOptions
  /// The entries the digests were made from, when made from entries in memory (they are read back
  /// from there instead of from files).
  package let entriesInMemory: [ExportedEntry]?
  /// Whether the load kept only the totals (`JournalLoadOptions.keepsDetail` false, nothing
  /// cached): `names` is then empty, and whatever needs detail uses `withDetail`.
  public internal(set) var keepsOnlyTotals = false
  /// Whether these digests of totals alone (`keepsOnlyTotals`) keep each day's split all the same
  /// (`DigestRules.breakdown`; tallied beside the totals without a cache, or read from the head of
  /// the cache's index): their detail then holds the split's tallies and nothing else, which
  /// `breakdown(of:by:)` reads without reading the files again.
  package internal(set) var keepsSplit = false
  /// For digests of totals alone read with `JournalLoadOptions.keepsMicronutrientNames`, the
  /// codes in `names` of the micronutrients each date's counted entries state; nil otherwise.
  package internal(set) var micronutrientsByDay: [Int32: Set<Int32>]?
  /// The journal whose cache these digests' totals were read from (`DigestIndexTotals`), so their
  /// detail is read through it too.
  package var cachedJournal: String?

  /// These digests with their detail: themselves, or, when they kept only totals, the files read
  /// again in full (through the journal's cache when the totals came from it).
  /// - Complexity: O(1), or a load of the files.
  public var withDetail: JournalDigests {
    guard keepsOnlyTotals else { return self }
    var options = loadOptions
    options.keepsDetail = true
    var full =
      if let cachedJournal {
        DigestLoader.load(files: files, ofJournal: cachedJournal, options: options, rules: rules)
      } else {
        DigestLoader.load(files: files, options: options, rules: rules)
      }
    full.diagnostics = diagnostics
    return full
  }

  package init(rules: DigestRules, loadOptions: JournalLoadOptions) {
    self.rules = rules
    self.loadOptions = loadOptions
    entriesInMemory = nil
  }

  /// The digests of entries held in memory (their paths name the files, which are not read): each
  /// entry handed to its file's digests as the day-file parser hands on the entry of a line (those the
  /// rules' query matches), its flagged entries and listed entries read back from `entries`.
  public init(entries: [ExportedEntry], rules: DigestRules = DigestRules()) {
    self.rules = rules
    loadOptions = JournalLoadOptions()
    entriesInMemory = entries
    let paths = Set(entries.map(\.path)).sorted()
    let fileOfPath = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
    files = paths.map { DayFile(path: $0, date: nil) }
    var builders = paths.indices.map { FileDigestBuilder(file: Int32($0), rules: rules) }
    var perFile = [Set<Int32>](repeating: [], count: paths.count)
    // Each entry's position stands for its line's offset (the builder does not look at the line).
    let noLine = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    var strings: [UInt8] = []
    for (position, entry) in entries.enumerated() {
      if let query = rules.query, !query.matches(entry) { continue }
      let file = fileOfPath[entry.path]!
      var scanned = ScannedEntry(decoded: entry.row, object: nil, strings: &strings)
      strings.withUnsafeBufferPointer {
        builders[file].add(&scanned, line: noLine, decoded: $0, offset: position)
      }
      perFile[file].insert(Int32(entry.row.timestamp.localDate.dayNumber))
    }
    let days = builders.flatMap { builder in
      var (digest, coder) = builder.finish()
      digest.recode(names: coder.names.strings.map { names.code(for: $0) })
      return digest.days
    }
    setDays(DigestLoader.mergedDays(days, limit: rules.reviewLimit))
    fileDays = FileDays(perFile.map { $0.sorted() })
  }

  public var fileCount: Int { fileList.count }

  public var entryCount: Int { days.reduce(0) { $0 + Int($1.entries) } }

  /// Keeps `splits` (each day's split tallies, codes into `names`) as the days' detail when the
  /// rules split the digests (`keepsSplit`); else no names.
  mutating func keepSplits(_ splits: [[BreakdownTally]], names: StringDictionary) {
    guard rules.breakdown != nil else {
      self.names = StringDictionary()
      return
    }
    precondition(splits.count == days.count, "a split per day")
    self.names = names
    details = DetailList(
      details: splits.map { split in
        var detail = DigestDetail()
        detail.breakdown = split
        return detail
      })
    keepsSplit = true
  }

  /// Holds `digests` (one per date, sorted by date) in memory.
  mutating func setDays(_ digests: [DayDigest]) {
    days = digests.map(\.totals)
    details = DetailList(details: digests.map(\.detail))
  }

  /// Every day's whole digest.
  /// - Complexity: reads every day's detail.
  public var dayDigests: [DayDigest] {
    if keepsOnlyTotals { return withDetail.dayDigests }
    let allDetails = details.details(ofDaysAt: Array(days.indices))
    return days.indices.map { DayDigest(totals: days[$0], detail: allDetails[$0]) }
  }

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }

  /// The first to the last date with entries; nil for a journal without entries.
  public var span: Period? {
    guard let first = days.first, let last = days.last else { return nil }
    return Period(first: first.date, last: last.date)
  }

  /// The totals of the dates in `period`, in date order.
  /// - Complexity: O(log d + k) for d digests and k of them in the period.
  public func days(in period: Period) -> ArraySlice<DigestTotals> {
    days[indices(in: period)]
  }

  /// The positions in `days` of the dates in `period`.
  package func indices(in period: Period) -> Range<Int> {
    firstIndex(atOrAfter: period.first.dayNumber)..<firstIndex(atOrAfter: period.last.dayNumber + 1)
  }

  /// The merged detail of the dates in `period`: a month whose dates with entries all lie in the
  /// period from the source's month detail where it keeps one, other dates day by day.
  /// - Complexity: O(m log k) for k details merged into m list elements (`DetailMergeStack`).
  package func detail(in period: Period) -> DigestDetail {
    precondition(!keepsOnlyTotals || keepsSplit, "digests without detail: ask `withDetail`")
    // Whole months' details where the source keeps them, the other dates' asked for at once.
    var parts: [(month: DigestDetail?, day: Int)] = []
    let range = indices(in: period)
    var index = range.lowerBound
    while index < range.upperBound {
      let month = MonthKey(days[index].date)
      let monthStart = firstIndex(atOrAfter: month.first.dayNumber)
      let monthEnd = firstIndex(atOrAfter: month.last.dayNumber + 1)
      if monthStart >= range.lowerBound, monthEnd <= range.upperBound, let detail = details.detail(ofMonth: month) {
        parts.append((detail, index))
        index = monthEnd
        continue
      }
      let stop = min(monthEnd, range.upperBound)
      parts += (index..<stop).map { (nil, $0) }
      index = stop
    }
    var dayDetails = details.details(ofDaysAt: parts.filter { $0.month == nil }.map(\.day)).makeIterator()
    var merged = DetailMergeStack(limit: rules.reviewLimit)
    for part in parts { merged.push(part.month ?? dayDetails.next()!) }
    return merged.merged
  }

  private func firstIndex(atOrAfter dayNumber: Int) -> Int {
    days.partitioningIndex { Int($0.day) >= dayNumber }
  }

  /// Adds another digest set of the same rules (another part of a journal, or another machine's
  /// work) read from files: names and files are renumbered, digests of the same date merged. The result does not
  /// depend on the order or grouping of merges.
  /// - Complexity: O(n log n) in the files, plus the digests' lists.
  public mutating func merge(_ other: JournalDigests) {
    precondition(rules == other.rules, "digests made under other rules cannot be merged")
    precondition(
      entriesInMemory == nil && other.entriesInMemory == nil, "digests of entries in memory cannot be merged")
    if keepsOnlyTotals { self = withDetail }
    let other = other.withDetail
    let nameMapping = other.names.strings.map { names.code(for: $0) }
    let combined = (files.map { ($0, true) } + other.files.map { ($0, false) }).enumerated().sorted {
      ($0.element.0.path, $0.offset) < ($1.element.0.path, $1.offset)
    }
    var ownMapping = [Int32](repeating: 0, count: files.count)
    var otherMapping = [Int32](repeating: 0, count: other.files.count)
    for (newIndex, item) in combined.enumerated() {
      if item.element.1 {
        ownMapping[item.offset] = Int32(newIndex)
      } else {
        otherMapping[item.offset - files.count] = Int32(newIndex)
      }
    }
    let identity = (0..<Int32(names.count)).map { $0 }
    var mine = dayDigests
    for index in mine.indices { mine[index].detail.recode(names: identity, files: ownMapping) }
    var theirs = other.dayDigests
    for index in theirs.indices { theirs[index].detail.recode(names: nameMapping, files: otherMapping) }
    let limit = rules.reviewLimit
    setDays(SortedMerge.merged(mine, theirs, key: \.day, add: { $0.merge($1, limit: limit) }))
    var duplicates: [Int32: Set<Int>] = [:]
    for (file, lines) in duplicateLines { duplicates[ownMapping[Int(file)]] = lines }
    for (file, lines) in other.duplicateLines { duplicates[otherMapping[Int(file)]] = lines }
    duplicateLines = duplicates
    files = combined.map(\.element.0)
    fileDays = FileDays(
      combined.map { $0.element.1 ? fileDays[$0.offset] : other.fileDays[$0.offset - fileDays.count] })
    diagnostics = (diagnostics + other.diagnostics).enumerated().sorted {
      ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
    }.map(\.element)
    skippedLines += other.skippedLines
  }
}
