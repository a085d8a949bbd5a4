import DemeterFoundation

/// A scanned entry as a query reads it (`QuerySubject`), as an entry sink is handed it: its strings
/// spans of `line` or of `decoded`. Its raw description, tags and note are there only where the sink
/// keeps them (`EntrySink.keepsRawDescription`, `keepsTagsAndNote`). It reads the entry in place
/// (`Query.matches(_:line:decoded:)`), so matching copies no entry; with a memo, a pattern's answer
/// for a text that is not plain ASCII is found once per scan (`PatternMemo`).
struct ScannedQuerySubject: QuerySubject {
  private let entry: UnsafePointer<ScannedEntry>
  private let line: UnsafeBufferPointer<UInt8>
  private let decoded: UnsafeBufferPointer<UInt8>
  private let memo: UnsafeMutablePointer<PatternMemo>?

  init(
    _ entry: UnsafePointer<ScannedEntry>, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    memo: UnsafeMutablePointer<PatternMemo>?
  ) {
    self.entry = entry
    self.line = line
    self.decoded = decoded
    self.memo = memo
  }

  private func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
  }

  package var timestamp: Timestamp { entry.pointee.timestamp }
  package var confidenceBillionths: Int64 { entry.pointee.confidence }

  package func amount(ordinal: Int) -> Int64 { entry.pointee.amounts[ordinal: ordinal] }

  package func micronutrient(named name: [UInt8]) -> Int64? {
    entry.pointee.micronutrientNames.lastIndex { bytes($0).elementsEqual(name) }.map {
      entry.pointee.micronutrientAmounts[$0]
    }
  }

  package func withText(_ text: QueryText, _ body: (UnsafeBufferPointer<UInt8>?) -> Bool) -> Bool {
    let span: ByteSpan? =
      switch text {
      case .food: entry.pointee.foodName
      case .description: entry.pointee.rawDescription
      case .note: entry.pointee.note
      case .meal: entry.pointee.meal
      case .ingredient: entry.pointee.matchedIngredientID
      case .id: entry.pointee.id
      }
    return body(span.map(bytes))
  }

  package func containsTag(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    entry.pointee.tags.contains { predicate(bytes($0)) }
  }

  package func matches(_ pattern: FoldedPattern, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    memo?.pointee.matches(pattern, text) ?? pattern.matches(utf8: text)
  }
}

extension Query {
  /// Whether the scanned `entry`, its strings spans of `line` or `decoded`, is one the query asks for.
  package func matches(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    withUnsafePointer(to: &entry) { matches(ScannedQuerySubject($0, line: line, decoded: decoded, memo: nil)) }
  }

  /// `matches(_:line:decoded:)`, the answers for texts that are not plain ASCII kept in `memo`
  /// (for a scan of many entries).
  package func matches(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    memo: inout PatternMemo
  ) -> Bool {
    withUnsafePointer(to: &entry) { entry in
      withUnsafeMutablePointer(to: &memo) { memo in
        matches(ScannedQuerySubject(entry, line: line, decoded: decoded, memo: memo))
      }
    }
  }
}

extension ExportedEntry: QuerySubject {
  package var timestamp: Timestamp { row.timestamp }
  package var confidenceBillionths: Int64 { row.confidence.billionths }

  package func amount(ordinal: Int) -> Int64 { row.amounts[ordinal: ordinal] }

  package func micronutrient(named name: [UInt8]) -> Int64? {
    row.micronutrients.last { $0.name.utf8.elementsEqual(name) }?.amount.billionths
  }

  package func withText(_ text: QueryText, _ body: (UnsafeBufferPointer<UInt8>?) -> Bool) -> Bool {
    let string: String? =
      switch text {
      case .food: row.foodName
      case .description: row.rawDescription
      case .note: note
      case .meal: row.meal
      case .ingredient: row.matchedIngredientID
      case .id: row.id
      }
    guard var string else { return body(nil) }
    return string.withUTF8 { body($0) }
  }

  package func containsTag(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    tags.contains { tag in
      var tag = tag
      return tag.withUTF8 { predicate($0) }
    }
  }
}
