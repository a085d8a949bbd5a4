import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `ProcessorCount.active` counts the processors this process may run on, as `nproc` (run from the
/// test, so with the same CPU affinity, and without `OMP_NUM_THREADS`) does.
@Suite struct ProcessorCountTests {
  @Test func agreesWithNproc() throws {
    let nproc = ["/usr/bin/nproc", "/bin/nproc"].first { FileManager.default.isExecutableFile(atPath: $0) }
    let path = try #require(nproc, "nproc is not installed")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.environment = [:]  // OMP_NUM_THREADS would change nproc's count
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) == ProcessorCount.active)
    #expect(ProcessorCount.active >= 1)
  }
}
