/// This process's standard input.
public enum StandardInput {
  /// Every byte up to the end of standard input (what was read before an error, on an error).
  public static func readAll() -> [UInt8] {
    FileBytes.readToEnd(descriptor: 0)
  }
}
