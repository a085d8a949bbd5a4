/// One entry of an export (manual: output), as its line reads: the row (fibre and sugar nil when
/// the line does not state them), its tags and note, and, when asked, the line in canonical form
/// (`EntryLineEncoder`).
public struct ExportedEntry: Sendable {
  public var row: TableRow
  /// The path of its day file.
  public var path: String
  public var tags: [String]
  public var note: String?
  /// The journal line in canonical form, without a line end; empty unless asked for.
  public var canonicalLine: [UInt8]

  public init(
    row: TableRow, path: String, tags: [String] = [], note: String? = nil, canonicalLine: [UInt8] = []
  ) {
    self.row = row
    self.path = path
    self.tags = tags
    self.note = note
    self.canonicalLine = canonicalLine
  }
}
