/// Where a flagged entry (needs review, or energy inconsistent) is, and the first keys of the list
/// order: enough to choose which entries a list shows before reading them back from their files.
public struct FlaggedCandidate: Sendable, Hashable, Comparable, BitwiseCopyable {
  /// `CivilDate.dayNumber` of the date the entry counts for.
  public var day: Int32
  public var secondOfDay: Int32
  /// Index into the digest set's `files`.
  public var file: Int32
  /// 1-based line in that file.
  public var line: Int32
  public var reasons: ReviewReasons
  /// Byte offset of the line's start in the file.
  public var offset: Int64

  public init(day: Int32, secondOfDay: Int32, file: Int32, line: Int32, reasons: ReviewReasons, offset: Int64) {
    self.day = day
    self.secondOfDay = secondOfDay
    self.file = file
    self.line = line
    self.reasons = reasons
    self.offset = offset
  }

  /// Date, time of day, then file (files are numbered in path order), then line.
  public static func < (a: FlaggedCandidate, b: FlaggedCandidate) -> Bool {
    (a.day, a.secondOfDay, a.file, a.line) < (b.day, b.secondOfDay, b.file, b.line)
  }

  /// Whether the two are at the same date and second (the list order is decided by their ids).
  func isSimultaneous(with other: FlaggedCandidate) -> Bool {
    day == other.day && secondOfDay == other.secondOfDay
  }
}

/// The choice of flagged entries a list can show.
///
/// A list is sorted by date, time, id and then the other values, and cut to its limit. Its entries
/// can only come from the first `limit` candidates by time, or from those at the same second as the
/// last of them (the id decides among those, and is read back from the file). So a digest keeps
/// exactly those; a bucket's list is chosen the same way from the merged candidates of its days.
package enum FlaggedCandidates {
  /// The union of two sorted candidate lists, keeping what a list of `limit` (0: all) can need.
  package static func merged(_ a: [FlaggedCandidate], _ b: [FlaggedCandidate], limit: Int) -> [FlaggedCandidate] {
    cut(SortedMerge.merged(a, b, key: { $0 }, add: { _, _ in }), limit: limit)
  }

  /// The first `limit` of sorted candidates and any others at the second of the last one.
  package static func cut(_ sorted: [FlaggedCandidate], limit: Int) -> [FlaggedCandidate] {
    guard limit > 0, sorted.count > limit else { return sorted }
    let boundary = sorted[limit - 1]
    var end = limit
    while end < sorted.count, sorted[end].isSimultaneous(with: boundary) { end += 1 }
    return Array(sorted[..<end])
  }
}
