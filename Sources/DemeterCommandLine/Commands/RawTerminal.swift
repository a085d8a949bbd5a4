import DemeterCore
import DemeterReports

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `review` walks the queue on at a terminal (`ReviewWalk`, `ReviewTerminal`): the process's
/// terminal (standard input and output) in raw mode: keys arrive one at a time, not
/// echoed; lines are read with the terminal's own settings back for a moment. The settings found
/// are put back by `restore()` (called when the walk ends, however it ends), and by a SIGINT or
/// SIGTERM handler before the signal ends the process as it would have.
final class RawTerminal: ReviewTerminal {
  /// The terminal's own settings, for the signal handler (which can capture nothing).
  nonisolated(unsafe) private static var original = termios()
  /// Whether `original` holds settings to put back.
  nonisolated(unsafe) private static var isRaw = false

  /// Puts standard input in raw mode (canonical input and echo off; signals from keys kept, so
  /// Ctrl-C still ends the walk).
  /// - Throws: an I/O error when standard input is not a terminal whose settings can be changed.
  init() throws(CommandError) {
    guard tcgetattr(0, &Self.original) == 0 else {
      throw .io("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
    }
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { RawTerminal.restoreAndRaise($0) }
    }
    try raw()
  }

  deinit {
    restore()
  }

  /// Puts the terminal's own settings back (again and again is harmless).
  func restore() {
    guard Self.isRaw else { return }
    _ = tcsetattr(0, TCSAFLUSH, &Self.original)
    Self.isRaw = false
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }

  func write(_ text: String) {
    var text = text
    _ = text.withUTF8 { systemWriteAll(UnsafeRawBufferPointer($0), to: 1) }
  }

  func key() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(0, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  func line() -> String? {
    _ = tcsetattr(0, TCSAFLUSH, &Self.original)
    defer { try? raw() }
    var bytes: [UInt8] = []
    while true {
      var byte: UInt8 = 0
      let count = read(0, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
      if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
    }
  }

  /// Canonical input and echo off, one byte a read.
  private func raw() throws(CommandError) {
    var settings = Self.original
    settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(0, TCSAFLUSH, &settings) == 0 else {
      throw .io("cannot put the terminal in raw mode: \(String(cString: strerror(errno)))")
    }
    Self.isRaw = true
  }

  /// The handler of SIGINT and SIGTERM: the terminal's settings back, then the signal again with
  /// its default action.
  private static func restoreAndRaise(_ signalNumber: Int32) {
    if isRaw { _ = tcsetattr(0, TCSAFLUSH, &original) }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
  }
}
