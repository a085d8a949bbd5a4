import DemeterFoundation

extension JSONObject {
  /// The tags of an entry line's object, in the order written.
  package var entryTags: [String] {
    var tags: [String] = []
    if case .array(let items)? = self[EntryField.tags.rawValue] {
      for case .string(let tag) in items { tags.append(tag) }
    }
    return tags
  }

  /// The note of an entry line's object, if any.
  package var entryNote: String? {
    if case .string(let text)? = self[EntryField.note.rawValue] { return text }
    return nil
  }
}
