import DemeterFoundation
import DemeterJournal

/// Digests one day file's entries as the parser reads them (manual: architecture): no row is kept, only a
/// builder per date, names coded by the run's `NameCoder`.
package struct FileDigestBuilder: EntrySink {
  package var diagnostics: [Diagnostic] = []
  package var skippedLines = 0

  package static var keepsRawDescription: Bool { false }
  package static var keepsTagsAndNote: Bool { false }
  private let rules: DigestRules
  /// The file's index in the digest set.
  private let file: Int32
  /// Lines left out (repeated ids); they count as skipped.
  private let excluded: Set<Int>
  /// Whether the digests keep their detail (`JournalLoadOptions.keepsDetail`); without, names are
  /// not even looked up.
  private let keepsDetail: Bool
  /// Whether digests of totals alone keep the names of the micronutrients each date's entries
  /// state (`JournalLoadOptions.keepsMicronutrientNames`).
  private let keepsMicronutrientNames: Bool
  private var idHashes: [UInt64] = []
  /// The run's names, coded as the file is read.
  private var coder: NameCoder
  /// Which ingredient ids may have alcohol; nil when none has (asked once a file: the shares may
  /// be read on first use).
  private let alcoholIDs: AlcoholIDFilter?
  /// Whether a food with alcohol has a name, for unmatched entries (asked once a file, as `alcoholIDs`).
  private let alcoholByName: Bool
  /// The micronutrient that states an entry's own alcohol, as bytes (held, so that an entry does
  /// not go through a global's lazy start).
  private let alcoholName = Array(IngredientAlcohol.micronutrient.utf8)
  private var builders: [DayDigestBuilder] = []
  private var builderOfDay: [Int32: Int] = [:]
  /// The builder of the date last added to (a file's entries come in runs of one date).
  private var current = 0

  /// A builder for file number `file` whose names are coded by `coder` (the run's, taken back by `finish`).
  package init(
    file: Int32, rules: DigestRules, coder: NameCoder = NameCoder(), excluding excluded: Set<Int> = [],
    keepsDetail: Bool = true, keepsMicronutrientNames: Bool = false
  ) {
    self.file = file
    self.keepsMicronutrientNames = keepsMicronutrientNames
    self.coder = coder
    self.rules = rules
    self.excluded = excluded
    self.keepsDetail = keepsDetail
    let alcohol = rules.energyConsistency.alcohol
    alcoholIDs = alcohol.isEmpty ? nil : alcohol.idFilter
    alcoholByName = alcoholIDs != nil && alcohol.hasFoodNames
  }

  package mutating func beginFile(_ path: String, byteCount: Int) {
    idHashes.reserveCapacity(byteCount / DayFileParser.typicalLineBytes + 1)
  }

  /// (Asked to inline: where the compiler does, the scanner's call and its register saves go; where
  /// the scanner's body is too large it stays a call. Either way the entry is not copied: it comes
  /// `inout`.)
  @inline(__always)
  package mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    guard counts(line: entry.line) else { return }
    idHashes.append(DuplicateIDFinder.mixed(entry.idValue))
    func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
    }
    let builder = builder(of: entry.timestamp)
    // Without detail, names matter only as there or not.
    let food = keepsDetail ? coder.food(bytes(entry.foodName)) : 0
    let meal = keepsDetail ? entry.meal.map { coder.meal(bytes($0)) } ?? -1 : -1
    let own =
      entry.micronutrientNames.isEmpty
      ? nil
      : zip(entry.micronutrientNames, entry.micronutrientAmounts).first {
        $0.0.range.count == alcoholName.count && bytes($0.0).elementsEqual(alcoholName)
      }?.1
    var ingredient: Int32 = -1
    var share: IngredientAlcohol.Share?
    if let id = entry.matchedIngredientID {
      // (The shares are taken only where needed: taking them costs a retain and a release.)
      if keepsDetail {
        ingredient = coder.ingredient(bytes(id))
        if own == nil, alcoholIDs != nil {
          share = coder.alcoholShare(ofIngredient: ingredient, in: rules.energyConsistency.alcohol)
        }
      } else {
        ingredient = 0
        // Without detail, the id is coded only when it may have alcohol.
        if own == nil, let alcoholIDs, alcoholIDs.mayContain(bytes(id)) {
          let code = coder.ingredient(bytes(id))
          share = coder.alcoholShare(ofIngredient: code, in: rules.energyConsistency.alcohol)
        }
      }
    } else if own == nil, alcoholByName {
      // Matched to nothing: the food with alcohol of the same name, looked up once per food name
      // (without detail the name is coded for this alone).
      share = coder.alcoholShare(
        ofFood: keepsDetail ? food : coder.food(bytes(entry.foodName)), in: rules.energyConsistency.alcohol)
    }
    let alcohol = rules.energyConsistency.alcohol(own: own, share: share, calories: entry.amounts[.calories])
    builders[builder].add(
      entry.amounts, alcohol: alcohol, confidence: entry.confidence, food: food, meal: meal,
      ingredient: ingredient, reviewed: entry.reviewed, at: place(entry.timestamp, line: entry.line, offset: offset))
    if keepsDetail || keepsMicronutrientNames {
      for (name, amount) in zip(entry.micronutrientNames, entry.micronutrientAmounts) {
        builders[builder].addMicronutrient(coder.micronutrient(bytes(name)), amount: amount)
      }
    }
    if let dimension = rules.breakdown { split(&entry, by: dimension, into: builder, bytes) }
  }

  /// Counts `entry` (added last to builder number `builder`) for its value of `dimension`: in each
  /// of its tags (each distinct tag once), in the "no value" tally when it has none.
  private mutating func split(
    _ entry: inout ScannedEntry, by dimension: BreakdownDimension, into builder: Int,
    _ bytes: (ByteSpan) -> UnsafeBufferPointer<UInt8>
  ) {
    let amounts = entry.amounts
    switch dimension {
    case .meal: count(entry.meal.map(bytes), amounts, into: builder)
    case .food: count(bytes(entry.foodName), amounts, into: builder)
    case .ingredient, .recipe: count(entry.matchedIngredientID.map(bytes), amounts, into: builder)
    case .hour:
      Self.hourLabels[min(23, entry.timestamp.secondOfDay / 3600)].withUnsafeBufferPointer {
        count($0, amounts, into: builder)
      }
    case .weekday: preconditionFailure("a split by weekday is read from the day totals (`BreakdownDimension.tallied`)")
    case .tag:
      let tags = entry.tags.map(bytes)
      if tags.isEmpty { return count(nil, amounts, into: builder) }
      for (index, tag) in tags.enumerated() where !tags[..<index].contains(where: { $0.elementsEqual(tag) }) {
        count(tag, amounts, into: builder)
      }
    }
  }

  /// Counts an entry of `amounts` for the breakdown value `value` (nil: none) in builder number `builder`.
  private mutating func count(_ value: UnsafeBufferPointer<UInt8>?, _ amounts: NutrientAmounts, into builder: Int) {
    builders[builder].addBreakdown(value.map { coder.breakdownValue($0) } ?? -1, amounts: amounts)
  }

  /// The value of each hour of the day for `--by hour`: `00:00` … `23:00`.
  static let hourLabels: [[UInt8]] = (0..<24).map { Array(((($0 < 10) ? "0" : "") + "\($0):00").utf8) }

  /// An entry read but left out of the digests (a query does not match it): it counts only for the
  /// journal-wide id check (and as skipped when its line is excluded), as it would in every digest.
  package mutating func leaveOut(_ entry: borrowing ScannedEntry) {
    guard counts(line: entry.line) else { return }
    idHashes.append(DuplicateIDFinder.mixed(entry.idValue))
  }

  /// The file's digests, names coded into the coder's `names`, and the coder for the run's next file.
  package consuming func finish() -> (digest: FileDigest, coder: NameCoder) {
    if keepsDetail || keepsMicronutrientNames || rules.breakdown != nil { coder.codeNames() }
    let days = builders.map { $0.digest(codes: coder.codes) }.sorted { $0.day < $1.day }
    let digest = FileDigest(
      days: days, dates: days.map(\.day), idHashes: idHashes, diagnostics: diagnostics, skippedLines: skippedLines)
    return (digest, coder)
  }

  @inline(__always)
  private mutating func counts(line: Int) -> Bool {
    guard !excluded.isEmpty, excluded.contains(line) else { return true }
    skippedLines += 1
    return false
  }

  /// The index of the builder of the date `timestamp` counts for, made when new.
  @inline(__always)
  private mutating func builder(of timestamp: Timestamp) -> Int {
    let day = Int32(timestamp.localDate.dayNumber)
    if current < builders.count, builders[current].day == day { return current }
    return otherBuilder(day: day)
  }

  /// `builder(of:)` for a date other than the last one's.
  @inline(never)
  private mutating func otherBuilder(day: Int32) -> Int {
    current =
      builderOfDay[day]
      ?? {
        builders.append(
          DayDigestBuilder(
            day: day, file: file, rules: rules, keepsDetail: keepsDetail,
            keepsMicronutrientNames: keepsMicronutrientNames))
        builderOfDay[day] = builders.count - 1
        return builders.count - 1
      }()
    return current
  }

  private func place(_ timestamp: Timestamp, line: Int, offset: Int) -> DayDigestBuilder.Place {
    DayDigestBuilder.Place(secondOfDay: Int32(timestamp.secondOfDay), line: Int32(line), offset: Int64(offset))
  }
}
