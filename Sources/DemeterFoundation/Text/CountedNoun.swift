extension String.StringInterpolation {
  /// A count and its noun, with an `s` unless the count is 1: `"\(count: 1, "file")"` is `1 file`,
  /// `"\(count: 3, "invalid line")"` is `3 invalid lines`; an irregular `plural` is given:
  /// `"\(count: 2, "entry", plural: "entries")"`. The tool's one English plural.
  package mutating func appendInterpolation(count: Int, _ noun: String, plural: String? = nil) {
    appendLiteral("\(count) \(count == 1 ? noun : plural ?? noun + "s")")
  }
}
