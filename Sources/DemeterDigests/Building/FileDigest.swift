import DemeterFoundation
import DemeterJournal

/// What one day file contributes to a journal's digests: a digest per date it holds entries for,
/// a hash of each entry's id (for the journal-wide duplicate check), and its problems.
package struct FileDigest: Sendable {
  /// Sorted by date; names coded into the `names` of whoever holds it.
  package var days: [DayDigest] = []
  /// The dates the file holds entries for (those of `days`, kept when the digests themselves are
  /// folded away or left in an index).
  package var dates: [Int32] = []
  /// The digest index record whose digests stand for this file's, left unread (`days` is empty).
  var storedRecord: Int?
  /// `DuplicateIDFinder.mixed` of each counted entry's id, in line order.
  package var idHashes: [UInt64] = []
  package var diagnostics: [Diagnostic] = []
  package var skippedLines = 0

  /// Parses `file` (number `index` of the journal's files) straight into day digests, leaving out
  /// the lines in `excluded` (repeated ids), which count as skipped, and the entries the rules'
  /// query does not match (`QueryDigestBuilder`); without `keepsDetail`, the
  /// digests hold only their totals (and their micronutrient tallies, with
  /// `keepsMicronutrientNames`). Names are coded by `coder` (a run of files shares one).
  package static func read(
    _ file: DayFile, index: Int32, parser: DayFileParser, coder: inout NameCoder, rules: DigestRules,
    excluding excluded: Set<Int> = [], keepsDetail: Bool = true, keepsMicronutrientNames: Bool = false
  ) -> FileDigest {
    var builder = FileDigestBuilder(
      file: index, rules: rules, coder: consume coder, excluding: excluded, keepsDetail: keepsDetail,
      keepsMicronutrientNames: keepsMicronutrientNames)
    let digest: FileDigest
    // A split by tag, and a query of raw descriptions, tags or notes, read what a plain scan leaves out.
    if rules.breakdown == .tag || rules.query?.readsSkippedTexts == true {
      (digest, coder) = read(file, keeping: SkippedTextsKept.self, parser: parser, builder, query: rules.query)
    } else if rules.query != nil {
      (digest, coder) = read(file, keeping: SkippedTextsSkipped.self, parser: parser, builder, query: rules.query)
    } else {
      parser.parse(file, into: &builder)
      (digest, coder) = builder.finish()
    }
    return digest
  }

  /// `file` read through `builder`, handed only the entries `query` matches, with the texts `Texts` keeps.
  private static func read<Texts: QueryTexts>(
    _ file: DayFile, keeping _: Texts.Type, parser: DayFileParser, _ builder: consuming FileDigestBuilder,
    query: Query?
  ) -> (digest: FileDigest, coder: NameCoder) {
    var filtered = QueryDigestBuilder<Texts>(builder, query: query)
    parser.parse(file, into: &filtered)
    return filtered.finish()
  }

  /// `read(_:index:parser:coder:rules:excluding:keepsDetail:)` with names coded into `names`.
  package static func read(
    _ file: DayFile, index: Int32, parser: DayFileParser, names: inout StringDictionary, rules: DigestRules,
    excluding excluded: Set<Int> = [], keepsDetail: Bool = true
  ) -> FileDigest {
    var coder = NameCoder(names: consume names)
    let digest = read(
      file, index: index, parser: parser, coder: &coder, rules: rules, excluding: excluded, keepsDetail: keepsDetail)
    names = coder.names
    return digest
  }

  /// The same digest with its flagged entries located in file number `index`.
  package func placed(inFile index: Int32) -> FileDigest {
    var placed = self
    for day in placed.days.indices { placed.days[day].detail.placeFlagged { _ in index } }
    return placed
  }

  /// Renumbers names through `mapping` (old code → new code).
  mutating func recode(names mapping: [Int32]) {
    for index in days.indices { days[index].detail.recode(names: mapping) }
  }
}
