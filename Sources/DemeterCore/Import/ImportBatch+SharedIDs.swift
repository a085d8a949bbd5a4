import DemeterFoundation
import DemeterJournal

extension ImportBatch {
  /// Settles rows that share an id (letter case ignored), in one file or across the files of one
  /// import (manual: importing): a row with the same content as an earlier one is left out and
  /// counted in `repeated`; rows with one id and different content are bad rows, each after the
  /// first reported at its row, naming the first: which of them is meant cannot be told.
  /// - Complexity: O(n log n) for n rows, sorting their id values; only the lines of a shared id
  ///   (and of ids that are no UUID) are read back, with a comparison per earlier different row of
  ///   the same id.
  /// - Throws: `persistenceError` when a line cannot be read back.
  public mutating func settleSharedIDs() throws(ModelError) {
    var groups: [[Int]] = []
    var byValue = lines.indices.filter { lines.idValue(at: $0) != nil }
    byValue.sort { (lines.idValue(at: $0)!, $0) < (lines.idValue(at: $1)!, $1) }
    var start = 0
    while start < byValue.count {
      var end = start + 1
      let value = lines.idValue(at: byValue[start])
      while end < byValue.count, lines.idValue(at: byValue[end]) == value { end += 1 }
      if end - start > 1 { groups.append(Array(byValue[start..<end])) }
      start = end
    }
    var others: [String: [Int]] = [:]
    for index in lines.indices where lines.idValue(at: index) == nil {
      others[try lines.line(at: index).entry.id.lowercased(), default: []].append(index)
    }
    groups += others.values.filter { $0.count > 1 }
    var repeats = Set<Int>()
    var conflicting = Set<Int>()
    var messages: [(index: Int, problem: Diagnostic)] = []
    for group in groups {
      // The rows with content no earlier row of the id had, in file order.
      var distinct: [(index: Int, line: JournalEntryLine)] = []
      for index in group {
        let line = try lines.line(at: index)
        if distinct.contains(where: { $0.line.hasSameContent(as: line) }) {
          repeats.insert(index)
        } else {
          distinct.append((index, line))
        }
      }
      guard distinct.count > 1 else { continue }
      let first = lines.source(at: distinct[0].index)
      for (position, row) in distinct.enumerated() {
        conflicting.insert(row.index)
        guard position > 0 else { continue }
        messages.append(
          (
            row.index,
            Diagnostic(
              .error, lines.source(at: row.index),
              "id \"\(row.line.entry.id)\" is also the id of \(first.path):\(first.line), with other content; "
                + "which row is meant cannot be told")
          ))
      }
    }
    badRows += conflicting.count
    problems += messages.sorted { $0.index < $1.index }.map(\.problem)
    repeated += repeats.count
    lines.remove(repeats.union(conflicting))
  }
}
