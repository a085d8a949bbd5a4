import Foundation
import TestSupport
import Testing

/// The HTML report on a 390 px phone (issues 15 and 47): every page laid out by headless Chromium at
/// 390 and 1280 px fits the viewport, charts included (each is drawn for the page and for a phone,
/// whose frame keeps the newest points and says what it leaves out), tables that scroll keep their
/// first column and shade the edge with more to see; chart text is at least 11 px, summary cards
/// sit two a row, and the macro labels read at WCAG AA (4.5:1) on their colours in light and dark
/// themes.
@Suite(.tags(.slow), .slowSuite) struct MobileHTMLTests {
  static let page: String = {
    let run = try? ToolRun.run(["week", "2026-W47", "--journal", ToolRun.sampleJournal, "-f", "html"])
    return run?.stdout ?? ""
  }()

  /// The rules of the page's `@media (max-width: 40rem)` block.
  static var narrowRules: String {
    guard let start = page.range(of: "@media (max-width: 40rem) {") else { return "" }
    return String(page[start.upperBound...].prefix { $0 != "@" })
  }

  @Test func narrowScreensDrawPhoneChartsAndPairTheCards() {
    #expect(XMLCheck(Self.page).error == nil)
    let rules = Self.narrowRules
    #expect(rules.contains(".summary { grid-template-columns: repeat(2, minmax(0, 1fr)); }"))
    #expect(rules.contains(".chart-wide { display: none; }"))
    #expect(rules.contains(".chart-narrow { display: block;"))
    #expect(Self.page.contains(".table-wrap { overflow-x: auto; }"))
    #expect(Self.page.contains("no-repeat local,") && Self.page.contains("--scroll-shade: rgba("))
    #expect(
      Self.page.components(separatedBy: "<figure ").count
        == Self.page.components(separatedBy: "viewBox=\"0 0 340 ").count)
  }

  /// Whether Chromium and Python's websocket-client, which `Tests/Tools/page_check.py` drives it
  /// with, are installed.
  static let chromiumAvailable =
    ToolRun.findExecutable("chromium") != nil && ToolRun.pythonImports("websocket")

  /// Whether this is CI (`CI=true`, set by the CI run), where `.ci/run` installs both and the page
  /// test fails without them instead of skipping.
  static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

  /// The week, month, 8-week (with a calorie goal: its band and legend, and the phone's chart cut
  /// to the newest days), cohort, plan, recipe (also with a 1200 px photo, and its book), body,
  /// nutrients and cohort nutrients and body pages
  /// at 390 and 1280 px, and a month on its 5th
  /// (the built-in sample, which ends today: the phone's chart must end at the logged days, not at
  /// the empty last ones): `page_check.py`
  /// measures the DOM's widths and fails when the page or a chart is wider than the viewport, or a
  /// chart says "no data" at one width and draws data at another.
  @Test(
    .enabled(
      if: chromiumAvailable || inCI,
      "needs chromium and python3's websocket-client (pip install websocket-client): skipped"))
  func everyPageFitsAPhoneAndADesktop() throws {
    try #require(
      Self.chromiumAvailable, "CI=true: .ci/run installs chromium and websocket-client, and did not")
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (mediaFolder, mediaJournal) = try RecipeMediaTests.pageJournal()
    defer { try? FileManager.default.removeItem(at: mediaFolder) }
    let today = ["--today", "2026-11-21"]
    let pages: [(name: String, arguments: [String])] = [
      ("week", ["week", "2026-W47", "--journal", ToolRun.sampleJournal] + today),
      ("month", ["month", "2026-11", "--journal", ToolRun.sampleJournal] + today),
      ("week-by-food", ["week", "2026-W47", "--journal", ToolRun.sampleJournal, "--by", "food"] + today),
      ("month-begun", ["month", "2026-11", "--sample", "--today", "2026-11-05"]),
      (
        "eight-weeks",
        ["week", "last 8 weeks", "--journal", ToolRun.sampleJournal, "--goal-calories", "2200"] + today
      ),
      ("cohort", ["week", "2026-11-16..2026-11-29", "--journals", ToolRun.cohortJournals] + today),
      ("plan", ["plan", "--sample"] + today),
      ("recipe", ["recipe", "show", "oat-banana", "--journal", "Tests/Fixtures/recipe-journal"]),
      // A 1200 px wide featured photo, embedded.
      ("recipe-photos", ["recipe", "show", "oat-banana", "--journal", mediaJournal]),
      ("recipe-book", ["recipe", "book", "show", "Mornings", "--journal", mediaJournal]),
      ("body", ["body", "--journal", "Tests/Fixtures/body-journal", "--today", "2026-11-22"]),
      ("nutrients", ["nutrients", "2026-11", "--journal", ToolRun.sampleJournal, "--sex", "female", "--age", "35"] + today),
      (
        "cohort-nutrients",
        ["nutrients", "2026-11-16..2026-11-29", "--journals", ToolRun.cohortJournals, "--sex", "male", "--age", "40"]
          + today
      ),
      ("cohort-body", ["body", "2026-11-09..2026-11-29", "--journals", ToolRun.cohortJournals] + today),
    ]
    var files: [String] = []
    for page in pages {
      let file = folder.appendingPathComponent(page.name + ".html").path
      let run = try ToolRun.run(page.arguments + ["-f", "html", "-o", file], binary: true)
      try #require(run.status == 0, "\(page.name): \(run.stderr)")
      files.append(file)
    }
    let check = try #require(try ToolRun.python("page_check.py", ["390,1280"] + files))
    print(check.stdout, terminator: "")
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    #expect(check.stdout.split(separator: "\n").count == pages.count * 2)
  }

  /// At 640 px the SVG's units are pixels (the phone's 340-unit drawing fills a box of about 366 px),
  /// so its font sizes are at least what a reader sees.
  @Test func chartTextIsAtLeastElevenPixels() throws {
    let sizes = Self.page.matches(of: /font-size:(\d+)px/).compactMap { Int($0.output.1) }
    #expect(!sizes.isEmpty)
    #expect(sizes.allSatisfy { $0 >= 11 }, "\(sizes)")
    #expect(Self.page.contains("viewBox=\"0 0 640 "))
  }

  /// WCAG 2 contrast of the segment labels (`--chart-on-bar`) on each macro colour, per theme.
  @Test func macroLabelsMeetAAInBothThemes() throws {
    let themes = Self.page.components(separatedBy: "@media (prefers-color-scheme: dark)")
    #expect(themes.count == 2)
    for theme in themes {
      let label = try #require(Self.colour("--chart-on-bar", in: theme))
      for macro in ["--chart-protein", "--chart-carbohydrates", "--chart-fat"] {
        let background = try #require(Self.colour(macro, in: theme))
        #expect(Self.contrast(label, background) >= 4.5, "\(macro) \(background) against \(label)")
      }
    }
  }

  static func colour(_ property: String, in css: String) -> String? {
    guard let range = css.range(of: property + ": #") else { return nil }
    return String(css[range.upperBound...].prefix { $0.isHexDigit })
  }

  static func contrast(_ a: String, _ b: String) -> Double {
    func luminance(_ hex: String) -> Double {
      let value = Int(hex, radix: 16) ?? 0
      let channels = [value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF].map { Double($0) / 255 }
      let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
      return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
    func full(_ hex: String) -> String { hex.count == 3 ? hex.map { "\($0)\($0)" }.joined() : hex }
    let (x, y) = (luminance(full(a)), luminance(full(b)))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }
}
