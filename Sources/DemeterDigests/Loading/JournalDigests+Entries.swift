import DemeterFoundation
import DemeterJournal

extension JournalDigests {
  /// The names of the micronutrients the entries of `period` state (those the rules' query matches),
  /// each once, sorted: from the
  /// period's detail, which tallies each micronutrient by name (whole months' merged detail where
  /// the digests keep it, or the journal's cache holds it); for digests of totals alone, from the
  /// names their load kept by date (`JournalLoadOptions.keepsMicronutrientNames`), else from the
  /// files holding the period's dates, read again one at a time on every processor (no detail
  /// held).
  /// - Complexity: the merge of the period's detail, the period's days, or a read of the files
  ///   holding its dates.
  public func micronutrientNames(in period: Period) -> [String] {
    if let micronutrientsByDay {
      let codes = days(in: period).reduce(into: Set<Int32>()) { $0.formUnion(micronutrientsByDay[$1.day] ?? []) }
      return codes.map { self.names.strings[Int($0)] }.sorted()
    }
    guard keepsOnlyTotals, cachedJournal == nil, entriesInMemory == nil else {
      let digests = withDetail
      let stated = digests.detail(in: period).micronutrients.filter { $0.entries > 0 }
      return Set(stated.map { digests.names.strings[Int($0.code)] }).sorted()
    }
    let filesOfDay = FilesOfDay(fileDays)
    let holding = Set(days(in: period).flatMap { filesOfDay.files(holding: $0.day) }).sorted()
    let parser = DayFileParser(options: loadOptions)
    let files = self.files
    let duplicateLines = self.duplicateLines
    let query = rules.query
    @Sendable func names<Texts: QueryTexts>(ofFileAt position: Int, keeping _: Texts.Type) -> Set<String> {
      var sink = MicronutrientNameSink<Texts>(
        period: period, excluded: duplicateLines[Int32(position)] ?? [], query: query)
      parser.parse(files[position], into: &sink)
      return sink.names
    }
    let readsSkippedTexts = query?.readsSkippedTexts == true
    let named = ParallelMap.map(holding, threads: loadOptions.threads) { position in
      readsSkippedTexts
        ? names(ofFileAt: position, keeping: SkippedTextsKept.self)
        : names(ofFileAt: position, keeping: SkippedTextsSkipped.self)
    }
    return named.reduce(into: Set<String>()) { $0.formUnion($1) }.sorted()
  }
}

/// The names of the micronutrients the entries of one day file in a period state (those `query`
/// matches, when there is one, handed the texts it reads as `Texts` says).
private struct MicronutrientNameSink<Texts: QueryTexts>: EntrySink {
  package var diagnostics: [Diagnostic] = []
  package var skippedLines = 0
  package static var keepsRawDescription: Bool { Texts.keepsSkippedTexts }
  package static var keepsTagsAndNote: Bool { Texts.keepsSkippedTexts }
  package let period: Period
  /// Lines left out (repeated ids).
  package let excluded: Set<Int>
  package let query: Query?
  package private(set) var names = Set<String>()

  package init(period: Period, excluded: Set<Int>, query: Query?) {
    self.period = period
    self.excluded = excluded
    self.query = query
  }

  package mutating func beginFile(_ path: String, byteCount: Int) {}

  package mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    guard !entry.micronutrientNames.isEmpty, period.contains(entry.timestamp.localDate),
      !excluded.contains(entry.line), query?.matches(&entry, line: line, decoded: decoded) ?? true
    else { return }
    for span in entry.micronutrientNames {
      names.insert(String(decoding: (span.inLine ? line : decoded)[span.range], as: UTF8.self))
    }
  }
}
