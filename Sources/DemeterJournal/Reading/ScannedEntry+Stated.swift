import DemeterFoundation

extension ScannedEntry {
  /// Whether the entry's line states `nutrient`, for a sink that keeps the keys of lines
  /// (`EntrySink.keepsTagsAndNote`): a required one always, an optional one when its key has a
  /// value.
  package func states(_ nutrient: Nutrient) -> Bool {
    nutrient.isRequired || keys & Self.keyBit(of: nutrient) != 0
  }

  /// The bit of `nutrient`'s key in `keys`.
  package static func keyBit(of nutrient: Nutrient) -> UInt32 {
    EntryLineScanner.seenBit(ordinal: EntryField(nutrient).ordinal)
  }
}
