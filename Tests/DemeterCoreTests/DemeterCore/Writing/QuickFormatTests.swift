import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `DayFileFormatter.quickFormat` (`fmt`'s path that builds no entries) gives exactly what `format`
/// gives, whenever it gives anything, and it does for files of valid lines with known keys.
@Suite struct QuickFormatTests {
  private static func format(_ bytes: [UInt8]) -> [UInt8]? {
    DayFileFormatter.format(DayFileContents(path: "2026-11-21.jsonl", bytes: bytes))
  }

  /// Lines in many shapes: escapes of every kind, optional fields, nested values, wall-clock time,
  /// equal times (then by id), spaces between tokens, keys out of order.
  static let lines: [String] = [
    EntryLine(id: "00000000-0000-4000-8000-000000000009").text,
    EntryLine(id: "00000000-0000-4000-8000-000000000001").setting("meal", "\"lunch\"")
      .setting("tags", "[ \"a\" , \"b\\/c\" ]").text,
    EntryLine(
      id: "00000000-0000-4000-8000-000000000002",
      foodName: "tab\\there \\u00e9 \\/ \\u2028 \u{2029} \\ud83c\\udf4e"
    ).text,
    EntryLine(id: "00000000-0000-4000-8000-000000000003", timestamp: "2026-11-21T07:00:00").text,
    EntryLine(id: "00000000-0000-4000-8000-000000000004").setting(
      "micronutrients", "{ \"zinc\" : 1, \"iron\":2.50}"
    ).text,
    EntryLine(
      id: "00000000-0000-4000-8000-000000000006", foodName: "ctrl \\u001f \\u001F \\b \\u0008 \\\" \\\\"
    ).text,
    "{ \"timestamp\" : \"2026-11-21T13:15:00Z\" , \"id\":\"00000000-0000-4000-8000-000000000005\","
      + "\"rawDescription\":\"\",\"foodName\":\"tea\",\"quantity\":1.50,\"unit\":\"cup\",\"calories\":2,"
      + "\"protein\":0,\"carbohydrates\":0,\"fat\":0,\"fiber\":0e0,\"confidence\":1 }",
  ]

  @Test func givesWhatFormatGivesForEveryShapeAndOrder() throws {
    let files = [
      Self.lines.joined(separator: "\n") + "\n",
      "\u{FEFF}" + Self.lines.reversed().joined(separator: "\r\n") + "\r\n\r\n",
      Self.lines.joined(separator: "\n\n  \n"),
      Self.lines[0] + "\n",
      "",
      "\n\n",
    ]
    for file in files {
      let bytes = Array(file.utf8)
      let quick = try #require(DayFileFormatter.quickFormat(bytes), "declined: \(file.debugDescription)")
      #expect(quick == Self.format(bytes), "\(file.debugDescription)")
      #expect(DayFileFormatter.quickFormat(quick) == quick)
    }
  }

  @Test func leavesUnknownKeysAndInvalidLinesToFormat() {
    let unknown = Array((EntryLine().setting("custom", "{\"x\":1}").text + "\r\n").utf8)
    #expect(DayFileFormatter.quickFormat(unknown) == nil)
    #expect(DayFileFormatter.outcome(path: "f", bytes: unknown) == .formatted(Self.format(unknown)!))
    guard case .invalid(let errors) = DayFileFormatter.outcome(path: "f", bytes: Array("{\"id\":1}\n".utf8))
    else {
      Issue.record("an invalid line is not formatted")
      return
    }
    #expect(!errors.isEmpty)
  }

  /// Every day file of the repository's journals (sample, hostile, bad): both paths agree.
  @Test func agreesWithFormatOnTheFixtureJournals() throws {
    var compared = 0
    for journal in ["sample-journal", "hostile-journal", "bad-journal"] {
      let folder = JournalTesting.packageRoot + "/Tests/Fixtures/" + journal
      for file in DayFileFinder.find(in: folder).files {
        let bytes = try FileBytes.read(file.path, limit: .dayFile)
        guard let quick = DayFileFormatter.quickFormat(bytes) else { continue }
        #expect(quick == Self.format(bytes), "\(file.path)")
        compared += 1
      }
    }
    #expect(compared > 20)
  }
}

extension QuickFormatTests {
  /// `quickCheck` says what comparing `quickFormat`'s bytes would say.
  @Test func checkingAgreesWithFormatting() {
    let canonical = DayFileFormatter.quickFormat(Array((Self.lines.joined(separator: "\n") + "\n").utf8))!
    let text = String(decoding: canonical, as: UTF8.self)
    let variants = [
      text, text + "\n", "\u{FEFF}" + text, String(text.dropLast()),
      text.replacingOccurrences(of: "\n", with: "\r\n"),
      text.split(separator: "\n").reversed().joined(separator: "\n") + "\n",
      text.replacingOccurrences(of: "\"quantity\":", with: "\"quantity\": "), "",
    ]
    for variant in variants {
      let bytes = Array(variant.utf8)
      #expect(
        DayFileFormatter.quickCheck(bytes) == (DayFileFormatter.quickFormat(bytes) == bytes),
        "\(variant.debugDescription)")
    }
  }
}

extension QuickFormatTests {
  /// Only checking never hands out bytes to write, on either path.
  @Test func checkingOnlyNeverGivesBytesToWrite() {
    let unknown = Array((EntryLine().setting("custom", "1").text + "\r\n").utf8)
    let known = Array((EntryLine().text + "\r\n").utf8)
    #expect(DayFileFormatter.outcome(path: "f", bytes: unknown, checkOnly: true) == .wouldChange)
    #expect(DayFileFormatter.outcome(path: "f", bytes: known, checkOnly: true) == .wouldChange)
  }
}
