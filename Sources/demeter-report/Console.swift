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

  mutating func error(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { buffer in _ = systemWrite(2, buffer.baseAddress!, buffer.count) }
  }
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
