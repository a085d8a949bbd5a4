/// How much one render may expand, so a template cannot turn a small report into unbounded work
/// (41 tiny partials, each including the next twice, are 2⁴⁰ inclusions writing nothing): the
/// partials included and the bytes written are bounded by a base plus an allowance for each list
/// item rendered, so the cost follows the report's data, not how the template repeats itself.
/// Without partials the output is already bounded by the template's size times the data.
struct MustacheBudget {
  /// Partial inclusions allowed whatever the data.
  static let basePartials = 100_000
  /// Partial inclusions each list item rendered adds (a partial per row, nested a few deep).
  static let partialsPerItem = 64
  /// Output bytes allowed whatever the data.
  static let baseOutputBytes = 64 << 20
  /// Output bytes each list item rendered adds.
  static let outputBytesPerItem = 16 << 10

  private var partialsLeft = basePartials
  private var outputLimit = baseOutputBytes
  private var items = 0

  /// Counts one list item about to be rendered.
  mutating func addItem() {
    items += 1
    partialsLeft += Self.partialsPerItem
    outputLimit += Self.outputBytesPerItem
  }

  /// Counts one partial inclusion; the reason it may not happen, if the budget is spent.
  mutating func includePartial() -> String? {
    partialsLeft -= 1
    guard partialsLeft < 0 else { return nil }
    return "partials included more than \(Self.basePartials + items * Self.partialsPerItem) times "
      + "(\(Self.basePartials) plus \(Self.partialsPerItem) per list item rendered): "
      + "a partial here repeats itself or others without end"
  }

  /// The reason output of `size` bytes may not grow further, if it passed the limit.
  func check(outputSize size: Int) -> String? {
    guard size > outputLimit else { return nil }
    return "the output passed \(outputLimit) bytes (\(Self.baseOutputBytes >> 20) MiB plus "
      + "\(Self.outputBytesPerItem >> 10) KiB per list item rendered): a partial or section here repeats "
        + "too much"
  }
}
