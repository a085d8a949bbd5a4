import Foundation
import TestSupport
import Testing

/// The HTML report on a 390 px phone (issue 15): charts keep labels of at least 11 px (they keep
/// their 640-unit width and scroll in their box), tables scroll in their box, summary cards sit two
/// a row, and the macro labels read at WCAG AA (4.5:1) on their colours in light and dark themes.
/// (Checked by eye with headless Chromium screenshots at 390 and 1280 px; the command is in the manual's `output` topic.)
@Suite struct MobileHTMLTests {
  static let page: String = {
    let run = try? ToolRun.run(["week", "2026-W47", "--journal", ToolRun.sampleJournal, "-f", "html"])
    return run?.stdout ?? ""
  }()

  /// The rules of the page's `@media (max-width: 40rem)` block.
  static var narrowRules: String {
    guard let start = page.range(of: "@media (max-width: 40rem) {") else { return "" }
    return String(page[start.upperBound...].prefix { $0 != "@" })
  }

  @Test func narrowScreensScrollChartsAndTablesAndPairTheCards() {
    #expect(XMLCheck(Self.page).error == nil)
    let rules = Self.narrowRules
    #expect(rules.contains(".summary { grid-template-columns: repeat(2, minmax(0, 1fr)); }"))
    #expect(rules.contains("figure { overflow-x: auto; }"))
    #expect(rules.contains("figure svg { min-width: 640px; }"))
    #expect(rules.contains("th, td { white-space: nowrap; }"))
    #expect(Self.page.contains(".table-wrap { overflow-x: auto; }"))
  }

  /// At 640 px the SVG's units are pixels, so its font sizes are what a reader sees.
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
