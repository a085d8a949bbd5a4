import Dispatch

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Loads a journal directory into an `EntryTable` (manual: journal, architecture): files parsed in parallel in
/// contiguous runs, partial tables joined in path order, so the result is the same whatever the
/// number of threads.
public enum JournalLoader {
  /// Loads every day file under `journal` (reports read `DigestLoader`'s digests, and its cache,
  /// instead), never half of a transaction (`JournalReading`).
  public static func load(journal: String, options: JournalLoadOptions = JournalLoadOptions()) -> JournalLoad
  {
    var (read, problems) = JournalReading.consistently(journal: journal) { () -> JournalLoad in
      let found = DayFileFinder.find(in: journal)
      var read = load(files: found.files, options: options)
      read.diagnostics = found.problems + read.diagnostics
      return read
    }
    read.diagnostics = problems + read.diagnostics
    return read
  }

  /// Loads the given day files (for `check FILE…`).
  public static func load(files: [DayFile], options: JournalLoadOptions = JournalLoadOptions()) -> JournalLoad
  {
    let files = files.sorted()
    let runs = FileRuns.boundaries(fileCount: files.count, threads: options.threads)
    let parser = DayFileParser(options: options)
    let slots = Slots<DayFileParse>(count: runs.count)
    options.progress?.expect(files.count)
    DispatchQueue.concurrentPerform(iterations: runs.count) { index in
      var run = DayFileParse()
      run.table.reserveCapacity(forMoreRows: estimatedRows(in: files[runs[index]]))
      for file in files[runs[index]] {
        parser.parse(file, into: &run)
        options.progress?.fileDone(bytes: file.status?.size ?? file.contents?.count ?? 0)
      }
      slots[index] = run
    }
    var parsed = slots.takeValues()
    var diagnostics = parsed.flatMap(\.diagnostics)
    var skipped = parsed.reduce(0) { $0 + $1.skippedLines }
    let parts = parsed.map(\.table)
    parsed.removeAll()
    var table = EntryTable()
    for part in parts { table.append(contentsOf: part) }
    let duplicates = duplicateRows(table: table)
    if !duplicates.rows.isEmpty {
      diagnostics += duplicates.diagnostics
      diagnostics = diagnostics.enumerated().sorted {
        ($0.element.location, $0.offset) < ($1.element.location, $1.offset)
      }.map(\.element)
      table = table.filter { !duplicates.rows.contains($0) }
      skipped += duplicates.rows.count
    }
    return JournalLoad(table: table, diagnostics: diagnostics, fileCount: files.count, skippedLines: skipped)
  }

  /// About how many entries `files` hold, from their sizes: reserving that much at once spares the
  /// run's columns the doubling (and the memory it leaves unused) of growing line by line. A file
  /// over `FileSizeLimit.dayFile` is not read, so it counts for nothing.
  static func estimatedRows(in files: ArraySlice<DayFile>) -> Int {
    files.reduce(0) { total, file in
      let size = file.contents?.count ?? FileStatus.of(file.path)?.size ?? 0
      return total + (size > FileSizeLimit.dayFile.bytes ? 0 : size / DayFileParser.typicalLineBytes)
    }
  }

  /// Rows whose id appeared on an earlier row, each with its error.
  private static func duplicateRows(table: EntryTable) -> (rows: Set<Int>, diagnostics: [Diagnostic]) {
    var rows = Set<Int>()
    var diagnostics: [Diagnostic] = []
    for (row, first) in DuplicateIDFinder.duplicates(in: table.ids) {
      rows.insert(row)
      let earlier = table.location(ofRow: first)
      var location = table.location(ofRow: row)
      location.column = 1
      diagnostics.append(
        Diagnostic(
          .error, location,
          "duplicate id \(table.ids[row]) (first at \(earlier.path):\(earlier.line)); this entry is skipped"))
    }
    return (rows, diagnostics)
  }
}
