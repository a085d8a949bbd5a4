/// A table of typed cells (manual: reports). Columns carry a machine id (the CSV header) and a human title;
/// rows carry a role, so renderers can set totals apart.
public struct ReportTable: Sendable, Hashable {
  /// Stable identifier, e.g. `weeks`, `days`, `top-foods`.
  public var id: String
  /// Caption for readers, e.g. "Weeks".
  public var caption: String
  public var columns: [ReportColumn]
  public var rows: [ReportTableRow]
  /// Shown before the report's summary (what a day's figures are made of), not after it.
  public var leadsSummary: Bool

  public init(
    id: String, caption: String, columns: [ReportColumn], rows: [ReportTableRow], leadsSummary: Bool = false
  ) {
    self.id = id
    self.caption = caption
    self.columns = columns
    self.rows = rows
    self.leadsSummary = leadsSummary
  }

  /// The columns shown to readers (text, Markdown, HTML), with their indices into each row's cells.
  public var readerColumns: [(index: Int, column: ReportColumn)] {
    columns.enumerated().filter { $0.element.shownToReaders }.map { ($0.offset, $0.element) }
  }
}

/// A column of a table.
public struct ReportColumn: Sendable, Hashable {
  /// Machine name, the CSV header, e.g. `avg_daily_calories`.
  public var id: String
  /// Human title, e.g. "kcal/day".
  public var title: String
  /// Numbers are right-aligned.
  public var isNumeric: Bool
  /// Whether text, Markdown and HTML show it (CSV and JSON always carry every column).
  public var shownToReaders: Bool

  /// Whether it holds ids (`id`, `…_id`): text output never cuts them.
  public var isIdentifier: Bool { id == "id" || id.hasSuffix("_id") }

  public init(id: String, title: String, isNumeric: Bool, shownToReaders: Bool = true) {
    self.id = id
    self.title = title
    self.isNumeric = isNumeric
    self.shownToReaders = shownToReaders
  }
}

/// A row of a table.
public struct ReportTableRow: Sendable, Hashable {
  public enum Role: String, Sendable, Hashable {
    /// An ordinary row.
    case item
    /// A bucket without entries.
    case empty
    /// The total of the rows above.
    case total
  }

  public var role: Role
  public var cells: [ReportCell]

  public init(role: Role = .item, cells: [ReportCell]) {
    self.role = role
    self.cells = cells
  }
}

/// One value: text, or a number with its exact form and the form readers see.
public struct ReportCell: Sendable, Hashable {
  /// The number, if this is one (exact for CSV and JSON).
  public var number: ReportNumber?
  /// How readers see it: its text, or the number rounded (made only when a format shows it).
  private var shown: Shown

  private enum Shown: Sendable, Hashable {
    case text(String)
    case rounded(decimals: Int)
    /// The day of the number, a day's calories.
    case dayCalories(date: String)
  }

  public init(number: ReportNumber?, display: String) {
    self.init(number: number, shown: .text(display))
  }

  private init(number: ReportNumber?, shown: Shown) {
    self.number = number
    self.shown = shown
  }

  /// What readers see: a rounded number with its unit dropped, or the text.
  public var display: String {
    switch shown {
    case .text(let text): text
    case .rounded(let decimals): number?.rounded(decimals) ?? ""
    case .dayCalories(let date): "\(date) (\(number?.rounded(0) ?? "") kcal)"
    }
  }

  /// The day the number belongs to, for a value that is a day and its amount (the highest day):
  /// JSON writes `{"date": …, "calories": …}`.
  public var date: String? {
    if case .dayCalories(let date) = shown { date } else { nil }
  }

  /// A text cell.
  public static func text(_ text: String) -> ReportCell {
    ReportCell(number: nil, display: text)
  }

  /// A number shown with `decimals` decimals to readers.
  public static func number(_ number: ReportNumber, decimals: Int) -> ReportCell {
    ReportCell(number: number, shown: .rounded(decimals: decimals))
  }

  /// A count.
  public static func count(_ count: Int) -> ReportCell {
    ReportCell(number: .count(count), shown: .rounded(decimals: 0))
  }

  /// A day and its calories, e.g. the highest day of a week: `2026-11-20 (3810 kcal)` to readers.
  public static func dayCalories(_ date: String, _ calories: ReportNumber) -> ReportCell {
    ReportCell(number: calories, shown: .dayCalories(date: date))
  }

  /// The same value seen the same way, however it was made.
  public static func == (a: ReportCell, b: ReportCell) -> Bool {
    (a.number, a.display, a.date) == (b.number, b.display, b.date)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(number)
    hasher.combine(display)
    hasher.combine(date)
  }

  /// No value (e.g. the mean confidence of an empty week).
  public static let missing = ReportCell(number: nil, display: "")

  /// The value for machines: the exact number, or the text.
  public var exactText: String { number?.exactText ?? display }

  /// The exact number, or the number with `decimals` decimals when given, or the text.
  public func text(decimals: Int?) -> String {
    number?.text(decimals: decimals) ?? display
  }
}
