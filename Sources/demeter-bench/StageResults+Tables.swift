/// The stage and memory tables of a `StageResults`.
extension StageResults {
  /// One row per stage and one for the whole run: wall time (median, min), CPU time (median, all
  /// threads), throughput of the whole input (in wall time, and per core: in CPU time), peak RSS
  /// while the stage ran, and that peak over the process's baseline, in all and per entry.
  func stageTable(inputBytes: Int, baselineBytes: Int, inMemory: Bool) -> TextTable {
    var table = TextTable([
      "stage", "median", "min", "CPU", "MB/s", "MB/s per core", "entries/s", "peak RSS", "RSS − baseline",
      "per entry",
    ])
    let entries = Double(max(1, self.entries))
    for measurement in measurements {
      let seconds = measurement.times.median
      let growth = measurement.peakBytes - baselineBytes
      table.append([
        measurement.stage.title(inMemory: inMemory), NumberText.duration(seconds),
        NumberText.duration(measurement.times.minimum),
        NumberText.duration(measurement.processorTimes.median),
        NumberText.fixed(Double(inputBytes) / 1e6 / seconds, 1),
        NumberText.fixed(Double(inputBytes) / 1e6 / measurement.processorTimes.median, 1),
        NumberText.rate(entries / seconds),
        NumberText.bytes(measurement.peakBytes), NumberText.bytes(growth),
        NumberText.fixed(Double(growth) / entries, 0) + " B",
      ])
    }
    return table
  }

  /// Memory beside the input: the process's peak over its baseline (with and without the input's
  /// size) and the table's own column bytes, in all and per entry.
  func memoryTable(inputBytes: Int, baselineBytes: Int, footprint: DigestFootprint) -> TextTable {
    var table = TextTable(["memory", "bytes", "per entry"])
    let entries = Double(max(1, self.entries))
    func row(_ name: String, _ bytes: Int, perEntry: Bool = true) {
      table.append([
        name, NumberText.bytes(bytes), perEntry ? NumberText.fixed(Double(bytes) / entries, 1) + " B" : "—",
      ])
    }
    let peak = whole.peakBytes
    row("input (day files)", inputBytes)
    row("process RSS at start (baseline)", baselineBytes, perEntry: false)
    row("whole-run peak RSS", peak, perEntry: false)
    row("peak − baseline", peak - baselineBytes)
    row("peak − baseline − input", peak - baselineBytes - inputBytes)
    row("day digests: sums, distributions, tallies, locations", footprint.digestBytes)
    row("day digests: names", footprint.nameBytes)
    row("day digests: all", footprint.totalBytes)
    return table
  }
}
