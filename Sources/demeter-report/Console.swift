import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's output goes: standard output for results, standard error for messages.
struct Console {
  mutating func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(1, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  mutating func print(_ text: String) {
    write(Array((text + "\n").utf8))
  }

  /// Writes a message to standard error. Each of its lines is escaped for the terminal
  /// (`TerminalSafeText.escaped`): whatever a message quotes from a journal or the environment, no
  /// control character, bidirectional control or line separator reaches the terminal raw.
  mutating func error(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    var line = lines.map { TerminalSafeText.escaped(String($0)) }.joined(separator: "\n") + "\n"
    line.withUTF8 { buffer in _ = systemWrite(2, buffer.baseAddress!, buffer.count) }
  }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
