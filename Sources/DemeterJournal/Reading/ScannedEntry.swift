import DemeterFoundation

/// Where one string of a scanned line is: a byte range of the line itself (written without
/// escapes) or of the scanner's buffer of decoded strings.
package struct ByteSpan {
  package var inLine: Bool
  package var range: Range<Int>

  package static let empty = ByteSpan(inLine: true, range: 0..<0)
}

/// One entry as a sink is handed it (`EntrySink`), read by the fast path or the strict decoder:
/// exact numbers and the places of its strings (manual: journal fields; optional nutrients are 0
/// when absent).
package struct ScannedEntry {
  package var timestamp = Timestamp(localDate: CivilDate(dayNumber: 0), secondOfDay: 0, utcOffsetSeconds: nil)
  package var id = ByteSpan.empty
  /// The id's value and whether it is written with capitals (`UUIDText.read`), found when the id
  /// was checked.
  package var idValue: UInt128 = 0
  package var idHasCapitals = false
  /// Empty unless the sink keeps raw descriptions (`EntrySink.keepsRawDescription`).
  package var rawDescription = ByteSpan.empty
  package var foodName = ByteSpan.empty
  package var unit = ByteSpan.empty
  /// nil when the entry matched no ingredient.
  package var matchedIngredientID: ByteSpan?
  /// The meal in lower case, if given.
  package var meal: ByteSpan?
  package var quantity: Int64 = 0
  package var amounts = NutrientAmounts()
  package var confidence: Int64 = 0
  /// Micronutrient names and amounts in the order written.
  package var micronutrientNames: [ByteSpan] = []
  package var micronutrientAmounts: [Int64] = []
  /// The tags in the order written and the note, if any; both only where the sink keeps them
  /// (`EntrySink.keepsTagsAndNote`).
  package var tags: [ByteSpan] = []
  package var note: ByteSpan?
  /// The keys of the line (`EntryLineScanner.seenBit` of each field), and whether they come in
  /// canonical order, each read where the canonical order puts it; set only where the sink keeps
  /// tags and notes.
  package var keys: UInt32 = 0
  package var keysInCanonicalOrder = false
  /// Whether the line says `"reviewed": true`.
  package var reviewed = false
  package var line = 0
}
