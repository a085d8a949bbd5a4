import DemeterCore
import DemeterReports

/// `import --from KIND FILE…`: brings other trackers' exports into the journal (manual: importing).
enum ImportCommand {
  static let from = OptionSpec.value(
    "from", "KIND",
    help: "The export's kind: " + ImportKind.allCases.map(\.rawValue).joined(separator: ", ") + ".")

  static let command = Command(
    name: "import",
    abstract: "Import other trackers' exports (Cronometer, MyFitnessPal, Lose It!, the app, any CSV).",
    usageOptions: [from], positionals: [.repeated("FILE")],
    discussion: """
      KIND is one of:
      \(ImportKind.allCases.map { "  " + $0.rawValue.padding(13) + $0.summary }.joined(separator: "\n"))
      Each row becomes one entry with confidence 1 (logged by hand elsewhere) unless the source says
      otherwise, keeping its meal or group (another group name becomes a tag), note, fibre, sugar and
      the micronutrients the export has (as sodium_mg, vitamin_c_mg, …). A row without a time gets
      one by meal: breakfast 08:00, lunch 12:30, snacks 15:30, dinner 19:00, others 12:00. Times
      without an offset get the offset of --tz (else $DEMETER_TZ, the journal's timeZone, the
      local zone).
      Every row gets a fixed id made from the importer, the row's content as the export writes it
      (never --tz or another setting) and how many equal rows came before it, so importing a file
      again adds nothing and an export that overlaps an earlier one adds only its new rows; a row
      changed in the tracker since is a new entry. The app's own ids (and a csv id column) are kept:
      rows sharing one are imported once when equal, and are bad rows when they differ. Entries the
      journal already has that differ from the export's rows (edited in the app since) are counted
      and left as they are; --update replaces them with the export's version.
      A bad row is reported as FILE:ROW:COLUMN (the row's line in the file, the column's number)
      and nothing is written, unless --skip-bad, which imports the other rows. The entries are
      written as 'add' writes them: under the journal lock, each where 'fmt' would put it in the day
      file of its date, every other line byte-identical, all the files at once or none.
      --dry-run prints the lines that would be added (with --update, also those that would replace
      an entry), and writes nothing.
      The generic csv importer reads columns named like the fields (foodName, calories, protein,
      carbohydrates, fat, timestamp or date, …) and any others given by --map field=Column,…
      or by --map-file FILE (one field=Column a line, # comments). The fields:
        \(ImportField.mappingNames.prefix(11).joined(separator: ", "))
        \(ImportField.mappingNames.dropFirst(11).joined(separator: ", "))
      (date is 2026-11-21 or 11/21/2026, time 08:15 or 8:15 AM, amount '1.00 cup', tags split at ';').
      Numbers may have thousands separators (1,234.5); --decimal-comma reads 1.234,5. The delimiter
      (comma, semicolon or tab) is the one the header uses.
      Weights go to the body log, body.jsonl ('help body-log'): a file whose header is that of the
      tracker's weight export (Cronometer's biometrics.csv: Day, Metric, Unit, Amount; MyFitnessPal's
      measurements or Lose It!'s weights.csv: Date, Weight) gives one weigh-in a Weight row, at its
      Time or else 07:00, in the row's unit, the column's ('Weight (lbs)'), else --unit kg|lb, else
      the journal's weightUnit. Rows of other metrics and deleted rows are left out and counted. A
      weigh-in with the same moment and weight as one in the log is already there, so importing the
      file again adds nothing. Weights and food are imported separately.
      """,
    examples: [
      ("import --from cronometer servings.csv", "Import a Cronometer export."),
      ("import --from cronometer --dry-run servings.csv", "Show what would be added; write nothing."),
      (
        "import --from myfitnesspal 'Nutrition-Summary.csv' --tz Europe/Berlin",
        "One entry per meal, times in Berlin."
      ),
      ("import --from loseit --skip-bad food-log.csv", "Import a Lose It! log, leaving out bad rows."),
      ("import --from demeter-app export.json", "Import the iOS app's export, ids kept."),
      (
        "import --from demeter-app --update export.json",
        "Also take the app's edits of entries imported before."
      ),
      (
        "import --from csv --map foodName=Food,calories=kcal,protein=P,carbs=C,fat=F,date=Day log.csv",
        "Import any CSV, naming its columns."
      ),
      (
        "import --from csv --map-file columns.txt --decimal-comma export.csv",
        "A mapping file; numbers like 12,5."
      ),
      ("import --from cronometer biometrics.csv", "Import Cronometer's weigh-ins into body.jsonl."),
      ("import --from myfitnesspal --unit lb Measurements.csv", "MyFitnessPal weights, written in pounds."),
    ],
    options: [
      CommonOptions.journal, from, map, mapFile, decimalComma, dryRun, skipBad, update, timeZone, unit,
      CommonOptions.quiet, CommonOptions.lockTimeout,
    ],
    run: run)

  static let map = OptionSpec.value(
    "map", "FIELD=COLUMN,…", help: "csv: which column holds which field (repeatable pairs).")
  static let mapFile = OptionSpec.value(
    "map-file", "FILE", help: "csv: the mapping in a file, one field=Column a line.")
  static let decimalComma = OptionSpec.flag(
    "decimal-comma", help: "Numbers are written 1.234,5 (decimal comma).")
  static let unit = OptionSpec.value(
    "unit", "kg|lb", help: "Weights: the unit of a weight export that names none (default: weightUnit).")
  static let dryRun = OptionSpec.flag("dry-run", help: "Print the lines that would be added; write nothing.")
  static let skipBad = OptionSpec.flag(
    "skip-bad", help: "Import the good rows when some are bad (they are still reported).")
  static let update = OptionSpec.flag(
    "update", help: "Replace the journal's entries that differ from the export with its version.")
  /// `--tz` as an import reads it: the offset of times written without one.
  static let timeZone = OptionSpec.value(
    "tz", "ZONE", help: "Write times without an offset with ZONE's offset (UTC, +05:30, Europe/Berlin, local).")

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let kind = try self.kind(arguments)
    let files = arguments.positionals
    guard !files.isEmpty else { throw .usage("import needs the file(s) to import (or '-' for stdin)") }
    if files.count(where: { $0 == "-" }) > 1 { throw .usage("'-' (stdin) can be given once") }
    let mapping = try self.mapping(arguments, kind: kind)
    let context = try JournalWriteContext(arguments)
    let settings = try context.settings(arguments, &console)
    let options = ImportKind.Options(
      decimalStyle: arguments.has(decimalComma) ? .comma : .point,
      zone: JournalWriteContext.writingZone(of: settings), mapping: mapping,
      weightUnit: try weightUnit(arguments) ?? settings.config.weightUnit)
    var request = ImportRequest(kind, files: files, options: options)
    request.update = arguments.has(update)
    request.dryRun = arguments.has(dryRun)
    request.skipBad = arguments.has(skipBad)
    request.quiet = arguments.has(CommonOptions.quiet)
    return try ReportMaker.importEntries(request, into: context.entries, &console) ? 0 : 1
  }

  /// `--unit kg|lb`, if given.
  private static func weightUnit(_ arguments: ParsedArguments) throws(CommandError) -> WeightUnit? {
    guard let text = arguments.value(unit) else { return nil }
    guard let given = WeightUnit(rawValue: text.lowercased()) else {
      throw .usage("--unit must be kg or lb (got '\(TerminalSafeText.escaped(text))')")
    }
    return given
  }

  /// `--from KIND`.
  private static func kind(_ arguments: ParsedArguments) throws(CommandError) -> ImportKind {
    let names = ImportKind.allCases.map(\.rawValue)
    guard let name = arguments.value(from) else {
      throw .usage("import needs --from KIND, one of " + names.joined(separator: ", "))
    }
    guard let kind = ImportKind(rawValue: name.lowercased()) else {
      var message = "unknown --from '\(name)'; importers: " + names.joined(separator: ", ")
      if let suggestion = Suggestion.closest(to: name.lowercased(), among: names) {
        message += " (did you mean '\(suggestion)'?)"
      }
      throw .usage(message)
    }
    return kind
  }

  /// The column mapping of `--map` and `--map-file` (the file first, so `--map` can add to it).
  private static func mapping(_ arguments: ParsedArguments, kind: ImportKind) throws(CommandError)
    -> CSVColumnMapping
  {
    let given = [map, mapFile, decimalComma].filter(arguments.has)
    if kind == .demeterApp, given.contains(decimalComma) {
      throw .usage("--decimal-comma is for CSV exports (demeter-app exports are JSON)")
    }
    if kind != .csv, let option = given.first(where: { $0 != decimalComma }) {
      throw .usage("--\(option.long) goes with --from csv (\(kind.rawValue) exports have known columns)")
    }
    var mapping = CSVColumnMapping()
    var file: String?
    if let path = arguments.value(mapFile) {
      guard let text = TextFile.read(path) else {
        throw .usage("cannot read the mapping file '\(path)' (UTF-8 text)")
      }
      file = text
    }
    do throws(ImportProblem) {
      if let file { try mapping.add(file, separator: "\n") }
      if let pairs = arguments.value(map) { try mapping.add(pairs, separator: ",") }
    } catch {
      throw .usage("--map: \(error.message)")
    }
    return mapping
  }
}
