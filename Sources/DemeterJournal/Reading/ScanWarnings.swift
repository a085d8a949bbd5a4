import DemeterFoundation

/// What the strict path warns about in a line it loads, where warnings are collected (`check`,
/// manual: journal): the fast path declines such a line, so the strict path reports it, and
/// accepts the others unchanged; a line warned about only for its date (another day's file) it
/// accepts, and the parser adds the warning the strict path gives.
package struct ScanWarnings {
  /// The date of the file's name, when it is one: an entry dated otherwise is warned about.
  package var fileDate: CivilDate?
  /// Whether warnings are collected: another date, no final newline, an unknown meal.
  package var collected: Bool
  /// Whether a timestamp without a UTC offset is warned about (`check --strict`).
  package var wallClock: Bool

  /// The warnings `options` ask for in the file dated `fileDate`; nil when they ask for none.
  package init?(_ options: JournalLoadOptions, fileDate: CivilDate?) {
    guard options.collectWarnings || options.reportUnknownKeys else { return nil }
    self.fileDate = options.collectWarnings ? fileDate : nil
    collected = options.collectWarnings
    wallClock = options.reportUnknownKeys
  }
}

extension EntryLineScanner {
  /// Whether the strict path would warn about the entry just read from `line` (its timestamp as
  /// written) for more than its date; `endsFile` when the line has no line end. An entry dated
  /// otherwise than its file and warned about for nothing else sets `misplacedDate`. (Out of
  /// line: reports never call it.)
  @inline(never)
  mutating func warns(_ warnings: ScanWarnings, line: UnsafeBufferPointer<UInt8>, endsFile: Bool) -> Bool {
    if warnings.wallClock, entry.timestamp.utcOffsetSeconds == nil { return true }
    guard warnings.collected else { return false }
    if endsFile { return true }
    if let meal = entry.meal {
      let bytes = meal.inLine ? Array(line[meal.range]) : Array(decoded[meal.range])
      if Meal(rawValue: String(decoding: bytes, as: UTF8.self)) == nil { return true }
    }
    if let fileDate = warnings.fileDate, entry.timestamp.localDate != fileDate {
      misplacedDate = entry.timestamp.localDate
    }
    return false
  }
}
