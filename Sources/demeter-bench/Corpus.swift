import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The journal the benchmark reads: a folder of day files (a corpus from `shared/bench/gen_journal.py`)
/// or, when none is given, the built-in sample journal, so the benchmark always has something to run.
struct Corpus: Sendable {
  /// The last day of the built-in sample journal: fixed, so runs are comparable.
  static let sampleLastDay = CivilDate(year: 2026, month: 11, day: 22)!

  /// The folder, or nil for the built-in sample journal.
  var folder: String?
  /// The day files, sorted by path (what the find stage gives).
  var files: [DayFile]
  /// The day files' total size in bytes.
  var inputBytes: Int

  /// How the corpus is named in the output.
  var name: String { folder ?? "built-in sample journal (\(SampleJournal.dayCount) days)" }

  /// Whether the day files are in memory (the sample) rather than on disk.
  var isInMemory: Bool { folder == nil }

  /// The corpus in `folder`, or the built-in sample journal when `folder` is nil.
  /// - Throws: when the folder does not exist or cannot be searched.
  static func open(_ folder: String?) throws(BenchError) -> Corpus {
    guard let folder else {
      let files = SampleJournal.dayFiles(endingOn: sampleLastDay)
      return Corpus(folder: nil, files: files, inputBytes: files.reduce(0) { $0 + ($1.contents?.count ?? 0) })
    }
    guard FileBytes.exists(folder) else { throw BenchError("no such folder: \(folder)") }
    let found = DayFileFinder.find(in: folder)
    if let problem = found.problems.first(where: { $0.severity == .error }) {
      throw BenchError(problem.rendered)
    }
    return Corpus(
      folder: folder, files: found.files, inputBytes: found.files.reduce(0) { $0 + size(of: $1.path) })
  }

  /// The find stage: searches the folder again (or makes the sample journal's day files).
  func find() -> [DayFile] {
    guard let folder else { return SampleJournal.dayFiles(endingOn: Self.sampleLastDay) }
    return DayFileFinder.find(in: folder).files
  }

  /// The first `count` day files by path, as a corpus of their own.
  func prefix(_ count: Int) -> Corpus {
    let files = Array(files.prefix(count))
    let bytes = files.reduce(0) { $0 + ($1.contents?.count ?? Self.size(of: $1.path)) }
    return Corpus(folder: folder, files: files, inputBytes: bytes)
  }

  private static func size(of path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }
}
