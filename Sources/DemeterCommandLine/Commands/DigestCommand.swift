import DemeterCore

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
      --digest FILE in place of --journal, giving the same report the journals give.
      Exits with 2 when the journals were read under different thresholds, 3 when FILE cannot be
      written.
      """,
    examples: [
      ("digest --journal alice -o alice.digest", "Alice's journal as a digest file."),
      ("digest --journals clients -o clients.digest", "Every journal under clients/, each kept apart."),
      ("week all --digest alice.digest", "Every week of Alice's journal, from her digest file."),
    ],
    options: CommonOptions.reading + [
      CommonOptions.journals, OutputOptions.output, ReportCommands.lowConfidence,
      ReportCommands.highConfidence,
    ] + ReportCommands.goals,
    run: run)

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

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CLIError) -> Int32 {
    let output = try DigestFiles.outputPath(arguments, command: "digest")
    let named: [(name: String, folder: String?)]
    if let journals = try JournalSet(arguments, &console) {
      named = zip(journals.names, journals.paths).map { ($0, $1) }
    } else {
      let folder = try JournalSource.folder(arguments)
      named = [(folder.map(JournalSet.name(of:)) ?? "sample", folder)]
    }
    var members: [Member] = []
    for (name, folder) in named {
      let context = try JournalContext(folder: folder, arguments, &console)
      var aggregation = try ReportCommands.aggregationOptions(arguments, config: context.config)
      // Flagged lists kept whole, so any report's --limit can cut them.
      aggregation.reviewLimit = 0
      aggregation.energyConsistency.alcohol = context.source.ingredientAlcohol()
      var loadOptions = context.loadOptions(arguments)
      loadOptions.keepsDetail = true
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
    let digests = ParallelMap.map(members) { member in
      member.source.digests(member.loadOptions, rules: DigestRules(member.aggregation))
    }
    var journals: [DigestFileJournal] = []
    for (member, read) in zip(members, digests) {
      try ReportCommands.reportProblems(
        read.diagnostics, skippedLines: read.skippedLines, arguments, &console,
        journal: named.count > 1 ? member.name : nil)
      journals.append(
        DigestFileJournal(
          name: member.name, folder: member.folder ?? "", digests: read, weekStart: member.weekStart,
          timeZone: member.zone, goals: member.aggregation.goals))
    }
    try DigestFiles.write(DigestFile(settings: settings[0], journals: journals), to: output)
    return 0
  }
}
