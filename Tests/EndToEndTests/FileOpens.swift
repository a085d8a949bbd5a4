#if os(Linux)
  import Testing
  import Glibc

  /// The files a run opens in some folders, counted by name through inotify (`IN_OPEN`), to test
  /// what a command reads without timing it. Linux only.
  enum FileOpens {
    /// How many times each file directly in `folder` was opened while `body` ran, by name (the
    /// folder itself left out). Every open is counted: consecutive opens of one name arrive as one
    /// event only when nothing else was opened in between.
    static func counted(in folder: String, during body: () throws -> Void) throws -> [String: Int] {
      let watcher = inotify_init1(Int32(O_NONBLOCK | O_CLOEXEC))
      try #require(watcher >= 0, "inotify_init1 failed: errno \(errno)")
      defer { close(watcher) }
      let openEvent: UInt32 = 0x20  // IN_OPEN
      try #require(
        inotify_add_watch(watcher, folder, openEvent) >= 0, "cannot watch \(folder): errno \(errno)")
      try body()
      var counts: [String: Int] = [:]
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        var offset = 0
        while offset + 16 <= count {
          // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
          let length = buffer.withUnsafeBytes {
            Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          }
          let name = buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }
          if !name.isEmpty { counts[String(decoding: name, as: UTF8.self), default: 0] += 1 }
          offset += 16 + length
        }
      }
      return counts
    }
  }
#endif
