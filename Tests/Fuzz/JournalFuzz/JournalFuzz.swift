@testable import DemeterCore

/// libFuzzer entry: the input is one day file. It is loaded by the fast path and by the strict path
/// (which must agree exactly), with warnings collected, and formatted by `fmt` (which must be
/// idempotent). Every line is loaded or counted as skipped, and every problem is located.
@_cdecl("LLVMFuzzerTestOneInput")
public func journalFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let file = DayFile(
    path: "2026-11-21.jsonl", date: CivilDate(year: 2026, month: 11, day: 21), contents: bytes)
  let fast = JournalLoader.load(files: [file], options: JournalLoadOptions(threads: 1, cache: .off))
  let strict = JournalLoader.load(
    files: [file], options: JournalLoadOptions(threads: 1, scansFast: false, cache: .off))
  let warned = JournalLoader.load(
    files: [file], options: JournalLoadOptions(collectWarnings: true, threads: 1, cache: .off))
  FuzzCheck.same(LoadSummary(fast), LoadSummary(strict), "fast and strict paths disagree")
  FuzzCheck.same(LoadSummary(fast).rows, LoadSummary(warned).rows, "collecting warnings changed the table")

  let lineCount = bytes.withUnsafeBufferPointer { buffer in
    JournalLines(buffer).filter { !buffer.isBlank($0.range) }.count
  }
  FuzzCheck.that(
    fast.table.count + fast.skippedLines == lineCount, "a non-blank line was neither loaded nor skipped")
  for diagnostic in warned.diagnostics {
    FuzzCheck.that(
      diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "unlocated: \(diagnostic)")
  }

  if let formatted = DayFileFormatter.format(DayFileContents(path: file.path, bytes: bytes)) {
    let again = DayFileFormatter.format(DayFileContents(path: file.path, bytes: formatted))
    FuzzCheck.same(again, formatted, "fmt is not idempotent")
    let reloaded = JournalLoader.load(
      files: [DayFile(path: file.path, date: file.date, contents: formatted)],
      options: JournalLoadOptions(threads: 1, cache: .off))
    FuzzCheck.same(reloaded.table.count, fast.table.count, "fmt changed the number of entries")
  }
  return 0
}

/// What a load gave, comparable: every column, dictionary and problem.
struct LoadSummary: Equatable {
  var rows: [[Int64]]
  var codes: [[Int32]]
  var strings: [[String]]
  var diagnostics: [Diagnostic]
  var skippedLines: Int

  init(_ load: JournalLoad) {
    let table = load.table
    rows = table.nutrients + [table.quantity, table.confidence, table.micronutrientAmount]
    codes = [
      table.day, table.secondOfDay, table.utcOffset, table.foodNameCode, table.unitCode, table.ingredientCode,
      table.mealCode, table.sourceLine, table.micronutrientRow, table.micronutrientNameCode,
    ]
    strings = [
      table.foodNames.strings, table.units.strings, table.ingredientIDs.strings, table.meals.strings,
      table.micronutrientNames.strings,
    ]
    diagnostics = load.diagnostics
    skippedLines = load.skippedLines
  }
}
