import DemeterJournal

/// One date's entries as an export holds them while it puts them in list order
/// (`JournalDigests.forEachDate(ofExportedEntriesIn:making:_:)`): the entries themselves or their
/// records (`RenderedEntries`).
protocol ExportedDate: Sendable {
  var count: Int { get }
  /// Each entry's second of the day, in order.
  var secondsOfDay: [Int] { get }
  /// The entries of `dates` one after another.
  init(joining dates: [Self])
  /// The entries in the order of `order` (positions of all of them).
  func reordered(_ order: [Int]) -> Self
}

extension RenderedEntries: ExportedDate {}

extension Array: ExportedDate where Element == ExportedEntry {
  var secondsOfDay: [Int] { map(\.row.timestamp.secondOfDay) }

  init(joining dates: [[ExportedEntry]]) {
    self = Array(dates.joined())
  }

  func reordered(_ order: [Int]) -> [ExportedEntry] {
    order.map { self[$0] }
  }
}
