import DemeterCore
import DemeterReporting
import Testing

@testable import TextReport

/// `TextGenerator` (manual: output, reliability): a terminal's width, nothing cut elsewhere, colour
/// only when allowed, no journal string reaching the terminal raw, wide characters aligned.
@Suite struct TextGeneratorTests {
  typealias F = JournalFixtures

  /// `report` as text, shown on a terminal `width` columns wide, or (nil) not on a terminal.
  func text(_ report: ReportModel, color: Bool = false, width: Int? = nil) throws -> String {
    let options = RenderOptions(color: color, terminal: width != nil, width: width)
    return String(decoding: try TextGenerator().render(report, options: options), as: UTF8.self)
  }

  /// The lines of `text` without ANSI styling.
  func plainLines(_ text: String) -> [String] {
    var plain = ""
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\u{1B}" {
        while let next = scalars.next(), next != "m" {}
      } else {
        plain.unicodeScalars.append(scalar)
      }
    }
    return plain.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The lines of the table under the section titled `caption`: header and rows.
  func tableLines(_ caption: String, in text: String) -> [String] {
    let lines = plainLines(text)
    guard let start = lines.firstIndex(of: caption) else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
  }

  static var realisticReports: [(String, ReportModel)] {
    let load = F.sampleJournal()
    return [
      ("sample week", F.sampleWeek), ("sample four weeks", F.sampleMonthOfWeeks),
      ("hostile week", F.hostileWeekReport()),
      ("wide week", F.wideWeekReport()),
      (
        "week with skipped lines",
        F.bucketReport(.week, F.period("2026-11-16", "2026-11-22"), entries: load.entries, skippedLines: 12)
          .report
      ),
      (
        "sample entries",
        JournalFixtures.entriesReport(
          entries: load.entries, period: F.period("2026-11-16", "2026-11-22"), context: F.context())
      ),
      (
        "sample range",
        F.bucketReport(
          .range, F.period("2026-10-26", "2026-11-22"), entries: load.entries,
          options: AggregationOptions(reviewLimit: 50)
        ).report
      ),
    ]
  }

  @Test func sampleJournalLoads() {
    let load = F.sampleJournal()
    #expect(load.entries.count > 100)
    #expect(F.sampleWeek.primaryTable?.rows.count == 1)
  }

  @Test(arguments: [50, 80, 120])
  func onATerminalEveryLineFitsItsWidth(width: Int) throws {
    for (name, report) in Self.realisticReports {
      for color in [false, true] {
        let lines = plainLines(try text(report, color: color, width: width))
        #expect(lines.count > 10, "\(name)")
        for line in lines {
          #expect(DisplayWidth.of(line) <= width, "\(name): \(line)")
        }
      }
    }
  }

  @Test func withoutATerminalNoCellIsCut() throws {
    for (name, report) in Self.realisticReports {
      let output = try text(report)
      for table in report.tables {
        for row in table.rows {
          for (index, _) in table.readerColumns {
            let cell = TextEscaping.terminal(row.cells[index].display)
            #expect(cell.isEmpty || output.contains(cell), "\(name): \(cell)")
          }
        }
      }
    }
  }

  @Test func sampleWeekShowsItsSections() throws {
    let output = try text(F.sampleWeek)
    let lines = plainLines(output)
    #expect(lines.first == "Week 2026-W47")
    #expect(lines[1] == "2026-11-16 to 2026-11-22")
    for section in [
      "Summary", "Weeks", "Days", "Calories per day", "Energy from macronutrients",
      "Confidence of the entries",
    ] {
      #expect(lines.contains(section), "\(section)")
    }
    #expect(lines.contains { $0.hasPrefix("Entries to review (") })
    #expect(lines.contains { $0.contains("↑ goal") })
  }

  @Test func hiddenColumnsAreNotShown() throws {
    let header = try #require(tableLines("Weeks", in: try text(F.weekReport())).first)
    #expect(header.contains("kcal/day"))
    #expect(!header.contains("Start"))
    #expect(!header.contains("Min conf."))
  }

  @Test func columnsAreTwoSpacesApartWhenTheyFitAndOneWhenNot() throws {
    let topFoods = try #require(tableLines("Top foods by calories", in: try text(F.weekReport())).first)
    #expect(topFoods.hasSuffix("Food          Entries  kcal"))
    // The weeks table of the sample journal is 81 columns wide with two spaces between columns.
    let weeks = try #require(tableLines("Weeks", in: try text(F.sampleWeek)).first)
    #expect(weeks.contains(" Entries Days  kcal Protein g Carbs g"))
    #expect(DisplayWidth.of(weeks) <= 80)
  }

  @Test func longNotesAreWrapped() throws {
    let report = F.bucketReport(
      .week, F.period("2026-11-16", "2026-11-22"), entries: F.entries(F.weekRows), skippedLines: 12
    ).report
    let lines = plainLines(try text(report))
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("Note: 12 invalid journal lines were skipped;") })
    #expect(lines[start + 1].hasPrefix("      "))
    #expect(lines[start + 1] == "      them.")
    #expect(DisplayWidth.of(lines[start]) <= 80)
  }

  @Test func noEscapeSequencesWithoutColour() throws {
    for (name, report) in Self.realisticReports {
      let output = try text(report, color: false)
      #expect(!output.unicodeScalars.contains("\u{1B}"), "\(name)")
    }
  }

  @Test func colourUsesOnlyTheGeneratorsOwnStyles() throws {
    let output = try text(F.hostileWeekReport(), color: true)
    #expect(output.contains("\u{1B}[1mWeek 2026-W47\u{1B}[0m"))
    #expect(output.contains("\u{1B}[1;4mSummary\u{1B}[0m"))
    var codes: Set<String> = []
    var scalars = output.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\u{1B}" else { continue }
      var code = ""
      while let next = scalars.next(), next != "m" { code.unicodeScalars.append(next) }
      codes.insert(code)
    }
    #expect(codes.isSubset(of: ["[0", "[1", "[2", "[1;4", "[33"]), "\(codes)")
    #expect(!output.contains("\u{1B}[31m"))
  }

  @Test func overGoalBarsAreColoured() throws {
    let report = F.weekReport(options: AggregationOptions(goals: Goals(calories: F.decimal("500"))))
    #expect(try text(report, color: true).contains("\u{1B}[33m"))
    #expect(!(try text(report, color: false)).contains("\u{1B}"))
  }

  @Test(arguments: [false, true])
  func hostileStringsNeverReachTheTerminalRaw(color: Bool) throws {
    let output = try text(F.hostileWeekReport(), color: color)
    let scalars = output.unicodeScalars
    #expect(!scalars.contains("\u{0}"))
    #expect(!scalars.contains("\u{202E}"))
    #expect(!scalars.contains("\u{202C}"))
    #expect(!scalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\u{1B}") || $0.value == 0x7F })
    #expect(!output.contains("\u{1B}[31m"))
    #expect(!output.contains("new\nline"))
    #expect(output.contains("\\u{1b}[31mred"))
    #expect(output.contains("\\u{202e}evil"))
    #expect(output.contains("new\\u{a}line"))
  }

  @Test func hostileTitleAndNotesAreMadeSafe() throws {
    var report = ReportFixtures.model(
      kind: .week, rows: [ReportFixtures.row("2026-W47")], title: "Week \u{1B}]0;pwned\u{7}")
    report.notes = ["note\u{202E}with override\nand newline"]
    report.facts = [ReportFact(id: "x", label: "Label\u{0}", value: .text("\u{9B}31m"))]
    let output = try text(report, color: true)
    #expect(
      !output.unicodeScalars.contains { $0 == "\u{7}" || $0 == "\u{0}" || $0 == "\u{9B}" || $0 == "\u{202E}" }
    )
    #expect(!output.contains("\u{1B}]"))
    #expect(plainLines(output).contains("Note: note\\u{202e}with override\\u{a}and newline"))
  }

  @Test func wideNamesKeepColumnsAligned() throws {
    let lines = tableLines("Top foods by calories", in: try text(F.wideWeekReport()))
    #expect(lines.count == F.wideNames.count + 1)
    // The last column is numeric, so every line ends at the same display column.
    let widths = Set(lines.map(DisplayWidth.of))
    #expect(widths.count == 1, "\(lines)")
    for name in F.wideNames {
      #expect(lines.contains { $0.contains(name) }, "\(name)")
    }
    // The count column starts at the same display column on every row.
    let kcal = lines.map { line -> Int in
      let prefix = line.prefix { !$0.isNumber || DisplayWidth.of(String($0)) == 2 }
      return DisplayWidth.of(String(prefix))
    }
    #expect(Set(kcal.dropFirst()).count == 1, "\(lines)")
  }

  @Test func displayWidthCountsWideAndZeroWidthCharacters() {
    #expect(DisplayWidth.of("abc") == 3)
    #expect(DisplayWidth.of("味噌汁") == 6)
    #expect(DisplayWidth.of("🍣") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("a\u{200B}b") == 2)
    #expect(DisplayWidth.truncate("味噌汁スープ", to: 7) == "味噌汁…")
    #expect(DisplayWidth.of(DisplayWidth.truncate("味噌汁スープ", to: 7)) <= 7)
    #expect(DisplayWidth.truncate("short", to: 10) == "short")
  }

  @Test func longTextColumnsAreCutToFitATerminal() throws {
    let long = String(repeating: "very long food name ", count: 8)
    let rows = [F.entry("2026-11-17", id: "l1", food: long, raw: long, line: 1)]
    let report = JournalFixtures.entriesReport(
      entries: F.entries(rows), period: F.period("2026-11-17", "2026-11-17"), context: F.context())
    let lines = plainLines(try text(report, width: 80))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
    #expect(lines.contains { $0.contains("very long") && $0.contains("…") })
    // Not on a terminal, the name is whole.
    let whole = plainLines(try text(report))
    #expect(whole.contains { $0.contains(long.trimmingSpaces()) })
    #expect(!whole.contains { $0.contains("…") })
  }

  @Test func aTerminalTooNarrowLeavesOutColumnsButNeverCutsAnId() throws {
    let id = "usda-sr-01234567-long"
    let table = ReportTable(
      id: "foods", caption: "Matches",
      columns: [
        ReportColumn(id: "food", title: "Food", isNumeric: false),
        ReportColumn(id: "ingredient_id", title: "Id", isNumeric: false),
        ReportColumn(id: "note", title: "Note", isNumeric: false),
        ReportColumn(id: "kcal", title: "kcal", isNumeric: true),
        ReportColumn(id: "protein", title: "Protein g", isNumeric: true),
      ],
      rows: [
        ReportTableRow(cells: [
          .text("chicken breast"), .text(id), .text("the usual cooked form"), .count(248), .count(31),
        ])
      ])
    let report = ReportModel(kind: .ingredients, title: "Foods", period: nil, tables: [table])
    let lines = tableLines("Matches", in: try text(report, width: 50))
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(lines)")
    #expect(lines.contains { $0.contains("chicken b…") && $0.contains(id) }, "\(lines)")
    #expect(lines.first?.contains("Protein g") == false)
    #expect(
      lines.contains { $0.contains("Left out to fit 50 columns:") && $0.contains("Protein g") }, "\(lines)")
    // Wide enough, every column is there and nothing is left out.
    let wide = tableLines("Matches", in: try text(report, width: 120))
    #expect(wide.first?.contains("Protein g") == true)
    #expect(!wide.contains { $0.contains("Left out") })
  }
}
