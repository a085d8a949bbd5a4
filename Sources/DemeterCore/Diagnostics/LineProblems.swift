/// The problems of one line as they are reported: the first `shownPerLine` one by one, each with the
/// excerpt of the line around its column, then one "and N more problems in this line". Reporting a
/// line then costs about the same whether one thing is wrong with it or a million: a problem past
/// the first few is counted, not kept (its message is never even made).
public struct LineProblems {
  /// How many problems of one line are reported one by one.
  public static let shownPerLine = 5

  /// The problems reported one by one, in the order added.
  public private(set) var kept: [Diagnostic] = []
  /// How many problems were added past `shownPerLine`.
  public private(set) var leftOut = 0
  private var leftOutHasError = false
  private var firstLeftOut: SourceLocation?

  public init() {}

  /// Adds a problem; `message` is made only if the problem is kept.
  public mutating func add(
    _ severity: Diagnostic.Severity, _ location: SourceLocation, _ message: @autoclosure () -> String
  ) {
    guard kept.count < Self.shownPerLine else {
      leftOut += 1
      leftOutHasError = leftOutHasError || severity == .error
      firstLeftOut = firstLeftOut ?? location
      return
    }
    kept.append(Diagnostic(severity, location, message()))
  }

  /// Adds a problem already made.
  public mutating func add(_ diagnostic: Diagnostic) {
    add(diagnostic.severity, diagnostic.location, diagnostic.message)
  }

  /// The problems to report: the kept ones, each with its excerpt of `line` (the line's bytes
  /// without its end, starting at byte `lineOffset` of its file when known), then, if problems
  /// were left out, one diagnostic at the first of them that counts them: an error if any of them
  /// is one, else a warning.
  /// - Complexity: O(`LineExcerpt.maximumBytes`) per problem kept.
  public func reported<Line: RandomAccessCollection<UInt8>>(line: Line, lineOffset: Int?) -> [Diagnostic]
  where Line.Index == Int {
    var reported = kept
    // A line short enough to be shown whole has one excerpt, shared by all its problems.
    let whole =
      line.count <= LineExcerpt.maximumBytes
      ? LineExcerpt(line: line, around: 1, lineOffset: lineOffset) : nil
    for index in reported.indices {
      reported[index].excerpt =
        whole ?? LineExcerpt(line: line, around: reported[index].location.column, lineOffset: lineOffset)
    }
    if let firstLeftOut {
      reported.append(
        Diagnostic(
          leftOutHasError ? .error : .warning, firstLeftOut,
          "and \(count: leftOut, "more problem") in this line"))
    }
    return reported
  }
}
