import DemeterFoundation
import DemeterJournal

/// One journal of a digest file (manual: many-journals): the settings a report of it needs, its
/// day digests, the names and day files they refer to, and the lines of its flagged entries, all
/// in canonical order (names, files and days sorted), so equal journals have equal bytes.
public struct DigestFileJournal: Sendable, Hashable {
  /// The people whose journals were summed into this one, sorted (one for a person's journal).
  public internal(set) var members: [String]
  public internal(set) var weekStart: WeekStart
  /// The zone the journal's days were counted in.
  public internal(set) var timeZone: TimeZoneRule
  public internal(set) var goals: Goals
  /// Food, meal, micronutrient and ingredient names, sorted by UTF-8 bytes; the digests' codes
  /// (none in the cohort form).
  public internal(set) var names: [String]
  /// The day files read, as `person/path in the journal`, sorted; flagged entries' file indices.
  public internal(set) var files: [StoredDayFile]
  /// One digest per date with entries, sorted by date; flagged lists kept whole. In the cohort
  /// form, each holds its `DigestTotals.cohortPart` and no detail.
  public internal(set) var days: [DayDigest]
  /// The line of each flagged entry the digests list, by file index and byte offset.
  package var lines: [FlaggedLine: [UInt8]]
  /// Non-blank lines not counted because they have errors.
  public internal(set) var skippedLines: Int
  /// Day files that could not be read.
  public internal(set) var unreadableFiles: Int

  /// A day file as a digest file names it.
  public struct StoredDayFile: Sendable, Hashable {
    /// `person/path in the journal`, with `/` between components.
    public var path: String
    /// The date its name gives, if any (`CivilDate.dayNumber`).
    public var day: Int32?
  }

  /// The name reports give the journal: its people's names joined by `+`.
  public var name: String { members.joined(separator: "+") }

  /// The journal `digests` (read under rules with whole flagged lists) holds, read from `folder`,
  /// as the person `name`.
  public init(
    name: String, folder: String, digests: JournalDigests, weekStart: WeekStart, timeZone: TimeZoneRule,
    goals: Goals
  ) {
    let full = digests.withDetail
    let files = Self.storedFiles(full.files, name: name, folder: folder)
    let days = full.dayDigests
    let candidates = days.flatMap { $0.detail.needsReview + $0.detail.energyInconsistent }
    members = [name]
    self.weekStart = weekStart
    self.timeZone = timeZone
    self.goals = goals
    names = []
    self.files = []
    self.days = []
    lines = [:]
    skippedLines = full.skippedLines
    unreadableFiles = full.diagnostics.count(where: \.isUnreadableFile)
    adopt(names: full.names.strings, files: files, days: days, lines: full.lines(at: candidates))
  }

  package init(
    members: [String], weekStart: WeekStart, timeZone: TimeZoneRule, goals: Goals, names: [String],
    files: [StoredDayFile], days: [DayDigest], lines: [FlaggedLine: [UInt8]], skippedLines: Int,
    unreadableFiles: Int
  ) {
    self.members = members
    self.weekStart = weekStart
    self.timeZone = timeZone
    self.goals = goals
    self.names = names
    self.files = files
    self.days = days
    self.lines = lines
    self.skippedLines = skippedLines
    self.unreadableFiles = unreadableFiles
  }

  /// `files` of the person `name`, read from `folder`, as a digest file names them
  /// (`name/path in the folder`), in the order given.
  static func storedFiles(_ files: [DayFile], name: String, folder: String) -> [StoredDayFile] {
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    return files.map { file in
      let relative =
        file.path.hasPrefix(prefix)
        ? String(file.path.dropFirst(prefix.count)) : PathText.lastComponent(file.path)
      return StoredDayFile(path: name + "/" + relative, day: file.date.map { Int32($0.dayNumber) })
    }
  }

  /// Takes `names`, `files`, `days` (of those names and files) and `lines` (of those files) in
  /// canonical order: names and files sorted, codes and file indices renumbered to match.
  mutating func adopt(
    names givenNames: [String], files givenFiles: [StoredDayFile], days givenDays: [DayDigest],
    lines givenLines: [FlaggedLine: [UInt8]]
  ) {
    let nameOrder = givenNames.indices.sorted { Self.precedes(givenNames[$0], givenNames[$1]) }
    var nameMapping = [Int32](repeating: 0, count: givenNames.count)
    for (new, old) in nameOrder.enumerated() { nameMapping[old] = Int32(new) }
    let fileOrder = givenFiles.indices.sorted { Self.precedes(givenFiles[$0].path, givenFiles[$1].path) }
    var fileMapping = [Int32](repeating: 0, count: givenFiles.count)
    for (new, old) in fileOrder.enumerated() { fileMapping[old] = Int32(new) }
    names = nameOrder.map { givenNames[$0] }
    files = fileOrder.map { givenFiles[$0] }
    days = givenDays.map { day in
      var day = day
      day.detail.recode(names: nameMapping, files: fileMapping)
      return day
    }
    lines = [:]
    for (place, line) in givenLines {
      lines[FlaggedLine(file: fileMapping[Int(place.file)], offset: place.offset)] = line
    }
  }

  /// Byte order of UTF-8, the order of every sorted list of a digest file.
  package static func precedes(_ a: String, _ b: String) -> Bool {
    a.utf8.lexicographicallyPrecedes(b.utf8)
  }
}
