/// What the journals of a digest file hold (manual: many-journals).
public enum DigestFileForm: UInt8, Sendable, Hashable {
  /// Every day's whole digest (totals and detail), the names and day files it refers to and the
  /// lines of its flagged entries: any report that needs no entries reads it.
  case full = 0
  /// What a cohort report shows of each day (entries, entries to review, and the sums of calories,
  /// protein, carbohydrates and fat) and the day files read: only cohort reports read it, in a
  /// small part of the full form's bytes.
  case cohort = 1
}
