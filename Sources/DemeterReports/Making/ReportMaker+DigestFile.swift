import DemeterCore

extension ReportMaker {
  /// One journal of a digest file, ready to be read.
  private struct DigestMember: Sendable {
    var name: String
    var folder: String?
    var context: JournalContext
    var aggregation: AggregationOptions
    var loadOptions: JournalLoadOptions
  }

  /// Writes the day digests of the journals `request` names, read with its settings, query and
  /// split, to its digest file in its form (manual: many-journals).
  /// - Throws: a usage error for digest files as the source or journals read under different
  ///   thresholds; journal errors with `strict`; an I/O error when the file cannot be written.
  public static func writeDigestFile(_ request: DigestFileRequest, _ console: inout Console) throws(CommandError) {
    let form = request.form
    let named: [(name: String, folder: String?)]
    switch request.source {
    case .journal(let folder): named = [(JournalSet.name(of: folder), folder)]
    case .sample: named = [("sample", nil)]
    case .journals(let journals): named = zip(journals.names, journals.paths).map { ($0, $1) }
    case .digestFiles: throw .usage("a digest file is made from journals: give --journal or --journals")
    }
    var members: [DigestMember] = []
    for (name, folder) in named {
      let context = try JournalContext(
        folder: folder, settings: request.settings, quiet: request.quiet, &console)
      var aggregation = try request.settings.aggregation(config: context.config)
      // Flagged lists kept whole, so any report's --limit can cut them; the cohort form lists none,
      // and reads the journal as a report does, through the cache its reports keep.
      aggregation.reviewLimit = form == .full ? 0 : ReportSettings.defaultReviewLimit
      aggregation.energyConsistency.alcohol = context.source.ingredientAlcohol()
      aggregation.query = request.query?.query
      aggregation.breakdown = request.breakdown
      var loadOptions = JournalLoadOptions.reading(zone: context.zone, usesCache: request.usesCache)
      loadOptions.keepsDetail = form == .full || request.breakdown?.tallied != nil
      if named.count > 1 { loadOptions.threads = 1 }
      members.append(
        DigestMember(
          name: name, folder: folder, context: context, aggregation: aggregation, loadOptions: loadOptions))
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
      let read = member.context.source.digests(member.loadOptions, rules: DigestRules(member.aggregation))
      let (name, folder, context) = (member.name, member.folder ?? "", member.context)
      return (
        problems: (read.diagnostics, read.skippedLines),
        journal: form == .full
          ? DigestFileJournal(
            name: name, folder: folder, digests: read, weekStart: context.weekStart, timeZone: context.zone,
            goals: member.aggregation.goals)
          : DigestFileJournal(
            cohortOf: name, folder: folder, digests: read, weekStart: context.weekStart,
            timeZone: context.zone,
            goals: member.aggregation.goals)
      )
    }
    for (member, read) in zip(members, reads) {
      try ReportProblems.say(
        read.problems.0, skippedLines: read.problems.1, strict: request.strict, quiet: request.quiet,
        &console,
        journal: named.count > 1 ? member.name : nil)
    }
    try DigestFiles.write(
      DigestFile(settings: settings[0], form: form, journals: reads.map(\.journal)), to: request.output)
  }
}
