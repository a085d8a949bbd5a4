/// Reads a whole UTF-8 text file (templates), as Foundation's `String(contentsOfFile:encoding:
/// .utf8)` did: a byte order mark at the start is dropped, and invalid UTF-8 is a failure.
public enum TextFile {
  /// The text of the file at `path`, or nil when it cannot be read or is not UTF-8.
  public static func read(_ path: String) -> String? {
    guard var bytes = try? FileBytes.read(path, limit: .template) else { return nil }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    return String(validating: bytes, as: UTF8.self)
  }
}
