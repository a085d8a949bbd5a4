import DemeterCore
import DemeterReports

/// `merge FILE… -o OUT`: digest files merged into one (manual: many-journals).
enum MergeCommand {
  static let cohort = OptionSpec.flag(
    "cohort", help: "Keep each journal apart by name (parts of one journal, same name, are added together).")

  static let command = Command(
    name: "merge",
    abstract: "Merge digest files into one (every journal summed, or kept apart with --cohort).",
    positionals: [.repeated("FILE")],
    discussion: """
      Merges the digest files FILE… ('demeter-report digest') into one, exactly: digests of the same
      date are added, and any order or grouping of merges gives the same bytes. Without --cohort
      every journal of every file is added into one journal (goals that differ are dropped). With
      --cohort each journal is kept apart by name; journals of the same name are taken as parts of
      one person's journal (written on several machines) and added together, and must agree on goals,
      week start and time zone. A day file found in two parts is refused (it would be counted twice).
      Files made under different settings, of another format version, damaged, over 512 MiB, or with a
      count, sum or date out of range are refused with the files named, as is a merge whose counts
      would be out of range. Exits with 2 when the files do not go together, 3 when one cannot be read
      or OUT cannot be written.
      """,
    examples: [
      ("merge alice.digest bob.digest --cohort -o team.digest", "Two people's digests, kept apart."),
      ("merge monday.digest tuesday.digest -o both.digest", "Two parts added into one journal."),
      ("week all --digest team.digest", "The cohort report of the merged file."),
    ],
    options: [OutputOptions.output, cohort],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let output = try OutputOptions.requiredFile(arguments, command: "merge")
    guard !arguments.positionals.isEmpty else { throw .usage("merge needs at least one digest FILE") }
    let merged = try DigestFiles.merged(arguments.positionals, cohort: arguments.has(cohort))
    try DigestFiles.write(merged, to: output)
    return 0
  }
}
