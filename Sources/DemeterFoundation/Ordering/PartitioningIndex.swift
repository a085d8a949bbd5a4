extension RandomAccessCollection {
  /// The first index whose element is in the second part, where every element for which
  /// `isInSecondPart` holds comes after every element for which it does not (a binary search).
  /// - Complexity: O(log n) calls of `isInSecondPart`.
  @inlinable package func partitioningIndex(where isInSecondPart: (Element) throws -> Bool) rethrows -> Index {
    var (low, count) = (startIndex, self.count)
    while count > 0 {
      let half = count / 2
      let middle = index(low, offsetBy: half)
      if try isInSecondPart(self[middle]) {
        count = half
      } else {
        low = index(after: middle)
        count -= half + 1
      }
    }
    return low
  }
}
