/// Which files (by position in a list) hold entries for each date, from the dates of each file.
package struct FilesOfDay: Sendable {
  private let positions: [Int32: [Int]]

  /// From each file's dates, in file order.
  package init(_ fileDays: FileDays) {
    var positions: [Int32: [Int]] = [:]
    for (position, days) in fileDays.enumerated() {
      for day in days { positions[day, default: []].append(position) }
    }
    self.positions = positions
  }

  /// The positions of the files holding `day`, in file order.
  package func files(holding day: Int32) -> [Int] { positions[day] ?? [] }
}
