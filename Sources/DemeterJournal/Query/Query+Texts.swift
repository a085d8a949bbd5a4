extension Query {
  /// Whether the query reads an entry's raw description, tags or note (`desc:`, `tag:`, `note:`),
  /// which a scan for reports skips unless asked (`EntrySink.keepsRawDescription`, `keepsTagsAndNote`).
  package var readsSkippedTexts: Bool {
    switch self {
    case .term(.pattern(let text, _)): text == .description || text == .note
    case .term(.tag): true
    case .term: false
    case .all(let parts), .any(let parts): parts.contains { $0.readsSkippedTexts }
    case .not(let inner): inner.readsSkippedTexts
    }
  }
}
