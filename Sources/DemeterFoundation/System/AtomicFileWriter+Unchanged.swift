#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension AtomicFileWriter {
  /// `write(_:to:target: .userOutput)`, unless `path` (its links followed) is already a regular file
  /// holding exactly `bytes`: then it is left as it is, its modification time included, so a rerun
  /// on unchanged input (a cron job, a report kept in git) touches nothing and flushes nothing to
  /// disk. Returns whether the file was written.
  @discardableResult
  public static func writeOutputIfChanged(_ bytes: [UInt8], to path: String) throws(OutputError) -> Bool {
    if let held = try? FileBytes.read(path, limit: FileSizeLimit(bytes: bytes.count, kind: "an output file")),
      sameBytes(held, bytes)
    {
      return false
    }
    try write(bytes, to: path, target: .userOutput)
    return true
  }

  private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in
      b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
    }
  }
}
