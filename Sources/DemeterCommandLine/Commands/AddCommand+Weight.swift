import DemeterCore
import DemeterReports

/// `add --weight KG-or-LB`: one line appended to the journal's body log (manual: body-log).
extension AddCommand {
  static let weight = OptionSpec.value(
    "weight", "N",
    help: "Add a weigh-in to body.jsonl instead of an entry: N in --unit kg or lb (else the journal's "
      + "weightUnit, else kg), at --time (default now), with --note.")
  static let bodyFat = OptionSpec.value("body-fat", "PERCENT", help: "With --weight: body fat, in percent.")
  static let waist = OptionSpec.value("waist", "CM", help: "With --weight: waist circumference, in cm.")
  /// The options of a weigh-in; any other entry option with `--weight` is a usage error.
  static let weightOptions = [weight, bodyFat, waist]

  /// Adds the weigh-in the options describe and says what it wrote (unless `--quiet`).
  static func addWeight(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32
  {
    let allowed = weightOptions + [EntryFieldOptions.unit, EntryFieldOptions.time, EntryFieldOptions.note]
    if let other = (EntryFieldOptions.all + ingredientOptions + recipeOptions + [json]).first(where: {
      arguments.has($0) && !allowed.contains($0)
    }) {
      throw .usage("--weight adds a weigh-in, not an entry: --\(other.long) does not go with it")
    }
    if !arguments.positionals.isEmpty { throw .usage("--weight takes no arguments besides its options") }
    if arguments.has(CommonOptions.today), arguments.has(EntryFieldOptions.time) {
      throw .usage("--today and --time go separately: --time already names the day")
    }
    let context = try JournalWriteContext(arguments)
    let settings = try context.settings(arguments, &console)
    var unit = settings.config.weightUnit ?? .kg
    if let text = arguments.value(EntryFieldOptions.unit) {
      guard let given = WeightUnit(rawValue: text.lowercased()) else {
        throw .usage("with --weight, --unit must be kg or lb (got '\(TerminalSafeText.escaped(text))')")
      }
      unit = given
    }
    let zone = JournalWriteContext.writingZone(of: settings)
    let today = try CommonOptions.givenToday(arguments)
    let timestamp =
      try EntryFieldOptions.time(arguments, zone: zone) ?? EntryFieldOptions.now(today: today, zone: zone)
    var members: [(BodyField, String)] = [
      (.timestamp, JSONWriter.quoted(timestamp.rfc3339)),
      (BodyField(weightIn: unit), try number(weight, arguments)),
    ]
    if arguments.has(bodyFat) { members.append((.bodyFatPercent, try number(bodyFat, arguments))) }
    if arguments.has(waist) { members.append((.waistCentimetres, try number(waist, arguments))) }
    if let note = arguments.value(EntryFieldOptions.note) { members.append((.note, JSONWriter.quoted(note))) }
    // Read back as the log is read, so the options meet the log's own rules and messages.
    let line = "{" + members.map { "\"\($0.0.rawValue)\":\($0.1)" }.joined(separator: ",") + "}\n"
    let read = BodyLog.read(Array(line.utf8), path: "<options>")
    guard let measurement = read.measurements.first else {
      for problem in read.diagnostics where problem.severity == .error {
        console.error("demeter-report: error: \(TerminalSafeText.escaped(problem.message))")
      }
      return 1
    }
    let writer = BodyLogWriter(journal: context.journal, lockWaiting: context.lockWaiting)
    do throws(ModelError) {
      try writer.append(measurement)
    } catch {
      throw .io(error.message)
    }
    if !arguments.has(CommonOptions.quiet) {
      console.print("added \(measurement.weight) \(unit.rawValue) at \(timestamp.rfc3339) to \(writer.path)")
    }
    return 0
  }

  /// The number `option` gives, as a JSON number literal.
  private static func number(_ option: OptionSpec, _ arguments: ParsedArguments) throws(CommandError)
    -> String
  {
    let text = arguments.value(option) ?? ""
    guard (try? JSONParser().parse(text)).map({ if case .number = $0 { true } else { false } }) == true else {
      throw .usage("--\(option.long) must be a number (got '\(TerminalSafeText.escaped(text))')")
    }
    return text
  }
}
