import Foundation

/// A fresh folder under the system temporary folder, removed (permissions restored first) when the
/// value is released. For the output and external-generator tests.
final class OutputTestFolder {
  let path: String

  init() throws {
    var base = NSTemporaryDirectory()
    while base.hasSuffix("/") { base.removeLast() }
    var template = Array((base + "/demeter-output-tests.XXXXXX").utf8CString)
    guard let created = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown)
    }
    path = String(cString: created)
  }

  deinit {
    // A test may have made a subfolder read-only; make everything writable again to remove it.
    if let enumerator = FileManager.default.enumerator(atPath: path) {
      for case let relative as String in enumerator {
        chmod(path + "/" + relative, 0o755)
      }
    }
    try? FileManager.default.removeItem(atPath: path)
  }

  func join(_ relative: String) -> String { path + "/" + relative }

  /// Writes `text` to `relative` with `mode`, creating folders on the way. The file is opened with
  /// `O_CLOEXEC` so that programs started meanwhile by other tests do not keep it open for writing
  /// (which would make a script written here unexecutable: `ETXTBSY`).
  @discardableResult
  func file(_ relative: String, _ text: String, mode: mode_t = 0o644) throws -> String {
    let target = join(relative)
    try FileManager.default.createDirectory(
      atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count, fchmod(fd, mode) == 0
    else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    return target
  }

  @discardableResult
  func folder(_ relative: String) throws -> String {
    let target = join(relative)
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    return target
  }

  func contents(_ relative: String) -> String? {
    FileManager.default.contents(atPath: join(relative)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The names in a folder (hidden ones included), sorted.
  func names(in relative: String = ".") throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: join(relative)).sorted()
  }
}
