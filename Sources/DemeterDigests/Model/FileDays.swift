/// The dates each of a journal's files holds entries for, by position in its list of files, all in
/// one buffer (a journal of a year's day files makes two allocations, not one per file).
package struct FileDays: Sendable, Equatable, RandomAccessCollection {
  /// Every file's dates, one file after another.
  private var dates: [Int32] = []
  /// Where each file's dates end in `dates`.
  private var ends: [Int] = []

  package init() {}

  /// From each file's dates, in file order.
  package init<Dates: Collection<Int32>>(_ lists: some Sequence<Dates>) {
    for list in lists { append { $0.append(contentsOf: list) } }
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { ends.count }

  /// The dates of the file at `position`, sorted.
  package subscript(position: Int) -> ArraySlice<Int32> {
    dates[(position == 0 ? 0 : ends[position - 1])..<ends[position]]
  }

  /// Adds the next file's dates, which `body` appends to the buffer; `body`'s result.
  @discardableResult
  package mutating func append<Result, Failure: Error>(_ body: (inout [Int32]) throws(Failure) -> Result)
    throws(Failure) -> Result
  {
    let result = try body(&dates)
    ends.append(dates.count)
    return result
  }

  package mutating func reserveCapacity(files: Int, dates dateCount: Int) {
    ends.reserveCapacity(files)
    dates.reserveCapacity(dateCount)
  }
}
