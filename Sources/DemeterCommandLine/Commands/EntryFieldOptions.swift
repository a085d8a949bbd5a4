import DemeterCore
import DemeterReports

/// The entry field options shared by `add` and `edit`, and what they turn into.
enum EntryFieldOptions {
  static let food = OptionSpec.value("food", "NAME", help: "Food name (foodName).")
  static let description = OptionSpec.value(
    "description", "TEXT", help: "What was said or typed (rawDescription; add: default empty).")
  static let quantity = OptionSpec.value("quantity", "N", help: "How much, in --unit (add: default 1).")
  static let unit = OptionSpec.value("unit", "UNIT", help: "Unit of --quantity (add: default serving).")
  static let alcohol = OptionSpec.value(
    "alcohol", "N", help: "Alcohol in grams (optional; the energy check counts 7 kcal/g).")
  static let confidence = OptionSpec.value(
    "confidence", "C", help: "How sure the estimate is, 0 to 1 (add: default 1).")
  static let meal = OptionSpec.value("meal", "MEAL", help: "breakfast, lunch, dinner or snack.")
  static let time = OptionSpec.value(
    "time", "TIME",
    help: "When it was eaten, RFC 3339 like 2026-11-21T08:15:00-05:00 (add: default now); without an "
      + "offset, that of --tz, the journal's timeZone, else the local zone.")
  static let note = OptionSpec.value("note", "TEXT", help: "A free-form note (edit: --note '' removes it).")

  static let all: [OptionSpec] =
    [food, description, quantity, unit] + nutrientOptions.map(\.option) + [
      alcohol, confidence, meal, time, note,
    ]

  /// The option of each nutrient an entry states, in `Nutrient.all` order: the one place options and
  /// nutrients are paired (`add`, `edit`, and what `add --ingredient` and `add --recipe` compute).
  static let nutrientOptions: [(nutrient: Nutrient, option: OptionSpec)] = Nutrient.all.map { nutrient in
    let key = nutrient.optionName == nutrient.key ? "" : " (\(nutrient.key))"
    let optional = nutrient.isRequired ? "" : " (optional)"
    let unit = nutrient.unit == "g" ? "grams" : nutrient.unit
    return (nutrient, .value(nutrient.optionName, "N", help: "\(nutrient.name) in \(unit)\(key)\(optional)."))
  }

  /// The options whose values a food of the database or a recipe computes (`add --ingredient`,
  /// `add --recipe`), so they cannot be given with one.
  static let computedByFood = [quantity, unit] + nutrientOptions.map(\.option) + [alcohol]

  /// Whether any field option was given.
  static func anyGiven(_ arguments: ParsedArguments) -> Bool {
    all.contains { arguments.has($0) }
  }

  /// The value of a number option in its shortest exact form (`12.50` → `12.5`).
  static func number(_ option: OptionSpec, _ arguments: ParsedArguments) throws(CommandError) -> JSONNumber? {
    guard let text = arguments.value(option) else { return nil }
    return try TypedNumber.read(text, named: "--\(option.long)")
  }

  /// `--meal`, lowercased; an unknown meal is a usage error (a typo, most likely).
  static func meal(_ arguments: ParsedArguments) throws(CommandError) -> Meal? {
    guard let text = arguments.value(meal) else { return nil }
    guard let meal = Meal(rawValue: text.lowercased()) else {
      throw .usage("--meal must be breakfast, lunch, dinner or snack (got '\(text)')")
    }
    return meal
  }

  /// `--time`; a time written without a UTC offset gets the offset of `zone`
  /// (`JournalWriteContext.writingZone`).
  static func time(_ arguments: ParsedArguments, zone: TimeZoneRule) throws(CommandError) -> Timestamp? {
    guard let text = arguments.value(time) else { return nil }
    switch Timestamp.parse(text) {
    case .success(let timestamp): return timestamp.withOffset(of: zone)
    case .failure(let failure):
      throw .usage("--time must be an RFC 3339 time like 2026-11-21T08:15:00-05:00: \(failure.message)")
    }
  }

  /// Now, to the second, written with the offset `zone` has now; on `today` when given.
  static func now(today: CivilDate?, zone: TimeZoneRule) -> Timestamp {
    let seconds = SystemClock.unixSeconds()
    let offset =
      zone.utcOffset(atUnixSeconds: seconds) ?? LocalTimeZone.rules.utcOffset(atUnixSeconds: seconds)
    var timestamp = Timestamp(unixSeconds: seconds, utcOffsetSeconds: offset)
    if let today { timestamp.localDate = today }
    return timestamp
  }

  /// Prints `diagnostics` (warnings only without `--quiet`); returns whether there were errors.
  static func report(_ diagnostics: [Diagnostic], quiet: Bool, _ console: inout Console) -> Bool {
    var failed = false
    for diagnostic in diagnostics where diagnostic.severity == .error || !quiet {
      console.error(diagnostic.rendered)
      if diagnostic.severity == .error { failed = true }
    }
    return failed
  }

  /// A repository error as the command's outcome: I/O problems end with exit 3, the rest are
  /// printed and give exit 1 (bad input; nothing was written).
  static func fail(_ error: ModelError, _ console: inout Console) throws(CommandError) -> Int32 {
    try ReportProblems.sayRefusal(error, &console)
    return 1
  }
}
