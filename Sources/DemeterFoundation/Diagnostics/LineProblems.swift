/// The problems of the lines of one file as they are reported. Of each line, the first
/// `shownPerLine` one by one, each with the excerpt of the line around its column, then one "and N
/// more problems in this line". Reporting a line then costs about the same whether one thing is
/// wrong with it or a million: a problem past the first few is counted, not kept (its message is
/// never even made). With `keptPerKind`, the same holds for the file's warnings of each
/// `WarningKind`: past that many, they are counted, and `leftOutOfFile` gives one warning per kind
/// that stands for them (`check` shows the first few of each kind, not thousands).
public struct LineProblems {
  /// How many problems of one line are reported one by one.
  public static let shownPerLine = 5

  /// The current line's problems reported one by one, in the order added.
  public private(set) var kept: [Diagnostic] = []
  /// How many problems of the current line were added past `shownPerLine`.
  public private(set) var leftOut = 0
  private var leftOutHasError = false
  private var firstLeftOut: SourceLocation?
  /// How many warnings of each kind (by `WarningKind.index`) a file keeps; nil: all.
  private let keptPerKind: Int?
  /// The file's warnings of each kind kept so far, and those left out (how many, the first's place).
  private var keptOfKind: [Int]
  private var leftOutOfKind: [(count: Int, first: SourceLocation)?]

  /// Problems that keep every warning, or `keptPerKind` warnings of each kind in a file.
  public init(keptPerKind: Int? = nil) {
    self.keptPerKind = keptPerKind
    keptOfKind = Array(repeating: 0, count: WarningKind.allCases.count)
    leftOutOfKind = Array(repeating: nil, count: WarningKind.allCases.count)
  }

  /// Adds a problem (a warning of `kind`, if given); `message` is made only if the problem is kept.
  public mutating func add(
    _ severity: Diagnostic.Severity, kind: WarningKind? = nil, _ location: SourceLocation,
    _ message: @autoclosure () -> String
  ) {
    if let kind, let keptPerKind {
      guard keptOfKind[kind.index] < keptPerKind else {
        let before = leftOutOfKind[kind.index]
        leftOutOfKind[kind.index] = ((before?.count ?? 0) + 1, before?.first ?? location)
        return
      }
      keptOfKind[kind.index] += 1
    }
    guard kept.count < Self.shownPerLine else {
      leftOut += 1
      leftOutHasError = leftOutHasError || severity == .error
      firstLeftOut = firstLeftOut ?? location
      return
    }
    kept.append(Diagnostic(severity, location, message(), kind: kind))
  }

  /// Adds a problem already made.
  public mutating func add(_ diagnostic: Diagnostic) {
    add(diagnostic.severity, kind: diagnostic.kind, diagnostic.location, diagnostic.message)
  }

  /// Takes the current line's problems to report, and starts the next line: the kept ones, each
  /// with its excerpt of `line` (the line's bytes without its end, starting at byte `lineOffset` of
  /// its file when known), then, if problems were left out, one diagnostic at the first of them
  /// that counts them: an error if any of them is one, else a warning.
  /// - Complexity: O(`LineExcerpt.maximumBytes`) per problem kept.
  public mutating func takeReported<Line: RandomAccessCollection<UInt8>>(line: Line, lineOffset: Int?)
    -> [Diagnostic]
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
    kept = []
    leftOut = 0
    leftOutHasError = false
    firstLeftOut = nil
    return reported
  }

  /// For each kind whose warnings in the file went past `keptPerKind`, one warning of that kind at
  /// the first left out that stands for all of them (`Diagnostic.count`).
  public func leftOutOfFile() -> [Diagnostic] {
    zip(WarningKind.allCases, leftOutOfKind).compactMap { kind, leftOut in
      guard let leftOut else { return nil }
      var diagnostic = Diagnostic.warning(
        kind, leftOut.first, "and \(count: leftOut.count, "more warning") of this kind in this file")
      diagnostic.count = leftOut.count
      return diagnostic
    }
  }
}
