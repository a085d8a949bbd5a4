import DemeterCore
import DemeterReports

/// `digest`: a journal's day digests (or a cohort's, each journal kept apart) written to a digest
/// file (manual: many-journals), for `merge` and `--digest`.
enum DigestCommand {
  static let command = Command(
    name: "digest",
    abstract: "Write journals' day digests to a digest file, for merge and --digest.",
    positionals: [],
    discussion: """
      Reads the journal (or each journal of --journals DIR, or of --journal given more than once,
      kept apart by name) and writes its day digests to FILE: the exact partial totals of each date,
      with the settings they were made under (confidence thresholds, energy-consistency tolerance,
      ingredient alcohol) and each journal's own settings (name, goals, week start, time zone). The
      bytes depend only on the journals and these settings, not on the machine or the paths given.
      Digest files merge exactly with 'demeter-report merge', and any report reads them with
      --digest FILE in place of --journal, giving the same report the journals give. With --cohort
      the file keeps only what a cohort report shows of each day (entries, entries to review, and
      calories, protein, carbohydrates and fat): about a twentieth of the bytes, read by cohort
      reports. With --query Q the digests hold only the entries Q matches ('help queries'), and the
      file records Q: a report of it answers Q, and files of different queries do not merge.
      With --by DIMENSION each day's entries are also split by it, and the file records it: a
      report of it answers --by DIMENSION (--by weekday any digest file answers), and files split
      by different dimensions do not merge.
      Exits with 2 when the journals were read under different thresholds, 3 when FILE cannot be
      written.
      """,
    examples: [
      ("digest --journal alice -o alice.digest", "Alice's journal as a digest file."),
      ("digest --journals clients -o clients.digest", "Every journal under clients/, each kept apart."),
      ("digest --journals clients --cohort -o clients.digest", "The same, for cohort reports only."),
      ("week all --digest alice.digest", "Every week of Alice's journal, from her digest file."),
      ("digest --journal alice --query meal:dinner -o dinners.digest", "Only Alice's dinners."),
      ("digest --journals clients --cohort --by meal -o meals.digest", "For cohort reports split by meal."),
    ],
    options: CommonOptions.reading + [
      CommonOptions.journals, OutputOptions.output, cohortForm, ReportCommands.lowConfidence,
      ReportCommands.highConfidence, ReportCommands.review, QueryOptions.query, BreakdownOptions.kept,
    ] + ReportCommands.goals,
    run: run)

  /// `--cohort`: the file in the cohort form (`DigestFileForm.cohort`).
  static let cohortForm = OptionSpec.flag(
    "cohort",
    help: "Keep only what cohort reports show of each day (about a twentieth of the bytes); only cohort reports "
      + "read the file.")

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let output = try OutputOptions.requiredFile(arguments, command: "digest")
    let source: ReportRequest.Source =
      if let journals = try CommonOptions.journalSet(arguments, &console) {
        .journals(journals)
      } else {
        try CommonOptions.journalFolder(arguments).map { .journal($0) } ?? .sample
      }
    var request = DigestFileRequest(
      source, settings: try ReportCommands.settings(arguments), form: arguments.has(cohortForm) ? .cohort : .full,
      to: output)
    CommonOptions.reading(&request, arguments)
    request.query = try QueryOptions.asked(arguments, words: [], source: source)
    request.breakdown = try BreakdownOptions.dimension(arguments)
    try ReportMaker.writeDigestFile(request, &console)
    return 0
  }
}
