import Synchronization

/// How far a long read has got, counted by concurrent workers: day files done, of how many, and
/// their bytes. Each new count goes to `report`, one call at a time, so the tool can redraw a
/// progress line with it (`JournalLoadOptions.progress`).
public final class WorkProgress: Sendable {
  private let state = Mutex<(files: Int, total: Int, bytes: Int)>((0, 0, 0))
  private let report: @Sendable (_ files: Int, _ total: Int, _ bytes: Int) -> Void

  public init(report: @escaping @Sendable (_ files: Int, _ total: Int, _ bytes: Int) -> Void) {
    self.report = report
  }

  /// Says that `count` more files are to be read.
  package func expect(_ count: Int) {
    state.withLock { $0.total += count }
  }

  /// Says that one more file, `bytes` long, was read.
  package func fileDone(bytes: Int) {
    state.withLock { state in
      state.files += 1
      state.bytes += bytes
      report(state.files, state.total, state.bytes)
    }
  }
}
