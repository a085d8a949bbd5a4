import DemeterCore
import DemeterReports

/// `edit ID`: changes fields of one entry, rewriting only its day file (manual: writing).
enum EditCommand {
  static let command = Command(
    name: "edit",
    abstract: "Change fields of one entry; other lines stay byte-identical.",
    positionals: [.required("ID")],
    discussion: """
      Sets the given fields of the entry with id ID (or a unique prefix of it, at least 4 characters,
      as in git) and rewrites its line in canonical key order; values not given, and keys the tool
      does not know, are kept. Only that entry's day file is rewritten (atomically, under the journal
      lock); every other line stays byte-identical. An entry whose time changes moves to where 'fmt'
      would put it; one whose date changes (--time) moves to that date's day file: both files change
      at once, so an interrupted move leaves the entry in one of them, never in both or in neither.
      Exits with 2 when no entry has that id (a usage error, like a mistyped argument), with 1 when the
      new values break a rule (nothing is written), with 3 when the journal cannot be written.
      """,
    examples: [
      ("edit 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11 --calories 200", "Correct the kcal of one entry."),
      ("edit 6f0c9a52 --calories 200", "The same, by a unique prefix of its id."),
      (
        "edit 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11 --meal lunch --note 'at the office'",
        "Set the meal and a note."
      ),
    ],
    options: [CommonOptions.journal] + EntryFieldOptions.all + [
      CommonOptions.timeZone, CommonOptions.quiet, CommonOptions.lockTimeout,
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
      throw .usage("edit needs exactly one entry id (got \(count: arguments.positionals.count, "argument"))")
    }
    guard EntryFieldOptions.anyGiven(arguments) else {
      throw .usage("edit needs at least one field option, e.g. --calories 200")
    }
    let context = try JournalWriteContext(arguments)
    let change = try Change(arguments, zone: try context.writingZone(arguments, &console))
    do throws(ModelError) {
      let entry = try context.entries.update(id: id) {
        change.apply(to: &$0)
      }
      if !arguments.has(CommonOptions.quiet) { console.print("edited \(entry.id)") }
      return 0
    } catch {
      if case .notFound = error { throw .usage("no entry with id \(id) in journal '\(context.journal)'") }
      if case .ambiguousID = error { throw .usage(error.message) }
      return try EntryFieldOptions.fail(error, &console)
    }
  }

  /// The field values given on the command line, checked before the journal is touched.
  struct Change {
    var strings: [(field: WritableKeyPath<FoodEntry, String>, value: String)] = []
    var numbers: [(field: WritableKeyPath<FoodEntry, Double>, value: Double)] = []
    var nutrients: [(nutrient: Nutrient, value: Double)] = []
    var alcohol: Double?
    var meal: Meal?
    var time: Timestamp?
    var note: String?

    init(_ arguments: ParsedArguments, zone: TimeZoneRule) throws(CommandError) {
      let stringOptions: [(OptionSpec, WritableKeyPath<FoodEntry, String>)] = [
        (EntryFieldOptions.food, \.foodName), (EntryFieldOptions.description, \.rawDescription),
        (EntryFieldOptions.unit, \.unit),
      ]
      for (option, field) in stringOptions {
        if let value = arguments.value(option) { strings.append((field, value)) }
      }
      if let number = try EntryFieldOptions.number(EntryFieldOptions.quantity, arguments) {
        numbers.append((\.quantity, number.doubleValue))
      }
      for (nutrient, option) in EntryFieldOptions.nutrientOptions {
        if let number = try EntryFieldOptions.number(option, arguments) {
          nutrients.append((nutrient, number.doubleValue))
        }
      }
      alcohol = try EntryFieldOptions.number(EntryFieldOptions.alcohol, arguments)?.doubleValue
      if let number = try EntryFieldOptions.number(EntryFieldOptions.confidence, arguments) {
        numbers.append((\.confidence, number.doubleValue))
      }
      meal = try EntryFieldOptions.meal(arguments)
      time = try EntryFieldOptions.time(arguments, zone: zone)
      note = arguments.value(EntryFieldOptions.note)
    }

    func apply(to entry: inout FoodEntry) {
      for (field, value) in strings { entry[keyPath: field] = value }
      for (field, value) in numbers { entry[keyPath: field] = value }
      for (nutrient, value) in nutrients { entry.set(nutrient, to: value) }
      if let alcohol { entry.alcohol = alcohol }
      if let meal { entry.meal = meal }
      if let time { entry.timestamp = time }
      if let note { entry.note = note.isEmpty ? nil : note }
    }
  }
}
