/// How a load splits its day files among worker threads: into contiguous runs, so that what the
/// runs give, joined in order, does not depend on the number of threads.
package enum FileRuns {
  /// About how many runs of files each thread takes.
  package static let runsPerThread = 16

  /// Splits `fileCount` files into contiguous runs, which the threads take in order as they finish
  /// others. Runs shrink with the files left (each a quarter of a thread's share of them), down to
  /// a sixteenth of the length of `runsPerThread` even runs a thread, so that a few long runs start
  /// the work and at the end one thread waits for at most one short run.
  package static func boundaries(fileCount: Int, threads: Int) -> [Range<Int>] {
    guard fileCount > 0 else { return [] }
    guard threads > 1 else { return [0..<fileCount] }
    let shortest = max(1, (fileCount + threads * runsPerThread * 16 - 1) / (threads * runsPerThread * 16))
    var runs: [Range<Int>] = []
    var start = 0
    while start < fileCount {
      let length = min(fileCount - start, max(shortest, (fileCount - start) / (threads * 4)))
      runs.append(start..<(start + length))
      start += length
    }
    return runs
  }
}
