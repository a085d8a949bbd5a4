import Foundation
import Testing

/// `review` on a real terminal (issue 47; manual: reviewing): the built binary run inside a tmux
/// pane, driven by keys sent to it, on `ReviewCommandTests`' journal with `--review unmatched` (four
/// entries: energy inconsistent, the serving, the unmatched banana, low confidence). Skipped where
/// tmux is absent (`.ci/run` installs it).
@Suite struct ReviewTerminalTests {
  /// A tmux server of its own (`-L`), so no other session is touched; killed when the test ends.
  struct Tmux {
    let executable: URL
    let socket = "demeter-test-\(UUID().uuidString)"

    /// Runs `tmux -L socket arguments…` and returns what it printed when `prints` (a command that
    /// starts the server must not print through a pipe: the server keeps the pipe open).
    @discardableResult
    func run(_ arguments: [String], prints: Bool = false) throws -> String {
      let process = Process()
      process.executableURL = executable
      process.arguments = ["-L", socket] + arguments
      let pipe = Pipe()
      process.standardOutput = prints ? pipe : FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = prints ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }

    /// The pane's text.
    func screen() throws -> String { try run(["capture-pane", "-p", "-t", "walk"], prints: true) }

    /// Waits until the pane shows `text` (checking every 50 ms, giving up after 60 s: the bound is
    /// a hang's, not a speed limit); false when it never did.
    func waitFor(_ text: String) throws -> Bool {
      for _ in 0..<1200 {
        if try screen().contains(text) { return true }
        usleep(50_000)
      }
      return false
    }
  }

  @Test func acceptsOneSkipsOneAndQuitsOnATerminal() throws {
    guard let executable = ToolRun.findExecutable("tmux") else {
      print("ReviewTerminalTests: skipped, tmux is not installed (.ci/run installs it)")
      return
    }
    let (folder, journal, file) = try ReviewCommandTests.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let before = try ReviewWalkTests.linesByID(file)
    let status = folder.appendingPathComponent("status")
    let script = folder.appendingPathComponent("walk.sh")
    try Data(
      """
      cd '\(folder.path)'
      env -i PATH=/usr/bin:/bin LANG=C TZ=\(ToolRun.defaultZone) DEMETER_NO_CACHE=1 TERM=xterm \
        '\(ToolRun.binary.path)' review --journal '\(journal.path)' --review unmatched
      echo "exit $?" > '\(status.path)'
      stty -a >> '\(status.path)'
      echo walk-finished
      sleep 600

      """.utf8
    ).write(to: script)
    let tmux = Tmux(executable: executable)
    try tmux.run(["new-session", "-d", "-s", "walk", "-x", "120", "-y", "50", "sh '\(script.path)'"])
    defer { _ = try? tmux.run(["kill-server"]) }
    try #require(try tmux.waitFor("[1/4] \(ReviewCommandTests.energy)"), "\((try? tmux.screen()) ?? "")")
    try tmux.run(["send-keys", "-t", "walk", "a"])
    try #require(try tmux.waitFor("[2/4] \(ReviewCommandTests.serving)"), "\((try? tmux.screen()) ?? "")")
    try tmux.run(["send-keys", "-t", "walk", "s"])
    try #require(try tmux.waitFor("[3/4] \(ReviewCommandTests.unmatched)"), "\((try? tmux.screen()) ?? "")")
    try tmux.run(["send-keys", "-t", "walk", "q"])
    try #require(try tmux.waitFor("walk-finished"), "\((try? tmux.screen()) ?? "")")
    let screen = try tmux.screen()
    #expect(screen.contains("accepted \(ReviewCommandTests.energy)"), "\(screen)")
    #expect(screen.contains("1 accepted, 1 skipped, 2 left"), "\(screen)")
    let after = try ReviewWalkTests.linesByID(file)
    #expect(after[ReviewCommandTests.energy]?.hasSuffix(#","reviewed":true}"#) == true)
    for id in [ReviewCommandTests.serving, ReviewCommandTests.unmatched, ReviewCommandTests.lowConfidence] {
      #expect(after[id] == before[id])
    }
    // The terminal is back in canonical mode with echo once the walk has ended.
    let settings = try String(contentsOf: status, encoding: .utf8)
    #expect(settings.hasPrefix("exit 0\n"), "\(settings)")
    #expect(settings.contains(" icanon") && settings.contains(" echo "), "\(settings)")
  }
}
