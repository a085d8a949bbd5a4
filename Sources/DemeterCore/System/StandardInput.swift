/// This process's standard input.
public enum StandardInput {
  /// Every byte up to the end of standard input, under the `limit` of the file it stands for (a day
  /// file, an import file).
  /// - Throws: the refusal of an input longer than `limit`, or the read's error.
  public static func read(limit: FileSizeLimit) throws(FileBytes.ReadError) -> [UInt8] {
    try FileBytes.readToEnd(descriptor: 0, limit: limit, input: "standard input")
  }
}
