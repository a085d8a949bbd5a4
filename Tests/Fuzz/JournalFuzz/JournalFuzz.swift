@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// libFuzzer entry: the input is one day file. It is read into day digests by the fast path and by
/// the strict path (whose entries, read back, must agree exactly), with warnings collected, and
/// formatted by `fmt` (which must be idempotent). Every line is counted or skipped, and every
/// problem is located.
@_cdecl("LLVMFuzzerTestOneInput")
public func journalFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let file = DayFile(
    path: "2026-11-21.jsonl", date: CivilDate(year: 2026, month: 11, day: 21), contents: bytes)
  let fast = LoadSummary(file, JournalLoadOptions(threads: 1, cache: .off))
  let strict = LoadSummary(file, JournalLoadOptions(threads: 1, scansFast: false, cache: .off))
  let warned = LoadSummary(file, JournalLoadOptions(collectWarnings: true, threads: 1, cache: .off))
  FuzzCheck.same(fast, strict, "fast and strict paths disagree")
  FuzzCheck.same(fast.entries, warned.entries, "collecting warnings changed the entries")

  let lineCount = bytes.withUnsafeBufferPointer { buffer in
    JournalLines(buffer).filter { !buffer.isBlank($0.range) }.count
  }
  FuzzCheck.that(
    fast.entries.count + fast.skippedLines == lineCount, "a non-blank line was neither read nor skipped")
  for diagnostic in warned.diagnostics {
    FuzzCheck.that(
      diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "unlocated: \(diagnostic)")
  }

  if let formatted = DayFileFormatter.format(DayFileContents(path: file.path, bytes: bytes)) {
    let again = DayFileFormatter.format(DayFileContents(path: file.path, bytes: formatted))
    FuzzCheck.same(again, formatted, "fmt is not idempotent")
    let reloaded = LoadSummary(
      DayFile(path: file.path, date: file.date, contents: formatted),
      JournalLoadOptions(threads: 1, cache: .off))
    FuzzCheck.same(reloaded.entries.count, fast.entries.count, "fmt changed the number of entries")
  }
  return 0
}

/// What a read gave, comparable: every entry (optional nutrients as amounts, 0 when not stated),
/// every problem and the lines skipped.
struct LoadSummary: Equatable {
  var entries: [Entry] = []
  var diagnostics: [Diagnostic]
  var skippedLines: Int

  init(_ file: DayFile, _ options: JournalLoadOptions) {
    let digests = DigestLoader.load(files: [file], options: options)
    diagnostics = digests.diagnostics
    skippedLines = digests.skippedLines
    guard let span = digests.span else { return }
    digests.forEachDate(ofExportedEntriesIn: span) { read in
      entries += read.map { entry in
        let row = entry.row
        return Entry(
          timestamp: row.timestamp, id: row.id, rawDescription: row.rawDescription, foodName: row.foodName,
          quantity: row.quantity, unit: row.unit, amounts: row.amounts, confidence: row.confidence,
          matchedIngredientID: row.matchedIngredientID, meal: row.meal, micronutrients: row.micronutrients,
          line: row.line)
      }
    }
  }
}
