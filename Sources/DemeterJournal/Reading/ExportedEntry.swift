/// One entry of an export (manual: output), as its line reads: the row (fibre and sugar nil when
/// the line does not state them), its tags and note.
public struct ExportedEntry: Sendable {
  public var row: Entry
  /// The path of its day file.
  public var path: String
  public var tags: [String]
  public var note: String?

  public init(row: Entry, path: String, tags: [String] = [], note: String? = nil) {
    self.row = row
    self.path = path
    self.tags = tags
    self.note = note
  }
}
