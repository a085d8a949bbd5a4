import DemeterCore
import DemeterReports

/// `rm ID…`: removes entries, rewriting only their day files (manual: writing).
enum RemoveCommand {
  static let command = Command(
    name: "rm",
    abstract: "Remove entries by id; other lines stay byte-identical.",
    positionals: [.repeated("ID")],
    discussion: """
      Each ID is an entry's id or a unique prefix of it (at least 4 characters, as in git); a prefix
      that several ids start with lists them and removes nothing.
      Removes each entry's line from its day file (rewritten under the journal lock; all the files
      change at once, or none); every other line stays byte-identical. All ids are looked up first:
      if one is unknown, nothing is removed and the exit code is 2 (a usage error, like a mistyped
      argument).
      """,
    examples: [
      ("rm 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", "Remove one entry."),
      ("rm 6f0c9a52", "The same, by a unique prefix of its id."),
      ("rm --journal ~/food 6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", "Remove an entry from another journal."),
    ],
    options: [CommonOptions.journal, CommonOptions.quiet, CommonOptions.lockTimeout],
    run: run)

  static func run(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    let ids = arguments.positionals
    guard !ids.isEmpty else { throw .usage("rm needs the id of the entry to remove") }
    let repository = try JournalWriteContext(arguments).entries
    let removed: [String]
    do throws(ModelError) {
      removed = try repository.delete(ids: ids)
    } catch {
      if case .notFound(let what) = error { throw .usage("no \(what)") }
      if case .ambiguousID = error { throw .usage(error.message) }
      return try EntryFieldOptions.fail(error, &console)
    }
    if !arguments.has(CommonOptions.quiet) {
      for id in removed { console.print("removed \(id)") }
    }
    return 0
  }
}
