import DemeterFoundation
import DemeterJournal

/// The entry sink of a rendered export: each entry of one day file dated within `days` (the lines
/// of repeated ids left out) rendered as it is read, by the fast scanner or the strict path, into
/// the records of its date; only those `query` matches, when there is one.
struct EntryRecordSink: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  /// The records read, by date, in the order the dates first come.
  private(set) var dates: [(day: Int32, entries: RenderedEntries)] = []
  let renderer: any EntryRecordRenderer
  /// The lines not exported (repeated ids).
  let excludedLines: Set<Int>
  /// The dates exported (by day number); entries of others are passed over.
  let days: ClosedRange<Int32>
  let query: Query?
  /// The day file's path, UTF-8.
  private var path: [UInt8] = []
  /// The position in `dates` of the date last added to (a file's entries come in runs of one date).
  private var current = 0

  static var keepsRawDescription: Bool { true }
  static var keepsTagsAndNote: Bool { true }

  init(
    renderer: any EntryRecordRenderer, excludedLines: Set<Int>, days: ClosedRange<Int32>, query: Query? = nil
  ) {
    self.renderer = renderer
    self.excludedLines = excludedLines
    self.days = days
    self.query = query
  }

  mutating func beginFile(_ path: String, byteCount: Int) {
    self.path = Array(path.utf8)
  }

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    let day = Int32(truncatingIfNeeded: entry.timestamp.localDate.dayNumber)
    guard days.contains(day), excludedLines.isEmpty || !excludedLines.contains(entry.line),
      query?.matches(&entry, line: line, decoded: decoded) ?? true
    else { return }
    if current >= dates.count || dates[current].day != day {
      current = dates.firstIndex { $0.day == day } ?? dates.count
      if current == dates.count { dates.append((day, RenderedEntries())) }
    }
    let (renderer, path) = (self.renderer, self.path)
    dates[current].entries.append(secondOfDay: entry.timestamp.secondOfDay) { out in
      renderer.append(entry, line: line, decoded: decoded, path: path, to: &out)
    }
  }
}
