import DemeterCore

/// A progress line on stderr for work that runs past a second (a cold report over years of
/// journal, `check` or `fmt` over many files): files done of how many, bytes, the rate and the time
/// left, redrawn in place. Only on a terminal — never in cron, a pipe or a log file — and never
/// with `--quiet`.
///
/// Calls never overlap: `fmt` makes them from one thread, a journal load through its
/// `WorkProgress`, which makes them one at a time.
public final class ProgressLine: @unchecked Sendable {
  /// Work that ends sooner shows nothing.
  static let delay: Duration = .seconds(1)
  /// The shortest time between two redraws.
  static let redrawInterval: Duration = .milliseconds(100)

  private let isShown: Bool
  /// What is counted (`files`).
  private let unit: String
  private var total: Int
  private let start = ContinuousClock.now
  private var lastDrawn: ContinuousClock.Instant?

  public init(quiet: Bool, unit: String = "files", total: Int = 0, isTerminal: Bool) {
    isShown = !quiet && isTerminal
    self.unit = unit
    self.total = total
  }

  /// What a journal load reports its files to, drawing this line; nil when the line is not shown.
  public var workProgress: WorkProgress? {
    guard isShown else { return nil }
    return WorkProgress { [self] files, total, bytes in advance(to: files, of: total, bytes: bytes) }
  }

  /// Says that `done` of the total (`total`, when given) are done, `bytes` long; redrawn at most
  /// every `redrawInterval`, once the work has run for `delay`.
  public func advance(to done: Int, of total: Int? = nil, bytes: Int? = nil) {
    guard isShown else { return }
    if let total { self.total = total }
    let now = ContinuousClock.now
    let elapsed = now - start
    guard elapsed >= Self.delay, lastDrawn.map({ now - $0 >= Self.redrawInterval }) ?? true else { return }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    draw(Self.text(done: done, total: self.total, unit: unit, bytes: bytes, seconds: seconds))
    lastDrawn = now
  }

  /// Removes the line, if one is shown (before other output, and at the end).
  public func clear() {
    guard lastDrawn != nil else { return }
    draw("")
    lastDrawn = nil
  }

  /// `1200/5000 files, 52 MB, 850 files/s, 5 s left` after `seconds` of work.
  static func text(done: Int, total: Int, unit: String, bytes: Int?, seconds: Double) -> String {
    let rate = seconds > 0 ? Double(done) / seconds : 0
    var text = "\(done)/\(total) \(unit)"
    if let bytes { text += ", \(bytes / 1_000_000) MB" }
    text += ", \(Int(rate.rounded())) \(unit)/s"
    if rate > 0, done < total {
      text += ", \(Int((Double(total - done) / rate).rounded(.up))) s left"
    }
    return text
  }

  /// Replaces the terminal's current line with `text`.
  private func draw(_ text: String) {
    var line = "\r\u{1B}[K" + text
    _ = line.withUTF8 { systemWriteAll(UnsafeRawBufferPointer($0), to: 2) }
  }
}
