/// The fields a query term names (`FIELD:VALUE`, manual: queries), declared once: parsing, the
/// help and "did you mean" iterate them. Nutrients are named by `Nutrient` (`QueryField.nutrientNames`)
/// and micronutrients by their own names (any name with `_`, `sodium_mg`).
package enum QueryField: String, CaseIterable, Sendable {
  case food, meal, tag, desc, note, ingredient, matched, conf, weekday, time, id

  /// What the value is, for the help.
  package var value: String {
    switch self {
    case .food, .desc, .note: "REGEX"
    case .meal, .tag, .weekday: "NAME[,NAME…]"
    case .ingredient: "ID"
    case .matched: "yes|no"
    case .conf: "[<|<=|>|>=|=]NUMBER"
    case .time: "HH:MM-HH:MM"
    case .id: "PREFIX"
    }
  }

  /// What the term matches, for the help.
  package var meaning: String {
    switch self {
    case .food: "the food name matches the regular expression"
    case .desc: "the raw description (what was said or typed) matches"
    case .note: "the note matches (an entry without a note never does)"
    case .meal: "the meal is one of the names"
    case .tag: "one of the entry's tags is one of the names"
    case .ingredient: "the matched ingredient's id is ID"
    case .matched: "the entry is (yes) or is not (no) matched to an ingredient"
    case .conf: "the confidence compares so with the number"
    case .weekday: "the entry's date is one of the weekdays (mon … sun)"
    case .time: "the local time is in the range, both minutes included"
    case .id: "the entry's id starts with PREFIX"
    }
  }

  /// The names a nutrient comparison may use, each with its nutrient: every `Nutrient`'s key and
  /// option name, and `kcal` for calories.
  package static let nutrientNames: [(name: String, nutrient: Nutrient)] = {
    var names: [(String, Nutrient)] = [("kcal", .calories)]
    for nutrient in Nutrient.all {
      names.append((nutrient.key, nutrient))
      if nutrient.optionName != nutrient.key { names.append((nutrient.optionName, nutrient)) }
    }
    return names
  }()

  /// The bare words that are terms by themselves, with the weekdays (ISO, Monday = 1) they mean.
  package static let dayWords: [(word: String, weekdays: Set<Int>)] = [
    ("weekend", [6, 7]), ("weekdays", [1, 2, 3, 4, 5]),
  ]

  /// What names a saved query (`q:out`, manual: queries): the journal's config `"queries"`.
  package static let savedPrefix = "q:"

  /// Every name a term may start with, for "did you mean".
  package static var allNames: [String] {
    allCases.map(\.rawValue) + nutrientNames.map(\.name) + dayWords.map(\.word) + ["not", "q"]
  }
}
