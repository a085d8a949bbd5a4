import DemeterCore

extension ReportMaker {
  /// An entry line read for `add`: where it was read (`<options>`, `--json`, `<stdin>`; its line
  /// number) and what reading it gave.
  public typealias ReadEntryLine = (path: String, number: Int, outcome: EntryLineReader.Outcome)

  /// How many entries are shown at most when the journal already has some of a batch.
  public static let alreadyAddedShown = 3

  /// Adds the lines read to the journal, each entry's id on standard output and, unless `quiet`,
  /// the food `taken` for them (`FoodsTaken`) and each file's count on standard error; nothing when
  /// an id is given twice, `readFailed` (the lines' errors were said already) or the journal already
  /// has one of them.
  /// - Returns: whether the entries were added.
  /// - Throws: an I/O error when the journal cannot be written.
  public static func addEntries(
    _ read: [ReadEntryLine], into repository: FoodEntryRepository, readFailed: Bool, quiet: Bool,
    taken: String? = nil, _ console: inout Console
  ) throws(CommandError) -> Bool {
    var failed = readFailed
    var seen: [String: Int] = [:]
    for (path, number, outcome) in read {
      guard let line = outcome.line else { continue }
      let key = line.entry.id.lowercased()
      if let earlier = seen[key] {
        console.error(
          Diagnostic(
            .error, SourceLocation(path: path, line: number, column: 1),
            "duplicate id \(line.entry.id) (first at line \(earlier)); each entry needs its own id"
          ).rendered)
        failed = true
      } else {
        seen[key] = number
      }
    }
    if failed { return false }
    let lines = read.compactMap(\.outcome.line)
    let creation: FoodEntryRepository.Creation
    do throws(ModelError) {
      creation = try repository.create(lines)
    } catch {
      try ReportProblems.sayRefusal(error, &console)
      return false
    }
    switch creation {
    case .alreadyPresent(let present):
      sayAlreadyAdded(present, of: read, &console)
      return false
    case .added(let files):
      for line in lines { console.print(line.entry.id) }
      if !quiet {
        if let taken { console.error(taken) }
        for file in files {
          console.error("added \(count: file.entries, "entry", plural: "entries") to \(file.path)")
        }
      }
      return true
    }
  }

  /// Says which of the lines the journal already has, and where (the first few), and how many.
  private static func sayAlreadyAdded(
    _ present: [Int: SourceLocation], of read: [ReadEntryLine], _ console: inout Console
  ) {
    for index in present.keys.sorted().prefix(alreadyAddedShown) {
      let (path, number, outcome) = read[index]
      let found = present[index]!
      console.error(
        Diagnostic(
          .error, SourceLocation(path: path, line: number, column: 1),
          "already added: an entry with id \"\(outcome.line!.entry.id)\" already exists "
            + "(\(found.path):\(found.line))"
        ).rendered)
    }
    let more = present.count - min(present.count, alreadyAddedShown)
    console.error(
      "demeter-report: error: \(present.count) of \(count: read.count, "entry", plural: "entries") "
        + (present.count == 1 ? "is " : "are ")
        + "already in the journal\(more > 0 ? " (\(more) more not shown)" : ""); nothing was written "
        + "(adding the same lines again is refused, so a retried batch never adds an entry twice)")
  }
}
