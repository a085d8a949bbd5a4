import DemeterFoundation

extension ScannedEntry {
  /// Whether the entry's line states `nutrient`, for a sink that keeps the keys of lines
  /// (`EntrySink.keepsTagsAndNote`): a required one always, an optional one when its key has a
  /// value.
  package func states(_ nutrient: Nutrient) -> Bool {
    nutrient.isRequired || keys & Self.keyBit(of: nutrient) != 0
  }

  /// The bit of `nutrient`'s key in `keys` (0 for a key the line readers do not know).
  package static func keyBit(of nutrient: Nutrient) -> UInt32 {
    EntryField(rawValue: nutrient.key).map { EntryLineScanner.seenBit(ordinal: $0.ordinal) } ?? 0
  }
}
