extension ImportBatch {
  /// Settles rows that share an id (letter case ignored), in one file or across the files of one
  /// import (manual: importing): a row with the same content as an earlier one is left out and
  /// counted in `repeated`; rows with one id and different content are bad rows, each after the
  /// first reported at its row, naming the first: which of them is meant cannot be told.
  /// - Complexity: O(n) for n rows, plus a comparison per earlier different row of the same id.
  public mutating func settleSharedIDs() {
    /// By id: the rows with content no earlier row of that id had, in file order.
    var distinct: [String: [Int]] = [:]
    var repeats = Set<Int>()
    for (index, row) in lines.enumerated() {
      let id = row.line.entry.id.lowercased()
      if let earlier = distinct[id], earlier.contains(where: { lines[$0].line.hasSameContent(as: row.line) })
      {
        repeats.insert(index)
      } else {
        distinct[id, default: []].append(index)
      }
    }
    var conflicting = Set<Int>()
    for (index, row) in lines.enumerated() {
      guard let rows = distinct[row.line.entry.id.lowercased()], rows.count > 1, rows.contains(index) else {
        continue
      }
      conflicting.insert(index)
      badRows += 1
      guard index != rows[0] else { continue }
      let first = lines[rows[0]].source
      problems.append(
        Diagnostic(
          .error, row.source,
          "id \"\(row.line.entry.id)\" is also the id of \(first.path):\(first.line), with other content; "
            + "which row is meant cannot be told"))
    }
    repeated += repeats.count
    lines = lines.indices.filter { !repeats.contains($0) && !conflicting.contains($0) }.map { lines[$0] }
  }
}
