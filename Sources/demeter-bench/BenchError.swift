/// A benchmark that cannot run: the message is printed once, by `main`.
struct BenchError: Error, Sendable {
  var message: String
  /// A mistake in the command line (exit status 2) rather than a failed run (1).
  var isUsage = false

  init(_ message: String) {
    self.message = message
  }

  static func usage(_ message: String) -> BenchError {
    var error = BenchError(message)
    error.isUsage = true
    return error
  }
}
