import DemeterFoundation

/// A scanned entry as a query reads it (`QuerySubject`), as an entry sink is handed it: its strings
/// spans of `line` or of `decoded`. Its raw description, tags and note are there only where the sink
/// keeps them (`EntrySink.keepsRawDescription`, `keepsTagsAndNote`).
package struct ScannedQuerySubject: QuerySubject {
  package let entry: ScannedEntry
  package let line: UnsafeBufferPointer<UInt8>
  package let decoded: UnsafeBufferPointer<UInt8>

  package init(_ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>) {
    self.entry = entry
    self.line = line
    self.decoded = decoded
  }

  private func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
  }

  package var timestamp: Timestamp { entry.timestamp }
  package var confidenceBillionths: Int64 { entry.confidence }

  package func amount(of nutrient: Nutrient) -> Int64 { entry.amounts[nutrient] }

  package func micronutrient(named name: [UInt8]) -> Int64? {
    entry.micronutrientNames.lastIndex { bytes($0).elementsEqual(name) }.map {
      entry.micronutrientAmounts[$0]
    }
  }

  package func withText(_ text: QueryText, _ body: (UnsafeBufferPointer<UInt8>?) -> Bool) -> Bool {
    let span: ByteSpan? =
      switch text {
      case .food: entry.foodName
      case .description: entry.rawDescription
      case .note: entry.note
      case .meal: entry.meal
      case .ingredient: entry.matchedIngredientID
      case .id: entry.id
      }
    return body(span.map(bytes))
  }

  package func containsTag(where predicate: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    entry.tags.contains { predicate(bytes($0)) }
  }
}

extension ExportedEntry: QuerySubject {
  package var timestamp: Timestamp { row.timestamp }
  package var confidenceBillionths: Int64 { row.confidence.billionths }

  package func amount(of nutrient: Nutrient) -> Int64 { row.amounts[nutrient] }

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
