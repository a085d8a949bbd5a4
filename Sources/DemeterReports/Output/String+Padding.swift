extension String {
  /// The text with spaces after it up to `width` characters: a column of aligned text.
  package func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
