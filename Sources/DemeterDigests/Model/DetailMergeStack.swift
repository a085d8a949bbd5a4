/// Merges many digest details as they come, in a balanced order (like a binary counter: two
/// merges of the same number of inputs are merged together), so each element is copied about
/// log₂ k times for k details instead of k times, holding only log₂ k partial merges.
package struct DetailMergeStack {
  private var stack: [(inputs: Int, detail: DigestDetail)] = []
  package let limit: Int

  package init(limit: Int) {
    self.limit = limit
  }

  mutating func push(_ detail: DigestDetail) {
    var top = (inputs: 1, detail: detail)
    while let last = stack.last, last.inputs == top.inputs {
      stack.removeLast()
      top.detail.merge(last.detail, limit: limit)
      top.inputs += last.inputs
    }
    stack.append(top)
  }

  /// The merge of every detail pushed.
  package var merged: DigestDetail {
    var result = DigestDetail()
    for part in stack.reversed() { result.merge(part.detail, limit: limit) }
    return result
  }
}
