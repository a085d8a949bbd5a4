import DemeterCore
import Foundation
import TestSupport
import Testing

@testable import DemeterReporting
@testable import HTMLReport

/// HTML (manual: output, reliability): read by a strict HTML5-style tokenizer (`HTMLChecker`), the page
/// has every journal string as text — decoded, it is exactly the documented replacement of the
/// string: line breaks and tabs as spaces, control characters, bidirectional controls and
/// noncharacters as visible `\u{…}` (SVG text: dropped) — in the text node or attribute value it
/// belongs to, and no string opens a tag, attribute, comment or character reference, or lands in
/// the style sheet.
@Suite struct HTMLOutputSafetyTests {
  /// Strings that once got through: noncharacters reached the page raw (HTML parse errors, and
  /// U+FFFE/U+FFFF made it ill-formed XML), and SVG text kept all but U+FFFE/U+FFFF.
  static let regressions: [String] = {
    // Swift literals cannot spell noncharacters.
    func n(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }
    return [
      "a\(n(0xFFFE))b", n(0xFFFF), "x\(n(0xFDD0))y\(n(0xFDEF))", n(0x1FFFF) + n(0x10FFFE),
      "<\(n(0xFFFF))script>",
    ]
  }()
  static let strings = regressions + HostileStringGenerator.make(400, seed: 0x47_3C)

  /// What the page shows of a journal string, as `HTMLGenerator` documents it: the single-line
  /// form, with noncharacters (which HTML calls parse errors and XML 1.0 forbids) made visible too.
  static func expectedText(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in ControlCharacters.singleLine(text).unicodeScalars {
      if ControlCharacters.isNoncharacter(scalar) {
        out.append(contentsOf: ControlCharacters.visible(scalar).unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// What an SVG chart shows of a string, as `SVGText.clean` documents it: tab, LF and CR as spaces;
  /// other controls, bidirectional embeddings, overrides and isolates, and noncharacters dropped.
  static func expectedSVGText(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let value = scalar.value
      if value == 0x09 || value == 0x0A || value == 0x0D {
        out.append(" ")
      } else if ControlCharacters.isControl(scalar) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value) || ControlCharacters.isNoncharacter(scalar)
      {
        continue
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// How `HTMLGenerator` writes a string into its template: made safe for the page, then
  /// Mustache's `{{name}}` escaping.
  static func interpolated(_ text: String) -> String {
    var out: [UInt8] = []
    MustacheEscaping.appendEscapingHTML(HTMLGenerator.escape(text), to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  static func tokens(_ html: String, _ what: String) -> [HTMLChecker.Token]? {
    do {
      return try HTMLChecker.tokenize(html)
    } catch {
      Issue.record("\(what): \(error)")
      return nil
    }
  }

  /// A page with `value` where the template puts strings: the title (RCDATA), text, a double-
  /// and a single-quoted attribute, next to other elements.
  static func page(_ value: String) -> String {
    """
    <!DOCTYPE html><html><head><title>\(value)</title></head><body><p title="\(value)" \
    data-x='\(value)'>\(value)</p><td>\(value)<span>\(value)</span></td></body></html>
    """
  }

  static func checkPage(_ text: String) {
    guard let tokens = tokens(page(interpolated(text)), "the page holding \(shown(text))") else { return }
    let expected = expectedText(text)
    let tree = HTMLChecker.tree(tokens)
    for (element, content) in [
      ("title", tree.all("title").first?.textContent), ("p", tree.all("p").first?.textContent),
      ("td", tree.all("td").first?.ownText), ("span", tree.all("span").first?.textContent),
    ] {
      expectSame(content ?? "<missing>", expected, "\(shown(text)) in <\(element)>")
    }
    let paragraph = tree.all("p").first
    expectSame(paragraph?.attribute("title") ?? "<missing>", expected, "\(shown(text)) in title=\"…\"")
    expectSame(paragraph?.attribute("data-x") ?? "<missing>", expected, "\(shown(text)) in data-x='…'")
    let plain = Self.tokens(page("x"), "the plain page") ?? []
    #expect(skeleton(tokens) == skeleton(plain), "\(shown(text)) changed the page's tags")
  }

  @Test func escapedStringsAreTextOnAPage() {
    for text in Self.strings { Self.checkPage(text) }
  }

  @Test(arguments: regressions)
  func regression(text: String) {
    Self.checkPage(text)
    Self.checkSVG(text)
  }

  /// `SVGWriter`: a string as a text node and an attribute of an SVG inside an HTML page.
  @Test func svgTextAndAttributesAreText() {
    for text in Self.strings { Self.checkSVG(text) }
  }

  static func checkSVG(_ text: String) {
    var writer = SVGWriter()
    writer.open("svg", [("xmlns", "http://www.w3.org/2000/svg")], block: true)
    writer.element("title", [("id", text)], text: text)
    writer.element("text", [("class", text), ("x", "1")], text: text)
    writer.close("svg")
    let html = "<!DOCTYPE html><html><head><title>t</title></head><body>\(writer.output)</body></html>"
    guard let tokens = Self.tokens(html, "the SVG holding \(shown(text))") else { return }
    let svg = HTMLChecker.tree(tokens).all("svg")
    let expected = Self.expectedSVGText(text)
    expectSame(
      svg.first?.all("title").first?.textContent ?? "<missing>", expected, "\(shown(text)) in <title>")
    expectSame(
      svg.first?.all("text").first?.textContent ?? "<missing>", expected, "\(shown(text)) in <text>")
    expectSame(
      svg.first?.all("title").first?.attribute("id") ?? "<missing>", expected, "\(shown(text)) in id")
    expectSame(
      svg.first?.all("text").first?.attribute("class") ?? "<missing>", expected, "\(shown(text)) in class")
    let check = XMLCheck(writer.output)
    #expect(
      check.error == nil, "the SVG holding \(shown(text)) is not well-formed XML: \(check.error ?? "")")
  }

  // MARK: Whole pages

  /// The elements and attribute names the pages may have inside their SVG charts.
  static let svgElements: Set<String> = [
    "svg", "title", "desc", "style", "g", "rect", "line", "text", "polyline", "circle",
  ]
  static let svgAttributes: Set<String> = [
    "xmlns", "viewbox", "role", "aria-labelledby", "class", "id", "x", "y", "x1", "x2", "y1", "y2", "width",
    "height", "text-anchor", "stroke-dasharray", "points", "cx", "cy", "r",
  ]

  /// Tags and attribute names in order, SVG charts as one `<svg>` each, text left out.
  static func skeleton(_ tokens: [HTMLChecker.Token]) -> [String] {
    var skeleton: [String] = []
    var svgDepth = 0
    for token in tokens {
      switch token {
      case .startTag(let name, let attributes, let selfClosing):
        if svgDepth == 0 {
          skeleton.append("<" + ([name] + attributes.map(\.name)).joined(separator: " ") + ">")
        }
        if name == "svg" || svgDepth > 0, !selfClosing { svgDepth += 1 }
      case .endTag(let name):
        if svgDepth > 0 { svgDepth -= 1 }
        if svgDepth == 0 { skeleton.append("</" + name + ">") }
      case .comment(let text):
        skeleton.append("<!--" + text + "-->")
      case .doctype(let name):
        skeleton.append("<!DOCTYPE " + name + ">")
      case .text, .rawText:
        break
      }
    }
    return skeleton
  }

  func render(_ report: ReportModel) throws -> String {
    String(decoding: try HTMLGenerator().render(report, options: RenderOptions()), as: UTF8.self)
  }

  @Test func reportsHaveEveryStringAsText() throws {
    for (name, report, twin) in HostileReports.all {
      let html = try render(report)
      guard let tokens = Self.tokens(html, name),
        let twinTokens = Self.tokens(try render(twin), "\(name) (plain)")
      else { continue }
      let xml = XMLCheck(html)
      #expect(xml.error == nil, "\(name): not well-formed XML: \(xml.error ?? "")")
      // No string opened or closed a tag, an attribute or a comment.
      let skeleton = Self.skeleton(tokens)
      let twinSkeleton = Self.skeleton(twinTokens)
      #expect(skeleton == twinSkeleton, "\(name): the tags differ from the page with plain strings")
      let page = HTMLChecker.tree(tokens)
      for svg in page.all("svg") {
        for element in [svg] + svg.all("*") {
          #expect(Self.svgElements.contains(element.name), "\(name): <\(element.name)> in an SVG")
          for attribute in element.attributes where !Self.svgAttributes.contains(attribute.name) {
            Issue.record("\(name): the attribute \(attribute.name) on an SVG <\(element.name)>")
          }
        }
      }
      // Nothing from the report in the style sheet, and no script.
      #expect(page.all("script").isEmpty, "\(name): a script element")
      let rawText = tokens.compactMap { if case .rawText(let text) = $0 { text } else { nil } }
      let twinRawText = twinTokens.compactMap { if case .rawText(let text) = $0 { text } else { nil } }
      #expect(rawText == twinRawText, "\(name): the style sheet depends on the report's strings")
      checkPlaces(report, page, name)
      // Every other string a reader sees is somewhere in the text.
      let allText = Array(page.all("*").map(\.ownText).joined(separator: "\u{0}").utf8)
      for text in report.readerStrings(tables: false) {
        let found = containsScalars(allText, Self.expectedText(text))
        #expect(
          found, "\(name): \(shown(text)) is not in the page's text as \(shown(Self.expectedText(text)))")
      }
    }
  }

  /// The strings in the places the template gives them, exactly.
  func checkPlaces(_ report: ReportModel, _ page: HTMLChecker.Element, _ name: String) {
    let expected = Self.expectedText
    let head = page.all("head").first
    expectSame(head?.all("title").first?.textContent ?? "", expected(report.title), "\(name): <title>")
    expectSame(page.all("h1").first?.textContent ?? "", expected(report.title), "\(name): <h1>")
    let notes =
      page.all("section").first { $0.attribute("class") == "notes" }?.all("p").map(\.textContent) ?? []
    #expect(notes.count == report.notes.count, "\(name): notes")
    for (shown, note) in zip(notes, report.notes) { expectSame(shown, expected(note), "\(name): a note") }
    let summary = page.all("dl").first { $0.attribute("class") == "summary" }?.all("div") ?? []
    #expect(summary.count == report.summary.count, "\(name): summary")
    for (item, fact) in zip(summary, report.summary) {
      expectSame(item.all("dt").first?.textContent ?? "", expected(fact.label), "\(name): a summary label")
      expectSame(
        item.all("dd").first?.textContent ?? "", expected(fact.value.display), "\(name): a summary value")
    }
    let tables = report.tables.filter { !$0.rows.isEmpty }
    let shownTables = page.all("table")
    #expect(shownTables.count == tables.count, "\(name): tables")
    for (shown, table) in zip(shownTables, tables) {
      let columns = table.readerColumns
      expectSame(shown.all("caption").first?.textContent ?? "", expected(table.caption), "\(name): a caption")
      let titles = shown.all("th").map(\.textContent)
      #expect(titles.count == columns.count, "\(name): header of \(table.id)")
      for (title, column) in zip(titles, columns) {
        expectSame(title, expected(column.column.title), "\(name): a column title")
      }
      let rows = shown.all("tbody").first?.all("tr") ?? []
      #expect(rows.count == table.rows.count, "\(name): rows of \(table.id)")
      for (row, modelRow) in zip(rows, table.rows) {
        let cells = row.all("td").map(\.textContent)
        #expect(cells.count == columns.count, "\(name): a row of \(table.id)")
        for (cell, column) in zip(cells, columns) {
          expectSame(cell, expected(modelRow.cells[column.index].display), "\(name): a cell")
        }
      }
    }
    let lists = report.lists.filter { $0.totalCount > 0 }
    let shownLists = page.all("ul").filter { $0.attribute("class") == "flagged" }
    #expect(shownLists.count == lists.count, "\(name): lists")
    for (shown, list) in zip(shownLists, lists) {
      let items = shown.all("li")
      #expect(
        items.count == list.items.count + (list.items.count < list.totalCount ? 1 : 0), "\(name): items")
      for (item, modelItem) in zip(items, list.items) {
        expectSame(item.ownText, expected(modelItem.text), "\(name): an item")
        expectSame(
          item.all("span").first?.textContent ?? "", expected(modelItem.detail), "\(name): an item's detail")
      }
    }
    let figures = page.all("figure")
    #expect(figures.count == report.charts.count, "\(name): charts")
    for (figure, chart) in zip(figures, report.charts) {
      let svg = figure.all("svg").first
      expectSame(
        svg?.all("title").first?.textContent ?? "", Self.expectedSVGText(chart.title),
        "\(name): a chart's title")
      expectSame(
        svg?.all("desc").first?.textContent ?? "", Self.expectedSVGText(chart.summary),
        "\(name): a chart's summary")
      expectSame(
        figure.all("figcaption").first?.textContent ?? "",
        expected(chart.title) + ": " + expected(chart.summary),
        "\(name): a figure caption")
    }
    let facts = page.all("footer").first?.all("div") ?? []
    #expect(facts.count == report.facts.count, "\(name): facts")
    for (item, fact) in zip(facts, report.facts) {
      expectSame(
        item.all("dt").first?.textContent ?? "", expected(fact.label) + ":", "\(name): a fact's label")
      expectSame(
        item.all("dd").first?.textContent ?? "", expected(fact.value.display), "\(name): a fact's value")
    }
  }
}
