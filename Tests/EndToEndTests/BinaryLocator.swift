import Foundation

/// Finds the built `demeter-report` binary next to the test bundle.
enum BinaryLocator {
  static var demeterReport: URL {
    var directory = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("demeter-report")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: ".build/debug/demeter-report")
  }
}
