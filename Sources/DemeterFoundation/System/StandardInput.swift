/// What a command reads as its standard input: this process's, or given bytes (a command run
/// in-process by a test).
public enum StandardInput: Sendable {
  case process
  case bytes([UInt8])

  /// Every byte up to the end of the input, under the `limit` of the file it stands for (a day
  /// file, an import file).
  /// - Throws: the refusal of an input longer than `limit`, or the read's error.
  public func read(limit: FileSizeLimit) throws(FileBytes.ReadError) -> [UInt8] {
    switch self {
    case .process:
      return try FileBytes.readToEnd(descriptor: 0, limit: limit, input: "standard input")
    case .bytes(let bytes):
      guard bytes.count <= limit.bytes else {
        throw FileBytes.ReadError(message: limit.refusal(of: "standard input"))
      }
      return bytes
    }
  }
}
