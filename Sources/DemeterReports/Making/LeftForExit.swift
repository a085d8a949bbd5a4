import Synchronization

/// Values the process's exit frees rather than the program: a report over many journals ends holding
/// hundreds of thousands of small allocations (digests, rows, cells), and freeing them one by one
/// just before exiting only costs time (compilers skip it the same way).
public enum LeftForExit {
  private static let kept = Mutex<[any Sendable]>([])

  /// Keeps `value` alive until the process exits.
  public static func keep(_ value: any Sendable) {
    kept.withLock { $0.append(value) }
  }
}
