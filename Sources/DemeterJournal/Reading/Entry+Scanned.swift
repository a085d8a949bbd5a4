import DemeterFoundation

extension Entry {
  /// The row of an entry a sink was handed (`EntrySink.add`): its strings spans of `line` or of
  /// `decoded`; an optional nutrient not stated where `states` says the line does not state it.
  package init(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    states: (Nutrient) -> Bool = { _ in true }
  ) {
    func text(_ span: ByteSpan) -> String {
      String(
        decoding: UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range]), as: UTF8.self)
    }
    self.init(
      timestamp: entry.timestamp, id: text(entry.id), rawDescription: text(entry.rawDescription),
      foodName: text(entry.foodName), quantity: FixedDecimal(billionths: entry.quantity),
      unit: text(entry.unit), amounts: entry.amounts, states: states,
      confidence: FixedDecimal(billionths: entry.confidence),
      matchedIngredientID: entry.matchedIngredientID.map(text), meal: entry.meal.map(text),
      micronutrients: zip(entry.micronutrientNames, entry.micronutrientAmounts).map {
        MicronutrientAmount(name: text($0), amount: FixedDecimal(billionths: $1))
      }, reviewed: entry.reviewed, line: entry.line)
  }
}
