extension String.StringInterpolation {
  /// A count and its noun, with an `s` unless the count is 1: `"\(count: 1, "file")"` is `1 file`,
  /// `"\(count: 3, "invalid line")"` is `3 invalid lines`. The tool's one English plural.
  package mutating func appendInterpolation(count: Int, _ noun: String) {
    appendLiteral("\(count) \(noun)\(count == 1 ? "" : "s")")
  }
}
