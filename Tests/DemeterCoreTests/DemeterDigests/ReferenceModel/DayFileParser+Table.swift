@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

extension DayFileParser {
  /// Parses one day file (read from disk unless it lives in memory).
  func parse(_ file: DayFile) -> DayFileParse {
    var partial = DayFileParse()
    parse(file, into: &partial)
    return partial
  }
}
