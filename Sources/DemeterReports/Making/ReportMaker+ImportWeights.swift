import DemeterCore

extension ReportMaker {
  /// Merges the weigh-ins of `batch` into the body log of `repository`'s journal, under its lock
  /// (`BodyLogWriter.merge`), or with
  /// `dryRun` prints the lines it would add, and says what happened on standard error.
  /// - Returns: false, with the reason said and nothing written, when the body log has an invalid line.
  /// - Throws: an I/O error when the body log cannot be read or written.
  static func mergeWeighIns(
    _ batch: ImportBatch, into repository: FoodEntryRepository, _ request: ImportRequest,
    _ console: inout Console
  ) throws(CommandError) -> Bool {
    let writer = BodyLogWriter(journal: repository.journal, lockWaiting: repository.lockWaiting)
    let merge: (added: [BodyMeasurement], present: Int)
    do throws(ModelError) {
      merge = try writer.merge(batch.weighIns.map(\.measurement), dryRun: request.dryRun)
    } catch {
      if case .validationError(let detail) = error {
        console.error(detail)
        return false
      }
      throw .io(error.message)
    }
    if request.dryRun {
      for measurement in merge.added { console.print(measurement.canonicalLine) }
    }
    guard !request.quiet else { return true }
    var notes = ["\(merge.present) already in the body log"]
    if batch.badRows > 0 { notes.append("\(count: batch.badRows, "bad row") skipped") }
    for (reason, number) in batch.skipped.sorted(by: { $0.key < $1.key }) {
      notes.append("\(number) \(reason) left out")
    }
    console.error(
      (request.dryRun ? "would import " : "imported ") + "\(count: merge.added.count, "weigh-in") into "
        + writer.path + " (" + notes.joined(separator: "; ") + ")")
    return true
  }
}
