import DemeterFoundation
import DemeterJournal

/// The settings every day digest of a digest file was made under (manual: many-journals): the
/// confidence thresholds, the energy-consistency tolerance, the ingredients' alcohol shares and the
/// query that picked the entries (`digest --query`, recorded as its canonical text) and the dimension
/// each day's entries are split by (`digest --by`).
/// Files of other settings are never merged, and a report asking for other settings refuses a file.
///
/// Flagged lists are kept whole (`DigestRules.reviewLimit` 0), so a report cuts them to its own
/// `--limit`. Nothing here names the machine or the program's build: two machines running the same
/// version agree.
public struct DigestFileSettings: Sendable, Hashable {
  /// The rules the digests were made under, with every flagged entry kept.
  public let rules: DigestRules

  /// `rules` with their flagged lists kept whole.
  public init(rules: DigestRules) {
    var whole = rules
    whole.reviewLimit = 0
    // The shares themselves, not the journal file they were read from.
    whole.energyConsistency.alcohol =
      IngredientAlcohol(text: rules.energyConsistency.alcohol.text) ?? IngredientAlcohol()
    self.rules = whole
  }

  /// Each setting by the name messages give it, with its value as text, in file order.
  public var fields: [(name: String, value: String)] {
    let energy = rules.energyConsistency
    return [
      ("low-confidence threshold", rules.lowConfidence.description),
      ("high-confidence threshold", rules.highConfidence.description),
      ("energy-consistency tolerance", energy.relative.description),
      ("energy-consistency tolerance in kcal", energy.calories.description),
      (
        "ingredient alcohol shares",
        energy.alcohol.text.isEmpty ? "none" : "#" + Self.shortHash(energy.alcohol.text)
      ),
      ("unmatched entries", rules.reviewsUnmatched ? "to review" : "counted"),
      ("query", rules.query.map { "'\($0.canonicalText)'" } ?? "none (every entry)"),
      (Self.breakdownField, rules.breakdown?.rawValue ?? "none"),
    ]
  }

  /// The name of the setting of the dimension the days are split by.
  public static let breakdownField = "split (--by)"

  /// The first setting whose value differs in `other`: its name and both values.
  public func difference(from other: DigestFileSettings) -> (name: String, mine: String, theirs: String)? {
    zip(fields, other.fields).first { $0.value != $1.value }.map { ($0.name, $0.value, $1.value) }
  }

  /// The rules a report with flagged lists of `limit` (0: all) reads these digests under.
  public func rules(limit: Int) -> DigestRules {
    var cut = rules
    cut.reviewLimit = limit
    return cut
  }

  private static func shortHash(_ text: String) -> String {
    String(ContentHash.hash(text), radix: 16)
  }
}
