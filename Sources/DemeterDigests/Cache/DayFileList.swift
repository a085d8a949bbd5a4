import DemeterFoundation
import DemeterJournal

/// A journal's day files, sorted by path: as a search found them, or as an unchanged digest index
/// names them (`IndexedDayFiles`), made `DayFile`s only when asked.
package enum DayFileList: Sendable {
  case listed([DayFile])
  case indexed(IndexedDayFiles)

  package var files: [DayFile] {
    switch self {
    case .listed(let files): files
    case .indexed(let indexed): indexed.files
    }
  }

  package var count: Int {
    switch self {
    case .listed(let files): files.count
    case .indexed(let indexed): indexed.count
    }
  }
}

/// Day files as a digest index names them, each proven unchanged by its status: their paths inside
/// the journal kept as bytes one after another, so a report of totals makes no path per file.
package struct IndexedDayFiles: Sendable {
  /// The journal's path ending in `/`.
  package let prefix: String
  private var paths: [UInt8] = []
  /// Where each file's path ends in `paths`.
  private var ends: [Int] = []
  private var statuses: [FileStatus] = []

  package init(prefix: String, capacity: Int) {
    self.prefix = prefix
    paths.reserveCapacity(capacity * Self.dayFileNameLength)
    ends.reserveCapacity(capacity)
    statuses.reserveCapacity(capacity)
  }

  package var count: Int { ends.count }

  /// The length of `YYYY-MM-DD.jsonl`, the least a path takes.
  private static let dayFileNameLength = 16

  /// Adds the day file at `relativePath` inside the journal, whose status is `status`.
  package mutating func append(relativePath: UnsafeRawBufferPointer, status: FileStatus) {
    paths.append(contentsOf: relativePath)
    ends.append(paths.count)
    statuses.append(status)
  }

  /// The files as the search finds them: path, the date of their name, and status.
  package var files: [DayFile] {
    ends.indices.map { position in
      let relative = paths[(position == 0 ? 0 : ends[position - 1])..<ends[position]]
      let name = relative[((relative.lastIndex(of: UInt8(ascii: "/")) ?? relative.startIndex - 1) + 1)...]
      return DayFile(
        path: prefix + String(decoding: relative, as: UTF8.self),
        date: DayFileFinder.date(fromFileName: String(decoding: name, as: UTF8.self)),
        status: statuses[position])
    }
  }
}
