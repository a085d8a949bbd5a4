import DemeterCore
import DemeterReporting

/// Reading a request's period words (manual: reports): one period, or the two of `compare`.
public enum PeriodWords {
  /// The words of `request` as one period's text: as given, else the kind's default.
  static func text(_ request: ReportRequest) throws(CommandError) -> String {
    let words = request.period.joined(separator: " ")
    if !words.isEmpty { return words }
    guard let text = request.kind.defaultPeriod else {
      let kind = request.kind.rawValue
      throw .usage("\(kind) needs a PERIOD, e.g. '\(kind) 2026-11-01..2026-11-21' or --from/--to")
    }
    return text
  }

  /// Whether `text` names a period (`all` included), whatever day today is.
  public static func isPeriod(_ text: String) -> Bool {
    (try? period(text, today: CivilDate(dayNumber: 0), weekStart: .monday, span: nil)) != nil
  }

  /// Whether the period `text` names is the journals' span (`all`), known only once they are read.
  static func needsSpan(_ text: String) -> Bool {
    text.trimmingSpaces().lowercased() == "all"
  }

  /// The period `text` names; `all` is the journal's `span`.
  static func period(_ text: String, today: CivilDate, weekStart: WeekStart, span: Period?) throws(CommandError)
    -> Period
  {
    if needsSpan(text) { return span ?? Period(day: today) }
    do {
      return try Period.parse(text, today: today, weekStart: weekStart)
    } catch {
      throw .usage(error.description)
    }
  }

  /// The two periods of `compare`: two arguments, or words split where both halves are periods
  /// (`compare this week last week`); a split that is not unique is a usage error.
  static func compared(_ words: [String], today: CivilDate, weekStart: WeekStart, span: Period?)
    throws(CommandError) -> (Period, Period)
  {
    func parse(_ text: String) throws(CommandError) -> Period {
      try period(text, today: today, weekStart: weekStart, span: span)
    }
    let example = "e.g. 'compare 2026-W47 2026-W46' or 'compare \"this week\" \"last week\"'"
    if words.count == 2, let first = try? parse(words[0]), let second = try? parse(words[1]) {
      return (first, second)
    }
    let split = words.flatMap { $0.split(separator: " ").map(String.init) }
    guard split.count >= 2 else { throw .usage("compare needs two periods, \(example)") }
    var splits: [(Period, Period)] = []
    for cut in 1..<split.count {
      if let first = try? parse(split[..<cut].joined(separator: " ")),
        let second = try? parse(split[cut...].joined(separator: " "))
      {
        splits.append((first, second))
      }
    }
    let whole = split.joined(separator: " ")
    if splits.isEmpty, (try? parse(whole)) != nil {
      throw .usage("compare needs two periods, and '\(TerminalSafeText.escaped(whole))' is one; \(example)")
    }
    // Two arguments that are not both periods: the located error of the one that is not.
    if splits.isEmpty, words.count == 2 {
      return (try parse(words[0]), try parse(words[1]))
    }
    guard splits.count == 1 else {
      throw .usage(
        "compare needs two periods and '\(TerminalSafeText.escaped(whole))' "
          + (splits.isEmpty ? "is not two periods" : "splits into two periods in more than one way")
          + "; quote each period, \(example)")
    }
    return splits[0]
  }
}
