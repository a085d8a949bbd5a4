import DemeterCore

/// The journals of a cohort (manual: many-journals): journals named one by one (`--journal` given
/// more than once), and every journal directly under a folder of journals (`--journals DIR`,
/// `CohortFolders.journals(under:)`), sorted by name in byte order. Each is named by its folder's
/// name.
public struct JournalSet: Sendable {
  /// The journal folders, in name order.
  public let paths: [String]
  /// Their names, in the same order; no two alike.
  public let names: [String]

  /// Said when several journals are given to a report that has no cohort form.
  public static let onlyCohortReports =
    "several journals (--journal given more than once, or --journals) go with day, week, month, year, "
    + "range, nutrients and body (a cohort report)"

  public static let onlyBucketReports =
    "several journals (--journal given more than once, or --journals) go with day, week, month, year and "
    + "range (a cohort report)"

  /// The journals `journals` name one by one and those under each of `parents`. What is left out
  /// is said on `console` (unless `quiet`): a folder under a parent that leads out of it (only a
  /// journal named one by one is read elsewhere), and a second path to a journal already named (one
  /// real journal is one person).
  /// - Throws: a usage error for a parent folder that cannot be listed or holds no journal, for a
  ///   named journal that is not a folder or is the file system's root, or for two journals of the
  ///   same name.
  public init(journals given: [String], parents: [String], quiet: Bool, _ console: inout Console)
    throws(CommandError)
  {
    var paths: [String] = []
    for path in given {
      guard FileStatus.isFolder(path) else {
        throw .io("journal folder \(AtomicFileWriter.quoted(path)) does not exist or is not a folder")
      }
      try Self.refuseRoot(path)
      paths.append(path)
    }
    var leftOut: [(path: String, reason: String)] = []
    for parent in parents {
      guard let members = CohortFolders.members(under: parent) else {
        throw .io(
          "cannot list --journals folder \(AtomicFileWriter.quoted(parent)) (it must be a folder of journals)"
        )
      }
      for link in members.outside {
        leftOut.append(
          (
            link.path,
            "it links to \(AtomicFileWriter.quoted(link.target)), which is not inside "
              + "\(AtomicFileWriter.quoted(parent)); name it with --journal to include it"
          ))
      }
      let found = members.journals
      if found.isEmpty {
        throw .io(
          "no journal under \(AtomicFileWriter.quoted(parent)): --journals takes a folder whose sub-folders are "
            + "journals (each with day files or a \(JournalConfig.fileName))")
      }
      paths += found
    }
    var firstOfJournal: [String: String] = [:]
    paths = paths.filter { path in
      let real = FileStatus.realPath(path) ?? path
      guard let first = firstOfJournal[real] else {
        firstOfJournal[real] = path
        return true
      }
      leftOut.append((path, "it is the same journal as \(AtomicFileWriter.quoted(first))"))
      return false
    }
    if !quiet {
      for (path, reason) in leftOut.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
        console.error("demeter-report: warning: \(AtomicFileWriter.quoted(path)) is left out: \(reason)")
      }
    }
    let named = paths.map { (name: Self.name(of: $0), path: $0) }
      .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    for (first, second) in zip(named, named.dropFirst()) where first.name == second.name {
      throw .usage(
        "two journals are named '\(TerminalSafeText.escaped(first.name))' (\(AtomicFileWriter.quoted(first.path)) and "
          + "\(AtomicFileWriter.quoted(second.path))); a cohort names each person by their folder's name")
    }
    self.paths = named.map(\.path)
    self.names = named.map(\.name)
  }

  /// A journal's name: its folder's last component (of the real path, for `.` and `..`).
  public static func name(of path: String) -> String {
    let last = PathText.lastComponent(path)
    guard last.isEmpty || last == "." || last == ".." else { return last }
    return FileStatus.realPath(path).map(PathText.lastComponent) ?? last
  }

  /// Refuses a journal that is the file system's root: its search would read every day file on the
  /// machine, and a write would create `/.demeter`.
  public static func refuseRoot(_ path: String) throws(CommandError) {
    guard FileStatus.realPath(path) == "/" else { return }
    throw .usage(
      "\(AtomicFileWriter.quoted(path)) is the file system's root, not a journal; name the journal's own "
        + "folder with --journal DIR")
  }

  /// Warns when `journal`, read as one journal, looks like several people's
  /// (`CohortFolders.personLikeFolders`).
  public static func warnIfSeveralPeople(_ journal: String, files: [DayFile], _ console: inout Console) {
    let people = CohortFolders.personLikeFolders(journal: journal, files: files)
    guard !people.isEmpty else { return }
    let shown = people.prefix(3).map { "'\(TerminalSafeText.escaped($0))'" }.joined(separator: ", ")
    console.error(
      "demeter-report: warning: \(AtomicFileWriter.quoted(journal)) is read as one journal, but its day files sit "
        + "in \(count: people.count, "sub-folder") that "
        + (people.count == 1 ? "looks like a journal of its own" : "look like journals of their own")
        + " (\(shown)\(people.count > 3 ? ", …" : "")"
        + "); for one row per person use --journals \(AtomicFileWriter.quoted(journal))")
  }
}
