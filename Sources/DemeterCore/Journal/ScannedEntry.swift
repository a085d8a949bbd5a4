/// Where one string of a scanned line is: a byte range of the line itself (written without
/// escapes) or of the scanner's buffer of decoded strings.
struct ByteSpan {
  var inLine: Bool
  var range: Range<Int>

  static let empty = ByteSpan(inLine: true, range: 0..<0)
}

/// One entry as a sink is handed it (`EntrySink`), read by the fast path or the strict decoder:
/// exact numbers and the places of its strings (manual: journal fields; optional nutrients are 0
/// when absent).
struct ScannedEntry {
  var timestamp = Timestamp(localDate: CivilDate(dayNumber: 0), secondOfDay: 0, utcOffsetSeconds: nil)
  var id = ByteSpan.empty
  /// The id's value and whether it is written with capitals (`UUIDText.read`), found when the id
  /// was checked.
  var idValue: UInt128 = 0
  var idHasCapitals = false
  /// Empty unless the sink keeps raw descriptions (`EntrySink.keepsRawDescription`).
  var rawDescription = ByteSpan.empty
  var foodName = ByteSpan.empty
  var unit = ByteSpan.empty
  /// nil when the entry matched no ingredient.
  var matchedIngredientID: ByteSpan?
  /// The meal in lower case, if given.
  var meal: ByteSpan?
  var quantity: Int64 = 0
  var amounts = NutrientAmounts()
  var confidence: Int64 = 0
  /// Micronutrient names and amounts in the order written.
  var micronutrientNames: [ByteSpan] = []
  var micronutrientAmounts: [Int64] = []
  /// The tags in the order written and the note, if any; both only where the sink keeps them
  /// (`EntrySink.keepsTagsAndNote`).
  var tags: [ByteSpan] = []
  var note: ByteSpan?
  /// The keys of the line (`EntryLineScanner.seenBit` of each field), and whether they come in
  /// canonical order, each read where the canonical order puts it; set only where the sink keeps
  /// tags and notes.
  var keys: UInt32 = 0
  var keysInCanonicalOrder = false
  var line = 0
}
