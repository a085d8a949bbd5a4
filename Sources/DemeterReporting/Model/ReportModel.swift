/// A report as a document of plain values (manual: reports, output): a title, facts about how it was made,
/// and blocks — summary items, tables of typed cells, charts and lists. Every generator renders
/// the same blocks, so formats never disagree on a number; `json` emits the model itself.
/// Built by `ReportBuilder`; no I/O, and no arithmetic left for generators.
public struct ReportModel: Sendable, Hashable {
  /// The version of this model's JSON form.
  public static let schema = reportSchemaVersion

  public var kind: ReportKind
  /// Human title, e.g. "Week 2026-W47".
  public var title: String
  /// The period covered (inclusive dates, `YYYY-MM-DD`); nil for reports without one (`check`).
  public var period: ReportPeriod?
  /// How the report was made: week start, zone, thresholds, goals, today, skipped lines.
  public var facts: [ReportFact]
  /// Key figures of the whole period.
  public var summary: [ReportFact]
  /// Tables; the first is the primary one (what CSV writes).
  public var tables: [ReportTable]
  public var charts: [ReportChart]
  public var lists: [ReportList]
  /// Recipes' photos and videos (a recipe page, a recipe book page); empty for other reports.
  public var galleries: [ReportGallery] = []
  /// Sentences a reader should see (e.g. "3 invalid lines were skipped").
  public var notes: [String]
  /// The query the report answers, as asked (manual: queries); nil: every entry.
  public var query: String?
  /// The split of each bucket (manual: queries, `--by`); nil: none.
  public var breakdown: ReportBreakdown?

  public init(
    kind: ReportKind, title: String, period: ReportPeriod?, facts: [ReportFact] = [],
    summary: [ReportFact] = [],
    tables: [ReportTable] = [], charts: [ReportChart] = [], lists: [ReportList] = [], notes: [String] = []
  ) {
    self.kind = kind
    self.title = title
    self.period = period
    self.facts = facts
    self.summary = summary
    self.tables = tables
    self.charts = charts
    self.lists = lists
    self.notes = notes
  }

  /// The table CSV writes: the first one.
  public var primaryTable: ReportTable? { tables.first }
}

/// The report kinds of the manual's `reports` topic.
public enum ReportKind: String, Sendable, Hashable, CaseIterable {
  case day, week, month, year, range, entries, ingredients, check, compare, recipe, plan, shopping, body, nutrients
}

/// An inclusive range of days.
public struct ReportPeriod: Sendable, Hashable {
  public var first: String
  public var last: String

  public init(first: String, last: String) {
    self.first = first
    self.last = last
  }
}

/// A labelled value: a summary figure or a fact about the report.
public struct ReportFact: Sendable, Hashable {
  /// Stable key, e.g. `total_calories`.
  public var id: String
  /// Human label, e.g. "Calories".
  public var label: String
  public var value: ReportCell

  public init(id: String, label: String, value: ReportCell) {
    self.id = id
    self.label = label
    self.value = value
  }
}

/// A list of items, e.g. the entries that need review.
public struct ReportList: Sendable, Hashable {
  public var id: String
  public var title: String
  /// What the list is, for readers (e.g. why entries are on it).
  public var summary: String
  public var items: [ReportListItem]
  /// How many items there are in all (items may be cut for length).
  public var totalCount: Int

  public init(id: String, title: String, summary: String, items: [ReportListItem], totalCount: Int) {
    self.id = id
    self.title = title
    self.summary = summary
    self.items = items
    self.totalCount = totalCount
  }
}

/// One item of a list: a main text and a detail line.
public struct ReportListItem: Sendable, Hashable {
  public var text: String
  public var detail: String

  public init(text: String, detail: String) {
    self.text = text
    self.detail = detail
  }
}
