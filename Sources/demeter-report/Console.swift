import DemeterCore

/// Where a command's output goes: standard output for results, standard error for messages.
struct Console {
  /// Writes `bytes` to standard output (all of them, unless the output fails: then the rest is lost).
  mutating func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { systemWriteAll($0, to: 1) }
  }

  mutating func print(_ text: String) {
    write(Array((text + "\n").utf8))
  }

  /// Writes a message to standard error. Each of its lines is escaped for the terminal
  /// (`TerminalSafeText.escapedLines`): whatever a message quotes from a journal or the environment,
  /// no control character, bidirectional control or line separator reaches the terminal raw.
  mutating func error(_ text: String) {
    var line = TerminalSafeText.escapedLines(text) + "\n"
    _ = line.withUTF8 { systemWriteAll(UnsafeRawBufferPointer($0), to: 2) }
  }
}
