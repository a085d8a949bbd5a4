import DemeterCore
import Dispatch

/// The read stage on its own: every day file's bytes with `FileBytes.read`, on as many workers as the
/// loader uses and split the same way (contiguous runs of files), each file's bytes dropped once counted.
enum ParallelRead {
  /// Total bytes read and the number of files that could not be read.
  static func readAll(_ files: [DayFile], threads: Int) -> (bytes: Int, failures: Int) {
    guard !files.isEmpty else { return (0, 0) }
    let runCount = min(files.count, threads <= 1 ? 1 : threads * 4)
    let results = ResultSlots(count: runCount)
    DispatchQueue.concurrentPerform(iterations: runCount) { run in
      var bytes = 0
      var failures = 0
      for file in files[(run * files.count / runCount)..<((run + 1) * files.count / runCount)] {
        do throws(FileBytes.ReadError) {
          bytes += try FileBytes.read(file.path, limit: .dayFile).count
        } catch {
          failures += 1
        }
      }
      results[run] = (bytes, failures)
    }
    return results.values.reduce((0, 0)) { ($0.0 + $1.bytes, $0.1 + $1.failures) }
  }
}

/// One result slot per worker, each written by exactly one worker before `concurrentPerform` returns.
private final class ResultSlots: @unchecked Sendable {
  private let storage: UnsafeMutableBufferPointer<(bytes: Int, failures: Int)>

  init(count: Int) {
    storage = .allocate(capacity: count)
    storage.initialize(repeating: (0, 0))
  }

  deinit {
    storage.deallocate()
  }

  subscript(index: Int) -> (bytes: Int, failures: Int) {
    get { storage[index] }
    set { storage[index] = newValue }
  }

  var values: [(bytes: Int, failures: Int)] { Array(storage) }
}
