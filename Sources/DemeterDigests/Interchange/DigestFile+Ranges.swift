import DemeterFoundation
import DemeterJournal

/// The ranges a digest file's numbers are checked against on reading (manual: reliability): what
/// the day files of a journal can give. A digest file is untrusted input like a day file, so a value
/// outside them is refused before any number is added up; with at most `mostEntries` entries a
/// journal, each amount below 2⁶³ billionths and each confidence at most 10⁹, no sum of a journal's
/// digests, nor of a cohort's, can overflow.
extension DigestFile {
  /// The dates an entry can count for: years 0000–9999 in its own offset, a day either way once
  /// converted to another zone (`CivilDate.dayNumber`).
  package static let days: ClosedRange<Int32> = {
    let first = CivilDate(year: 0, month: 1, day: 1)!.dayNumber - 1
    let last = CivilDate(year: 9999, month: 12, day: 31)!.dayNumber + 1
    return Int32(first)...Int32(last)
  }()
  /// The most entries one journal of a digest file holds, so every count of a bucket fits an `Int32`.
  static let mostEntries = Int(Int32.max)

  /// A value out of range: where it is and what it is, e.g. `journal 'p1', 2026-11-21: calories …`.
  package struct OutOfRange: Error {
    package let place: String
  }

  /// Checks the settings and every journal's counts, sums and dates.
  /// - Complexity: O(n) in the file's days and list elements.
  func checkRanges() throws(OutOfRange) {
    let rules = settings.rules
    let one = FixedDecimal(1)!
    guard (.zero...one).contains(rules.lowConfidence) else {
      throw OutOfRange(place: "low-confidence threshold \(rules.lowConfidence) (0 to 1)")
    }
    guard (rules.lowConfidence...one).contains(rules.highConfidence) else {
      throw OutOfRange(
        place: "high-confidence threshold \(rules.highConfidence) (the low-confidence threshold to 1)")
    }
    for tolerance in [rules.energyConsistency.relative, rules.energyConsistency.calories]
    where tolerance < .zero {
      throw OutOfRange(place: "energy-consistency tolerance \(tolerance) (at least 0)")
    }
    for journal in journals {
      do throws(OutOfRange) {
        try journal.checkRanges(form: form)
      } catch {
        throw OutOfRange(place: "journal '\(journal.name)', \(error.place)")
      }
    }
  }

  /// The failure for `day`, out of `days`.
  package static func dayOutOfRange(_ day: Int32) -> OutOfRange {
    OutOfRange(place: "day number \(day), outside the years 0000 to 9999")
  }
}

extension DigestFileJournal {
  /// Checks goals, dates, flagged lines (one line each), and each day's values against its
  /// entries (those a file of `form` holds); all days hold at most `DigestFile.mostEntries` entries.
  func checkRanges(form: DigestFileForm) throws(DigestFile.OutOfRange) {
    for nutrient in GoalNutrient.allCases {
      if let goal = goals[nutrient], goal <= .zero {
        throw DigestFile.OutOfRange(place: "goal \(nutrient.rawValue) \(goal) (a positive number)")
      }
    }
    for file in files {
      if let day = file.day, !DigestFile.days.contains(day) { throw DigestFile.dayOutOfRange(day) }
    }
    for place in lines.keys.sorted() where lines[place]!.contains(UInt8(ascii: "\n")) {
      throw DigestFile.OutOfRange(
        place:
          "the flagged line at byte \(place.offset) of '\(files[Int(place.file)].path)' holds a line break")
    }
    var entries = 0
    for day in days {
      guard DigestFile.days.contains(day.day) else { throw DigestFile.dayOutOfRange(day.day) }
      do throws(DigestFile.OutOfRange) {
        try day.checkRanges(form: form)
      } catch {
        throw DigestFile.OutOfRange(place: "\(day.totals.date): \(error.place)")
      }
      entries += Int(day.totals.entries)
      guard entries <= DigestFile.mostEntries else {
        throw DigestFile.OutOfRange(
          place:
            "\(day.totals.date): entries \(entries) up to this date (at most \(DigestFile.mostEntries) a journal)"
        )
      }
    }
  }

  /// The number of entries of all days.
  package var entryCount: Int { days.reduce(0) { $0 + Int($1.totals.entries) } }
}

extension DayDigest {
  /// The most a sum of `entries` amounts can be in magnitude: each below 2⁶³ billionths.
  private static func amountBound(_ entries: Int32) -> UInt128 { UInt128(entries) * UInt128(Int64.max) }

  /// The most a sum of `entries` confidences can be: each at most 10⁹ billionths.
  private static func confidenceBound(_ entries: Int32) -> UInt128 {
    UInt128(entries) * UInt128(FixedDecimal.unitsPerOne)
  }

  /// Checks each count and sum a file of `form` holds against what the day's entries can give
  /// (a split row's too: an entry counts in several rows of tags, but in each at most once).
  func checkRanges(form: DigestFileForm) throws(DigestFile.OutOfRange) {
    func require(_ holds: Bool, _ what: @autoclosure () -> String) throws(DigestFile.OutOfRange) {
      if !holds {
        throw DigestFile.OutOfRange(
          place: what() + " (more than \(count: Int(totals.entries), "entry", plural: "entries") can give)")
      }
    }
    let entries = totals.entries
    let confidences = Int32(0)...Int32(FixedDecimal.unitsPerOne)
    if entries > 0, form == .full {
      try require(
        confidences.contains(totals.lowestConfidence) && confidences.contains(totals.highestConfidence)
          && totals.lowestConfidence <= totals.highestConfidence,
        "confidences \(totals.lowestConfidence) to \(totals.highestConfidence) billionths")
    }
    for nutrient in Nutrient.all {
      let sum = totals.sums[nutrient.ordinal]
      try require(sum.magnitude <= Self.amountBound(entries), "\(nutrient.key) \(FixedSum(billionths: sum))")
    }
    try require(
      totals.confidenceSum >= 0 && totals.confidenceSum.magnitude <= Self.confidenceBound(entries),
      "confidence sum \(totals.confidenceSum) billionths")
    try require(
      totals.confidenceCalories.magnitude <= Self.confidenceBound(entries) * UInt128(Int64.max),
      "confidence-weighted calories \(totals.confidenceCalories)")
    try require(
      totals.lowConfidenceCalories.magnitude <= Self.amountBound(entries),
      "low-confidence calories \(FixedSum(billionths: totals.lowConfidenceCalories))")
    var counted = 0
    for item in detail.confidences {
      try require(confidences.contains(item.value), "confidence \(item.value) billionths")
      counted += Int(item.entries)
      try require(
        counted <= Int(entries), "\(count: counted, "entry", plural: "entries") of listed confidences")
    }
    let tallies =
      detail.foods + detail.meals + detail.micronutrients + [detail.unspecifiedMeal, detail.unmatched]
    for tally in tallies + detail.ingredients.map(\.calories) {
      try require(
        tally.entries <= entries && tally.amount.magnitude <= Self.amountBound(entries),
        "a tally of \(count: Int(tally.entries), "entry", plural: "entries") and "
          + "\(FixedSum(billionths: tally.amount))")
    }
    for tally in detail.ingredients {
      try require(
        tally.confidence >= 0 && tally.confidence.magnitude <= Self.confidenceBound(tally.calories.entries),
        "an ingredient's confidence sum \(tally.confidence) billionths")
    }
    for tally in detail.breakdown {
      let sums = BreakdownTally.nutrients.indices.map { tally[sumAt: $0] }
      try require(
        (0...entries).contains(tally.entries)
          && sums.allSatisfy { $0.magnitude <= Self.amountBound(entries) },
        "a split row of \(count: Int(tally.entries), "entry", plural: "entries") and sums \(sums) billionths")
    }
    for candidate in detail.needsReview + detail.energyInconsistent
    where !DigestFile.days.contains(candidate.day) {
      throw DigestFile.dayOutOfRange(candidate.day)
    }
  }
}
