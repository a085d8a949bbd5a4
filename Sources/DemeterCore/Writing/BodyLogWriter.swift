import DemeterFoundation
import DemeterJournal

/// Appends measurements to a journal's body log, `body.jsonl` (manual: body-log, writing): under the
/// journal lock, through a `JournalTransaction` (the whole file staged beside it, flushed, renamed
/// into place), every line already there left byte-identical.
public struct BodyLogWriter: Sendable {
  public let journal: String
  public let lockWaiting: JournalLock.Waiting

  public init(journal: String, lockWaiting: JournalLock.Waiting) {
    self.journal = journal
    self.lockWaiting = lockWaiting
  }

  /// The body log's path.
  public var path: String { JournalLayout(journal: journal).bodyLog }

  /// Appends `measurement` as one canonical line (after a newline, when the last line lacks one).
  /// - Throws: `persistenceError` when the log cannot be read or written.
  public func append(_ measurement: BodyMeasurement) throws(ModelError) {
    try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      try write(appending: [measurement], to: try bytes())
    }
  }

  /// Appends the measurements of `measurements` the log does not have yet, in the order of their
  /// time (`import`): one with the same moment and the same weight in kilograms as a line of the log,
  /// or as an earlier one of `measurements`, is there already. All are written in one transaction;
  /// with `dryRun`, none (and the lock is not taken).
  /// - Returns: the measurements added (or that would be), and how many were there already.
  /// - Throws: `validationError` when the log has an invalid line (which may be one of them: `check`
  ///   lists it), `persistenceError` when it cannot be read or written.
  public func merge(_ measurements: [BodyMeasurement], dryRun: Bool) throws(ModelError) -> (
    added: [BodyMeasurement], present: Int
  ) {
    func merged() throws(ModelError) -> (added: [BodyMeasurement], present: Int) {
      let bytes = try bytes()
      let log = BodyLog.read(bytes, path: path)
      if let problem = log.diagnostics.first(where: { $0.severity == .error }) {
        throw .validationError("\(problem.rendered)\nfix the body log first ('check' lists its problems)")
      }
      var known = Set(log.measurements.map(Self.key))
      let added = measurements.enumerated().sorted { a, b in
        let (first, second) = (Self.key(a.element).instant, Self.key(b.element).instant)
        return first != second ? first < second : a.offset < b.offset
      }.map(\.element).filter { known.insert(Self.key($0)).inserted }
      if !dryRun, !added.isEmpty { try write(appending: added, to: bytes) }
      return (added, measurements.count - added.count)
    }
    if dryRun { return try merged() }
    return try JournalLock.withLock(journal: journal, waiting: lockWaiting) { () throws(ModelError) in
      try merged()
    }
  }

  /// What makes two measurements the same weigh-in: the moment (in nanoseconds since 1970) and
  /// the weight in billionths of a kilogram.
  private static func key(_ measurement: BodyMeasurement) -> Key {
    let instant = measurement.timestamp.instant.map { Int128($0.seconds) * 1_000_000_000 + Int128($0.nanosecond) }
    return Key(instant: instant ?? 0, kilograms: measurement.kilograms.billionths)
  }

  private struct Key: Hashable {
    var instant: Int128
    var kilograms: Int64
  }

  /// The log's bytes; none when it does not exist.
  private func bytes() throws(ModelError) -> [UInt8] {
    guard FileBytes.exists(path) else { return [] }
    do throws(FileBytes.ReadError) {
      return try FileBytes.read(path, limit: .bodyLog)
    } catch {
      throw .persistenceError("cannot read \(AtomicFileWriter.quoted(path)): \(error.message)")
    }
  }

  /// Writes `bytes` followed by `measurements`' canonical lines (after a newline, when the last
  /// line lacks one) through a transaction.
  private func write(appending measurements: [BodyMeasurement], to bytes: [UInt8]) throws(ModelError) {
    var bytes = bytes
    if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    for measurement in measurements { bytes += Array((measurement.canonicalLine + "\n").utf8) }
    let transaction = JournalTransaction(journal: journal)
    try transaction.replace(path, with: bytes)
    try transaction.commit()
  }
}
