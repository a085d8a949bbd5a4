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
      reports.
      Exits with 2 when the journals were read under different thresholds, 3 when FILE cannot be
      written.
      """,
    examples: [
      ("digest --journal alice -o alice.digest", "Alice's journal as a digest file."),
      ("digest --journals clients -o clients.digest", "Every journal under clients/, each kept apart."),
      ("digest --journals clients --cohort -o clients.digest", "The same, for cohort reports only."),
      ("week all --digest alice.digest", "Every week of Alice's journal, from her digest file."),
    ],
    options: CommonOptions.reading + [
      CommonOptions.journals, OutputOptions.output, cohortForm, ReportCommands.lowConfidence,
      ReportCommands.highConfidence,
    ] + ReportCommands.goals,
    run: run)

  /// `--cohort`: the file in the cohort form (`DigestFileForm.cohort`).
  static let cohortForm = OptionSpec.flag(
    "cohort",
    help: "Keep only what cohort reports show of each day (about a twentieth of the bytes); only cohort reports "
      + "read the file.")

  /// One journal, ready to be read.
  private struct Member: Sendable {
    var name: String
    var folder: String?
    var source: JournalSource
    var weekStart: WeekStart
    var zone: TimeZoneRule
    var aggregation: AggregationOptions
    var loadOptions: JournalLoadOptions
  }

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let output = try OutputOptions.requiredFile(arguments, command: "digest")
    let named: [(name: String, folder: String?)]
    if let journals = try CommonOptions.journalSet(arguments, &console) {
      named = zip(journals.names, journals.paths).map { ($0, $1) }
    } else {
      let folder = try CommonOptions.journalFolder(arguments)
      named = [(folder.map(JournalSet.name(of:)) ?? "sample", folder)]
    }
    let form: DigestFileForm = arguments.has(cohortForm) ? .cohort : .full
    var members: [Member] = []
    let given = try ReportCommands.settings(arguments)
    for (name, folder) in named {
      let context = try JournalContext(
        folder: folder, settings: given, quiet: arguments.has(CommonOptions.quiet), &console)
      var aggregation = try given.aggregation(config: context.config)
      // Flagged lists kept whole, so any report's --limit can cut them; the cohort form lists none,
      // and reads the journal as a report does, through the cache its reports keep.
      aggregation.reviewLimit = form == .full ? 0 : ReportSettings.defaultReviewLimit
      aggregation.energyConsistency.alcohol = context.source.ingredientAlcohol()
      var loadOptions = context.loadOptions(arguments)
      loadOptions.keepsDetail = form == .full
      if named.count > 1 { loadOptions.threads = 1 }
      members.append(
        Member(
          name: name, folder: folder, source: context.source, weekStart: context.weekStart,
          zone: context.zone,
          aggregation: aggregation, loadOptions: loadOptions))
    }
    let settings = members.map { DigestFileSettings(rules: DigestRules($0.aggregation)) }
    if let other = settings.firstIndex(where: { $0 != settings[0] }),
      let difference = settings[0].difference(from: settings[other])
    {
      throw .usage(
        "journals '\(TerminalSafeText.escaped(members[0].name))' and '\(TerminalSafeText.escaped(members[other].name))' "
          + "differ in their \(difference.name) (\(difference.mine) and \(difference.theirs)); a digest file holds "
          + "digests of one setting: give the option on the command line")
    }
    // Each journal goes into its file's form as soon as it is read, so its digests go before the next.
    let reads = ParallelMap.map(members) { member in
      let read = member.source.digests(member.loadOptions, rules: DigestRules(member.aggregation))
      let (name, folder) = (member.name, member.folder ?? "")
      return (
        problems: (read.diagnostics, read.skippedLines),
        journal: form == .full
          ? DigestFileJournal(
            name: name, folder: folder, digests: read, weekStart: member.weekStart, timeZone: member.zone,
            goals: member.aggregation.goals)
          : DigestFileJournal(
            cohortOf: name, folder: folder, digests: read, weekStart: member.weekStart, timeZone: member.zone,
            goals: member.aggregation.goals)
      )
    }
    for (member, read) in zip(members, reads) {
      try ReportProblems.say(
        read.problems.0, skippedLines: read.problems.1, strict: arguments.has(CommonOptions.strict),
        quiet: arguments.has(CommonOptions.quiet), &console, journal: named.count > 1 ? member.name : nil)
    }
    let journals = reads.map(\.journal)
    try DigestFiles.write(DigestFile(settings: settings[0], form: form, journals: journals), to: output)
    return 0
  }
}
