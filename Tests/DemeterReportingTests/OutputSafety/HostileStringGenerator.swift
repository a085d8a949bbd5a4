import DemeterReporting
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Seeded random strings made to break out of the place they land in a report (manual: reliability: every
/// journal string is escaped for the format it lands in). The same seed gives the same strings on
/// every machine (`SplitMix64`).
///
/// A string is a few pieces, each either a fragment that means something to some format (markup,
/// CSV and formula syntax, Markdown block markers, Mustache tags, ESC and OSC sequences, line
/// breaks, bidirectional controls, zero-width characters, combining marks, ZWJ emoji, wide
/// characters, noncharacters) or a random scalar drawn from a class (C0, DEL, C1, ASCII, Latin-1,
/// CJK, Hangul, emoji, astral, private use, combining marks). Some strings start with a CSV formula
/// or Markdown block prefix, some are empty, a few are thousands of scalars long.
struct HostileStringGenerator {
  private var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// `count` strings.
  static func make(_ count: Int, seed: UInt64) -> [String] {
    var generator = HostileStringGenerator(seed: seed)
    return (0..<count).map { _ in generator.next() }
  }

  /// Fragments with a meaning in HTML, SVG/XML, CSV, Markdown, Mustache, JSON or on a terminal.
  static let fragments: [String] =
    [
      // ASCII punctuation that matters somewhere.
      "<", ">", "&", "\"", "'", "`", "|", "\\", "*", "_", "[", "]", "#", "!", "~", ",", ";", "=", ":", "/",
      "\r", "\n", "\r\n", "\t", "  ", "    ",
      // HTML, SVG and XML.
      "</script>", "</SCRIPT ", "<script>alert(1)</script>", "</style>", "</title>", "</textarea>", "<!--",
      "-->", "--!>", "]]>", "<![CDATA[", "<?xml ?>", "<!DOCTYPE html>", "<b>", "</td>",
      "<img src=x onerror=alert(1)>",
      "<svg onload=alert(1)>", "\" onmouseover=\"x", "' x='", "&amp;", "&lt;", "&#x3c;", "&#60", "&copy",
      "&notin;",
      "&#0;", "javascript:",
      // Markdown.
      "\\|", "``", "```", "~~~", "- ", "+ ", "* ", "1. ", "1) ", "# ", "###### ", "> ", "---", "===", "***",
      "[x](y)", "![i](j)", "<br>", "[^1]: ", "[a]: http://x", "<https://x>", "| --- |",
      // Mustache.
      "{{", "}}", "{{{", "}}}", "{{name}}", "{{/x}}", "{{> partial}}", "{{=<% %>=}}",
      // JSON.
      "\\u0000", "\\\"", "\"}", "\u{2028}", "\u{2029}",
      // Terminal escape sequences.
      "\u{1B}[31m", "\u{1B}[0m", "\u{1B}[2J", "\u{1B}]0;title\u{07}", "\u{1B}]8;;http://x\u{1B}\\",
      "\u{9B}31m",
      "\u{1B}c", "\u{1B}P", "\u{07}", "\u{08}", "\u{0}",
      // Line breaks Unicode knows.
      "\u{0B}", "\u{0C}", "\u{85}",
      // Bidirectional controls and marks.
      "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
      "\u{2069}",
      "\u{200E}", "\u{200F}", "\u{061C}",
      // Zero-width and invisible characters.
      "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}", "\u{FE0F}",
      // Combining marks, alone (they attach to whatever comes before) or stacked.
      "\u{301}", "\u{308}\u{323}", "\u{20DD}", "e\u{301}",
      // Emoji with ZWJ and modifiers; wide characters.
      "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
      "\u{1F44D}\u{1F3FD}",
      "\u{1F355}", "\u{2764}\u{FE0F}", "\u{1F1EF}\u{1F1F5}", "味噌汁", "寿司", "김치", "ｆｕｌｌ", "\u{3000}",
      // Noncharacters (valid in Swift strings and JSON, not in XML 1.0 or an HTML input stream).
      // (Swift literals cannot spell them.)
    ] + [0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFF].map { String(Character(Unicode.Scalar($0)!)) }

  /// Prefixes that matter at the start of a cell or line: spreadsheet formulas, numbers that must stay
  /// numbers, Markdown block markers, indentation.
  static let prefixes: [String] = [
    "=", "+", "-", "@", "\t", "\r", "=SUM(A1:A2)", "=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(1)", "-2.5",
    "+1", "-1.5e3", ".5", "-.5", "1.", "-inf", "-nan", "+0x1p3", "-", "+", " ", "  ", "   ", "    ", "  - ",
    "   1. ", "  # ", "  > ", "  <div>", "  ```", " ---", "1. ", "- ", "# ", "> ", "<!--", "</script>",
    "\u{FEFF}=",
  ]

  /// The next string.
  mutating func next() -> String {
    var text = ""
    let lengthClass = random.below(100)
    let pieces: Int
    switch lengthClass {
    case 0..<3: pieces = 0
    case 3..<60: pieces = 1 + random.below(8)
    case 60..<96: pieces = 8 + random.below(32)
    default: pieces = 300 + random.below(1500)
    }
    if random.below(100) < 20 { text += Self.prefixes[random.below(Self.prefixes.count)] }
    for _ in 0..<pieces {
      if random.below(2) == 0 {
        text += Self.fragments[random.below(Self.fragments.count)]
      } else {
        text.unicodeScalars.append(randomScalar())
      }
    }
    return text
  }

  private mutating func randomScalar() -> Unicode.Scalar {
    let ranges: [ClosedRange<UInt32>] = [
      0x00...0x1F,  // C0
      0x7F...0x7F,  // DEL
      0x80...0x9F,  // C1
      0x20...0x7E, 0x20...0x7E, 0x20...0x7E,  // printable ASCII, three times as likely
      0xA0...0xFF,  // Latin-1
      0x300...0x36F,  // combining marks
      0x4E00...0x9FFF,  // CJK
      0xAC00...0xD7A3,  // Hangul
      0x1F300...0x1F64F,  // emoji
      0x20000...0x2A6DF,  // CJK extension B
      0xE000...0xF8FF,  // private use
      0x2000...0x206F,  // general punctuation: spaces, zero-width, bidi, line separators
    ]
    let range = ranges[random.below(ranges.count)]
    let value = range.lowerBound + UInt32(random.below(Int(range.upperBound - range.lowerBound) + 1))
    return Unicode.Scalar(value) ?? "?"
  }
}

/// Exact comparison of strings: Swift's `==` treats canonically equivalent strings (`é` and
/// `e` + U+0301) as equal, which would hide a lost or reordered combining mark.
func sameScalars(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
  a.unicodeScalars.elementsEqual(b.unicodeScalars)
}

/// Whether `text` contains `part`, scalar for scalar.
func containsScalars(_ text: String, _ part: String) -> Bool {
  containsScalars(Array(text.utf8), part)
}

/// Whether the UTF-8 `text` contains `part`, scalar for scalar.
func containsScalars(_ text: [UInt8], _ part: String) -> Bool {
  part.isEmpty || text.firstRange(of: Array(part.utf8)) != nil
}

/// `text` split at each `separator`, scalar for scalar (`String.split` compares characters, and a
/// combining mark after the separator would hide it).
func splitScalars(_ text: String, on separator: String) -> [String] {
  let scalars = Array(text.unicodeScalars)
  let mark = Array(separator.unicodeScalars)
  var parts: [String] = []
  var part = String.UnicodeScalarView()
  var index = 0
  while index < scalars.count {
    if scalars[index...].starts(with: mark) {
      parts.append(String(part))
      part = String.UnicodeScalarView()
      index += mark.count
    } else {
      part.append(scalars[index])
      index += 1
    }
  }
  parts.append(String(part))
  return parts
}

/// Records an issue unless `actual` and `expected` are the same scalars, showing where they differ.
func expectSame(
  _ actual: String, _ expected: String, _ what: @autoclosure () -> String,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  guard !sameScalars(actual, expected) else { return }
  let a = Array(actual.unicodeScalars)
  let b = Array(expected.unicodeScalars)
  var index = 0
  while index < a.count && index < b.count && a[index] == b[index] { index += 1 }
  func window(_ scalars: [Unicode.Scalar]) -> String {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: scalars[max(0, index - 20)..<min(scalars.count, index + 30)])
    return String(view).debugDescription
  }
  Issue.record(
    "\(what()): differs at scalar \(index) of \(b.count): got …\(window(a))…, expected …\(window(b))…",
    sourceLocation: sourceLocation)
}

/// A short, readable form of a string for failure messages.
func shown(_ text: String) -> String {
  let description = text.debugDescription
  return description.count > 120 ? String(description.prefix(117)) + "…\"" : description
}

/// What the manual's `reliability` topic promises for terminals and documents, written out independently of the code
/// under test: which scalars are controls, and the visible replacement `TextEscaping` documents.
enum ControlCharacters {
  /// C0 controls, DEL and C1 controls.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The bidirectional formatting characters: embeddings, overrides and isolates, and the marks
  /// LRM, RLM and ALM.
  static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
      || value == 0x200F || value == 0x061C
  }

  /// Noncharacters: U+FDD0…U+FDEF and the last two code points of every plane.
  static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
    (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
  }

  /// The visible form of an escaped scalar: `\u{1b}`.
  static func visible(_ scalar: Unicode.Scalar) -> String {
    "\\u{" + String(scalar.value, radix: 16) + "}"
  }

  /// Line breaks as `Character.isNewline` sees them (CR LF is one).
  static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
    [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
  }

  /// `TextEscaping.terminal`, as documented: tab becomes a space, every control, bidirectional
  /// control and line or paragraph separator (U+2028, U+2029) a visible `\u{…}` escape, everything
  /// else stays.
  static func terminal(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" {
        out.append(" ")
      } else if isControl(scalar) || isBidiControl(scalar) || [0x2028, 0x2029].contains(scalar.value) {
        out.append(contentsOf: visible(scalar).unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// `TextEscaping.singleLine`, as documented: each line break (CR LF counting as one) becomes a
  /// space, then `terminal`.
  static func singleLine(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" {
        out.append(" ")
        index += 2
        continue
      }
      out.append(isLineBreak(scalar) ? " " : scalar)
      index += 1
    }
    return terminal(String(out))
  }
}

/// A journal whose every string is random: each entry's food name (sometimes one used before, so
/// foods group), raw description, unit, meal (or none, or a standard one), id, matched ingredient
/// id (or none), micronutrient name, and the file's path. Entries spread over week 2026-W47 with
/// random numbers, so some need review and some have calories that disagree with their macros.
struct HostileJournal {
  var path: String
  var rows: [Entry]
  /// Every string drawn, in order.
  var strings: [String]

  init(seed: UInt64, entries: Int) {
    var generator = HostileStringGenerator(seed: seed)
    var random = SplitMix64(seed: seed ^ 0x5EED_5EED)
    var strings: [String] = []
    func draw() -> String {
      let text = generator.next()
      strings.append(text)
      return text
    }
    path = draw()
    var foods: [String] = []
    var rows: [Entry] = []
    for index in 0..<entries {
      let food = !foods.isEmpty && random.below(4) == 0 ? foods[random.below(foods.count)] : draw()
      foods.append(food)
      let meal: String? =
        switch random.below(4) {
        case 0: nil
        case 1: AggregationOptions.standardMealOrder[random.below(4)]
        default: draw()
        }
      let billion: Int64 = 1_000_000_000
      rows.append(
        Entry(
          timestamp: Timestamp(
            localDate: JournalFixtures.date("2026-11-16").adding(days: index % 7),
            secondOfDay: random.below(86_400), utcOffsetSeconds: -18_000),
          id: draw(), rawDescription: draw(), foodName: food,
          quantity: FixedDecimal(billionths: Int64(1 + random.below(500)) * billion / 4), unit: draw(),
          calories: FixedDecimal(billionths: Int64(random.below(900)) * billion),
          protein: FixedDecimal(billionths: Int64(random.below(60)) * billion),
          carbohydrates: FixedDecimal(billionths: Int64(random.below(120)) * billion),
          fat: FixedDecimal(billionths: Int64(random.below(50)) * billion),
          confidence: FixedDecimal(billionths: Int64(5 + random.below(95)) * billion / 100),
          matchedIngredientID: random.below(3) == 0 ? nil : draw(), meal: meal,
          micronutrients: random.below(3) == 0
            ? [
              MicronutrientAmount(
                name: draw(), amount: FixedDecimal(billionths: Int64(random.below(900)) * billion))
            ]
            : [],
          line: index + 1))
    }
    self.rows = rows
    self.strings = strings
  }

  /// The same journal with every string replaced by a plain one (equal strings by equal ones, the
  /// empty string by itself),
  /// for comparing the structure of what generators make of both.
  var placeholders: HostileJournal {
    var copy = self
    var names: [[UInt8]: String] = [:]
    func plain(_ text: String) -> String {
      if text.isEmpty { return text }
      if let name = names[Array(text.utf8)] { return name }
      let name = "plain\(names.count)"
      names[Array(text.utf8)] = name
      return name
    }
    copy.path = plain(path)
    copy.rows = rows.map { row in
      var row = row
      row.foodName = plain(row.foodName)
      row.rawDescription = plain(row.rawDescription)
      row.unit = plain(row.unit)
      row.id = plain(row.id)
      row.meal = row.meal.map { AggregationOptions.standardMealOrder.contains($0) ? $0 : plain($0) }
      row.matchedIngredientID = row.matchedIngredientID.map(plain)
      row.micronutrients = row.micronutrients.map {
        MicronutrientAmount(name: plain($0.name), amount: $0.amount)
      }
      return row
    }
    copy.strings = strings.map(plain)
    return copy
  }

  var entries: [ExportedEntry] { JournalFixtures.entries(rows, file: path) }

  /// The strings of each entry that the `entries` report shows (all but micronutrient names),
  /// and the entry's source `path:line`.
  var entryStrings: [String] {
    rows.flatMap { row in
      [row.foodName, row.rawDescription, row.unit, row.id, "\(path):\(row.line)"]
        + [row.meal, row.matchedIngredientID].compactMap { $0 }
    }
  }

  static let week = JournalFixtures.period("2026-11-16", "2026-11-22")

  /// The `entries` report of the week: every entry's strings in the primary table.
  var entriesReport: ReportModel {
    JournalFixtures.entriesReport(entries: entries, period: Self.week, context: JournalFixtures.context())
  }

  /// The `week` report: top foods, meals, micronutrients, entries to review.
  var weekReport: ReportModel {
    JournalFixtures.bucketReport(.week, Self.week, entries: entries).report
  }

  /// Both reports, named.
  var reports: [(name: String, report: ReportModel)] {
    [("entries", entriesReport), ("week", weekReport)]
  }
}

/// Report models whose every string — title, period, facts, summary, table ids, captions, column
/// ids and titles, text cells, chart ids, titles, summaries, units, labels and displays, list ids,
/// titles, summaries and items, notes — is random: what a plugin or a future report kind could
/// hand a generator.
enum HostileModel {
  static func make(seed: UInt64) -> (model: ReportModel, strings: [String]) {
    var generator = HostileStringGenerator(seed: seed)
    var random = SplitMix64(seed: seed ^ 0x0DE1_0DE1)
    var strings: [String] = []
    func draw() -> String {
      let text = generator.next()
      strings.append(text)
      return text
    }
    func fact() -> ReportFact {
      ReportFact(
        id: draw(), label: draw(), value: random.below(2) == 0 ? .text(draw()) : .count(random.below(5000)))
    }
    let facts = (0..<3).map { _ in fact() }
    let summary = (0..<4).map { _ in fact() }
    let tables = (0..<2).map { _ -> ReportTable in
      let columns = (0..<(2 + random.below(4))).map { index in
        ReportColumn(
          id: draw(), title: draw(), isNumeric: index > 0 && random.below(2) == 0,
          shownToReaders: index == 0 || random.below(6) > 0)
      }
      let rows = (0..<(3 + random.below(6))).map { _ -> ReportTableRow in
        let role: ReportTableRow.Role = [.item, .item, .item, .empty, .total][random.below(5)]
        return ReportTableRow(
          role: role,
          cells: columns.map { column in
            if column.isNumeric {
              return .number(
                .exact(FixedSum(billionths: Int128(random.below(1 << 30)) * 1_000_000)), decimals: 1)
            }
            return random.below(8) == 0 ? .missing : .text(draw())
          })
      }
      return ReportTable(id: draw(), caption: draw(), columns: columns, rows: rows)
    }
    let charts = ReportChart.Kind.allCases.map { kind in
      ReportChart(
        id: draw(), kind: kind, title: draw(), summary: draw(), unit: draw(),
        points: (0..<(1 + random.below(8))).map { _ in
          ChartPoint(
            label: draw(), value: Double(random.below(3000)) / (kind == .shares ? 3000 : 1), display: draw())
        }, goal: kind == .bars ? 1500 : nil)
    }
    let lists = (0..<2).map { _ -> ReportList in
      let items = (0..<(1 + random.below(5))).map { _ in ReportListItem(text: draw(), detail: draw()) }
      return ReportList(
        id: draw(), title: draw(), summary: draw(), items: items, totalCount: items.count + random.below(3))
    }
    let model = ReportModel(
      kind: .week, title: draw(), period: ReportPeriod(first: draw(), last: draw()), facts: facts,
      summary: summary, tables: tables, charts: charts, lists: lists, notes: [draw(), draw()])
    return (model, strings)
  }
}

extension ReportModel {
  /// The model with every string replaced by `transform` of it (numbers kept).
  func mappingStrings(_ transform: (String) -> String) -> ReportModel {
    func cell(_ cell: ReportCell) -> ReportCell {
      cell.number == nil ? .text(transform(cell.display)) : cell
    }
    func fact(_ fact: ReportFact) -> ReportFact {
      ReportFact(id: transform(fact.id), label: transform(fact.label), value: cell(fact.value))
    }
    return ReportModel(
      kind: kind, title: transform(title),
      period: period.map { ReportPeriod(first: transform($0.first), last: transform($0.last)) },
      facts: facts.map(fact), summary: summary.map(fact),
      tables: tables.map { table in
        ReportTable(
          id: transform(table.id), caption: transform(table.caption),
          columns: table.columns.map {
            ReportColumn(
              id: transform($0.id), title: transform($0.title), isNumeric: $0.isNumeric,
              shownToReaders: $0.shownToReaders)
          },
          rows: table.rows.map { ReportTableRow(role: $0.role, cells: $0.cells.map(cell)) })
      },
      charts: charts.map { chart in
        ReportChart(
          id: transform(chart.id), kind: chart.kind, title: transform(chart.title),
          summary: transform(chart.summary), unit: transform(chart.unit),
          points: chart.points.map {
            ChartPoint(label: transform($0.label), value: $0.value, display: transform($0.display))
          }, goal: chart.goal)
      },
      lists: lists.map { list in
        ReportList(
          id: transform(list.id), title: transform(list.title), summary: transform(list.summary),
          items: list.items.map { ReportListItem(text: transform($0.text), detail: transform($0.detail)) },
          totalCount: list.totalCount)
      },
      notes: notes.map(transform))
  }

  /// The model with every string replaced by a plain one (equal strings by equal ones, the empty
  /// string by itself).
  var withPlaceholders: ReportModel {
    var names: [[UInt8]: String] = [:]
    return mappingStrings { text in
      if text.isEmpty { return text }
      if let name = names[Array(text.utf8)] { return name }
      let name = "plain\(names.count)"
      names[Array(text.utf8)] = name
      return name
    }
  }

  /// The strings documents show readers: title, period, notes, summary, facts, the captions,
  /// reader columns' titles and reader cells of tables with rows (unless left out), lists with
  /// items; the charts' titles and summaries when asked.
  func readerStrings(tables withTables: Bool = true, charts withCharts: Bool = false) -> [String] {
    var strings = [title] + (period.map { [$0.first, $0.last] } ?? []) + notes
    for fact in summary + facts { strings += [fact.label, fact.value.display] }
    for table in tables where withTables && !table.rows.isEmpty {
      let columns = table.readerColumns
      strings += [table.caption] + columns.map(\.column.title)
      for row in table.rows { strings += columns.map { row.cells[$0.index].display } }
    }
    for list in lists where list.totalCount > 0 {
      strings += [list.title, list.summary] + list.items.flatMap { [$0.text, $0.detail] }
    }
    if withCharts { strings += charts.flatMap { [$0.title, $0.summary] } }
    return strings
  }

  /// Every string of the model, in the order `mappingStrings` visits them.
  var allStrings: [String] {
    var strings: [String] = []
    _ = mappingStrings {
      strings.append($0)
      return $0
    }
    return strings
  }
}

/// The reports the end-to-end properties render: the entries and week reports of two random
/// journals, and two random models.
enum HostileReports {
  static let journals = [
    HostileJournal(seed: 0xE5CA_9E01, entries: 40), HostileJournal(seed: 0xE5CA_9E02, entries: 30),
  ]
  static let models = [HostileModel.make(seed: 0xE5CA_9E11), HostileModel.make(seed: 0xE5CA_9E12)]

  /// Each report with its placeholder twin (same structure, plain strings).
  static let all: [(name: String, report: ReportModel, twin: ReportModel)] = {
    var reports: [(String, ReportModel, ReportModel)] = []
    for (index, journal) in journals.enumerated() {
      let twins = journal.placeholders.reports
      for (report, twin) in zip(journal.reports, twins) {
        reports.append(("journal \(index) \(report.name)", report.report, twin.report))
      }
    }
    for (index, model) in models.enumerated() {
      reports.append(("model \(index)", model.model, model.model.withPlaceholders))
    }
    return reports
  }()
}
