import DemeterFoundation

extension ScannedEntry {
  /// The entry of a line the strict path decoded into `row`, its strings written into `strings`
  /// (emptied first; the spans point there, none into the line). With the line's `object` (for a
  /// sink that keeps tags and notes, `EntrySink.keepsTagsAndNote`), its tags, note and the keys it
  /// states with a value (not null) as written, before any schema migration; its keys are never
  /// taken for canonical order.
  package init(decoded row: Entry, object: JSONObject?, strings: inout [UInt8]) {
    strings.removeAll(keepingCapacity: true)
    func span(_ text: String) -> ByteSpan {
      let start = strings.count
      strings += text.utf8
      return ByteSpan(inLine: false, range: start..<strings.count)
    }
    self.init()
    timestamp = row.timestamp
    id = span(row.id)
    // The decoder accepts only ids that are UUIDs.
    let uuid = strings.withUnsafeBufferPointer { UUIDText.read(UnsafeBufferPointer(rebasing: $0[id.range])) }
    (idValue, idHasCapitals) = uuid.map { ($0.value, $0.hasCapitals) } ?? (0, false)
    rawDescription = span(row.rawDescription)
    foodName = span(row.foodName)
    unit = span(row.unit)
    matchedIngredientID = row.matchedIngredientID.map(span)
    meal = row.meal.map(span)
    quantity = row.quantity.billionths
    amounts = row.amounts
    confidence = row.confidence.billionths
    micronutrientNames = row.micronutrients.map { span($0.name) }
    micronutrientAmounts = row.micronutrients.map(\.amount.billionths)
    line = row.line
    reviewed = row.reviewed
    guard let object else { return }
    tags = object.entryTags.map(span)
    note = object.entryNote.map(span)
    for field in EntryField.allCases where object[field.rawValue].map({ $0 != .null }) ?? false {
      keys |= EntryLineScanner.seenBit(ordinal: field.ordinal)
    }
  }
}
