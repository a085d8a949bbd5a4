import DemeterFoundation
import DemeterJournal

/// The bytes of a digest file (manual: many-journals): a header line `demeter-digest VERSION`, then
/// the settings, the form and each journal in the digest index's coding (`CacheWriter`: integers
/// little-endian, varints, strings as a length and their UTF-8 bytes, digests as
/// `CacheWriter.append(_:)` writes them), then a 64-bit `ContentHash` of every byte before it. Equal
/// files have equal bytes, on any machine.
extension DigestFile {
  /// The first word of the header line.
  public static let magic = "demeter-digest"
  /// The format version the header line gives; files of another version are refused.
  public static let formatVersion = 5
  /// The most bytes the header line may take, its newline included.
  static let headerLimit = 512
  /// The nutrients the digests sum, in their order: the header line's last word, so that a file
  /// whose sums are of other nutrients is refused by name.
  static let nutrientKeys = Nutrient.all.map(\.key).joined(separator: ",")

  public var bytes: [UInt8] {
    var writer = CacheWriter()
    let header = Array("\(Self.magic) \(Self.formatVersion) \(Self.nutrientKeys)\n".utf8)
    header.withUnsafeBytes { writer.append(raw: $0) }
    let rules = settings.rules
    for value in [
      rules.lowConfidence, rules.highConfidence, rules.energyConsistency.relative,
      rules.energyConsistency.calories,
    ] {
      writer.appendSigned(Int128(value.billionths))
    }
    writer.append(rules.energyConsistency.alcohol.text)
    // The flags: unmatched entries to review (1), a query's canonical text follows (2), the
    // dimension the days are split by follows (4).
    writer.append(
      UInt8(rules.reviewsUnmatched ? 1 : 0) | UInt8(rules.query == nil ? 0 : 2)
        | UInt8(rules.breakdown == nil ? 0 : 4))
    if let query = rules.query { writer.append(query.canonicalText) }
    if let dimension = rules.breakdown { writer.append(dimension.rawValue) }
    writer.append(form.rawValue)
    writer.appendVarint(journals.count)
    for journal in journals { writer.append(journal, form: form, splits: rules.breakdown != nil) }
    writer.append(ContentHash.hash(writer.bytes))
    return writer.bytes
  }

  /// The most memory the digests of the files one run reads may take once decoded (1 GiB): a file
  /// that is within its size limit but would decode to more (a forged file of empty days decodes to
  /// about fourteen times its size) is refused before it is decoded.
  public static let memoryLimit = 1 << 30

  /// The file `bytes` hold; `label` (its path) names it in errors. Every count, sum and date is
  /// checked to be in range (`checkRanges`).
  /// - Throws: `DigestFileError.Kind.unreadable` for bytes that are not a digest file, of another
  ///   version, truncated, damaged, with a value out of range or over `memoryLimit` once decoded.
  public init(bytes: [UInt8], label: String) throws(DigestFileError) {
    var memoryLeft = Self.memoryLimit
    try self.init(bytes: bytes, label: label, memoryLeft: &memoryLeft)
  }

  /// The file `bytes` hold, as `init(bytes:label:)` reads it, its digests taking at most
  /// `memoryLeft` bytes once decoded, which is reduced by what they take (files read in one run share
  /// `memoryLimit`).
  public init(bytes: [UInt8], label: String, memoryLeft: inout Int) throws(DigestFileError) {
    let prefix = Array("\(Self.magic) ".utf8)
    guard bytes.starts(with: prefix) else {
      throw DigestFileError(
        .unreadable,
        "\(label) is not a digest file (it does not start with '\(Self.magic)'; "
          + "'demeter-report digest' writes them)")
    }
    guard let end = bytes.prefix(Self.headerLimit).firstIndex(of: UInt8(ascii: "\n")) else {
      guard bytes.count >= Self.headerLimit else { throw .damaged(label, "truncated in its first line") }
      throw .damaged(
        label,
        "its first line is longer than \(Self.headerLimit) bytes, where '\(Self.magic) VERSION NUTRIENTS' is expected"
      )
    }
    let words = String(decoding: bytes[prefix.count..<end], as: UTF8.self).split(separator: " ", maxSplits: 1)
    let version = words.first.map(String.init) ?? ""
    guard version == String(Self.formatVersion) else {
      throw DigestFileError(
        .unreadable,
        "\(label) is a digest file of format version \(version), and this demeter-report reads "
          + "version \(Self.formatVersion); make it again with this version's 'demeter-report digest'")
    }
    let nutrients = words.count == 2 ? String(words[1]) : ""
    guard nutrients == Self.nutrientKeys else {
      throw DigestFileError(
        .unreadable,
        "\(label) sums the nutrients \(TerminalSafeText.escaped(nutrients)), and this demeter-report sums "
          + "\(Self.nutrientKeys); make it again with this version's 'demeter-report digest'")
    }
    guard bytes.count >= end + 1 + 8 else { throw .damaged(label, "truncated at byte \(bytes.count)") }
    do throws(CacheFormatError) {
      self = try bytes.withCacheBytes { raw throws(CacheFormatError) in
        var reader = CacheReader(UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 8)]), offset: end + 1)
        reader.memoryLeft = memoryLeft
        let stored = UInt64(
          littleEndian: UnsafeRawBufferPointer(rebasing: raw[(raw.count - 8)...]).loadUnaligned(
            as: UInt64.self))
        guard ContentHash.hash(UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 8)])) == stored else {
          throw CacheFormatError("its checksum does not match its bytes")
        }
        let file = try reader.digestFile()
        guard reader.isAtEnd else {
          throw CacheFormatError("bytes after the last journal at byte \(reader.offset)")
        }
        memoryLeft = reader.memoryLeft
        return file
      }
    } catch {
      guard error.isOverMemory else { throw .damaged(label, error.reason) }
      throw DigestFileError(
        .unreadable,
        "\(label) would take more than \(Self.memoryLimit >> 20) MiB of memory to read (with the other digest "
          + "files of this run), the limit for digest files; split the journals over several runs")
    }
    do throws(OutOfRange) {
      try checkRanges()
    } catch {
      throw DigestFileError(
        .unreadable,
        "\(label) has a value out of range: \(error.place); make it again with 'demeter-report digest'"
      )
    }
  }
}

extension CacheWriter {
  /// `journal` in `form`; with `splits`, the cohort form keeps its days' breakdown tallies (the
  /// full form keeps every day's detail whole).
  package mutating func append(_ journal: DigestFileJournal, form: DigestFileForm, splits: Bool) {
    appendStrings(journal.members)
    append(journal.weekStart.rawValue)
    append(journal.timeZone.description)
    for nutrient in GoalNutrient.allCases {
      append(journal.goals[nutrient] != nil)
      if let goal = journal.goals[nutrient] { appendSigned(Int128(goal.billionths)) }
    }
    appendVarint(journal.skippedLines)
    appendVarint(journal.unreadableFiles)
    guard form == .full else { return appendCohortPart(journal, splits: splits) }
    appendStrings(journal.names)
    appendVarint(journal.files.count)
    for file in journal.files {
      append(file.path)
      append(file.day != nil)
      if let day = file.day { appendSigned(day) }
    }
    appendVarint(journal.days.count)
    for day in journal.days {
      append(day.totals)
      appendIndexed(day.detail)
    }
    appendVarint(journal.lines.count)
    for place in journal.lines.keys.sorted() {
      appendVarint(Int(place.file))
      appendSigned(Int128(place.offset))
      let line = journal.lines[place]!
      append(UInt32(line.count))
      line.withUnsafeBytes { append(raw: $0) }
    }
  }

  mutating func appendStrings(_ strings: [String]) {
    appendVarint(strings.count)
    for string in strings { append(string) }
  }
}

extension CacheReader {
  /// A digest file's settings and journals, checked to be in canonical order.
  package mutating func digestFile() throws(CacheFormatError) -> DigestFile {
    func decimal() throws(CacheFormatError) -> FixedDecimal {
      FixedDecimal(billionths: try signed(Int64.self))
    }
    let rules = DigestRules(
      lowConfidence: try decimal(), highConfidence: try decimal(),
      energyConsistency: EnergyConsistencyTolerance(relative: try decimal(), calories: try decimal()))
    let alcoholText = try string()
    guard let alcohol = IngredientAlcohol(text: alcoholText) else { throw CacheFormatError("alcohol shares") }
    var settings = rules
    settings.energyConsistency.alcohol = alcohol
    let flags = try integer(UInt8.self)
    guard flags < 8 else { throw CacheFormatError("settings flags") }
    settings.reviewsUnmatched = flags & 1 != 0
    if flags & 2 != 0 {
      let text = try string()
      guard let query = try? QueryParser.parse(text) else { throw CacheFormatError("query") }
      settings.query = query
    }
    if flags & 4 != 0 {
      guard let dimension = BreakdownDimension(rawValue: try string()), dimension.tallied == dimension else {
        throw CacheFormatError("breakdown dimension")
      }
      settings.breakdown = dimension
    }
    guard let form = DigestFileForm(rawValue: try integer(UInt8.self)) else { throw CacheFormatError("form") }
    let count = try varintCount(atMost: remaining)
    try claim(count, of: DigestFileJournal.self)
    var journals: [DigestFileJournal] = []
    for _ in 0..<count {
      journals.append(try digestFileJournal(form: form, splits: settings.breakdown != nil))
    }
    guard Self.isIncreasing(journals.map(\.name)) else { throw CacheFormatError("journal order") }
    return DigestFile(settings: DigestFileSettings(rules: settings), form: form, journals: journals)
  }

  private mutating func digestFileJournal(form: DigestFileForm, splits: Bool) throws(CacheFormatError)
    -> DigestFileJournal
  {
    let members = try strings()
    guard !members.isEmpty, Self.isIncreasing(members) else { throw CacheFormatError("journal names") }
    guard let weekStart = WeekStart(rawValue: try string()) else { throw CacheFormatError("week start") }
    let zoneText = try string()
    guard let zone = try? TimeZoneRule.parse(zoneText) else {
      throw CacheFormatError("time zone '\(zoneText)' unknown on this machine")
    }
    var goals = Goals()
    for nutrient in GoalNutrient.allCases where try flag() {
      goals[nutrient] = FixedDecimal(billionths: try signed(Int64.self))
    }
    let skipped = try varintCount(atMost: Int(Int64.max))
    let unreadable = try varintCount(atMost: Int(Int64.max))
    guard form == .full else {
      let (names, files, days) = try cohortPart(splits: splits)
      return DigestFileJournal(
        members: members, weekStart: weekStart, timeZone: zone, goals: goals, names: names, files: files,
        days: days,
        lines: [:], skippedLines: skipped, unreadableFiles: unreadable)
    }
    let names = try strings()
    guard Self.isIncreasing(names) else { throw CacheFormatError("name order") }
    let fileCount = try varintCount(atMost: remaining / 5)
    try claim(fileCount, of: DigestFileJournal.StoredDayFile.self)
    var files: [DigestFileJournal.StoredDayFile] = []
    for _ in 0..<fileCount {
      let path = try string()
      try claimBytes(path.utf8.count)
      files.append(
        DigestFileJournal.StoredDayFile(path: path, day: try flag() ? try signed(Int32.self) : nil))
    }
    guard Self.isIncreasing(files.map(\.path)) else { throw CacheFormatError("file order") }
    let dayCount = try varintCount(atMost: remaining / 8)
    try claim(dayCount, of: DayDigest.self)
    var days: [DayDigest] = []
    for _ in 0..<dayCount {
      let totals = try totals()
      days.append(
        DayDigest(
          totals: totals,
          detail: try indexedDetail(nameCount: names.count, file: nil, fileCount: files.count)))
    }
    guard zip(days, days.dropFirst()).allSatisfy({ $0.day < $1.day }) else {
      throw CacheFormatError("day order")
    }
    let lineCount = try varintCount(atMost: remaining / 6)
    try claim(lineCount, of: (FlaggedLine, [UInt8]).self)
    var lines: [FlaggedLine: [UInt8]] = [:]
    for _ in 0..<lineCount {
      let file = try varintCount(atMost: files.count - 1)
      let offset = try signed(Int64.self)
      let length = try count(UInt32.self, atMost: remaining)
      try claimBytes(length)
      lines[FlaggedLine(file: Int32(file), offset: offset)] = Array(try bytes(length))
    }
    return DigestFileJournal(
      members: members, weekStart: weekStart, timeZone: zone, goals: goals, names: names, files: files,
      days: days,
      lines: lines, skippedLines: skipped, unreadableFiles: unreadable)
  }

  mutating func strings() throws(CacheFormatError) -> [String] {
    let count = try varintCount(atMost: remaining / 4)
    try claim(count, of: String.self)
    var strings: [String] = []
    for _ in 0..<count {
      let string = try string()
      try claimBytes(string.utf8.count)
      strings.append(string)
    }
    return strings
  }

  static func isIncreasing(_ strings: [String]) -> Bool {
    zip(strings, strings.dropFirst()).allSatisfy { DigestFileJournal.precedes($0, $1) }
  }
}
