extension Array {
  /// The elements in order of `day` (those of one day kept in their order), the elements of each
  /// day merged into its first by `merge`.
  func mergedByDay(_ day: (Element) -> Int32, merge: (inout Element, Element) -> Void) -> [Element] {
    var merged: [Element] = []
    for element in sorted(by: { day($0) < day($1) }) {
      if let last = merged.last, day(last) == day(element) {
        merge(&merged[merged.count - 1], element)
      } else {
        merged.append(element)
      }
    }
    return merged
  }
}
