import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The straight path's run of number members (`EntryLineScanner.numberRun`, calories to
/// confidence): its member starts are the canonical keys, it reads what the strict reading reads
/// and ends where the run ends, it leaves any run not all in the straight form to the member
/// path, and lines whose runs have random numbers, keys and breaks load the same both ways.
@Suite struct ScannerNumberRunTests {
  /// The run of `members` (key and JSON number) as compact canonical JSON writes it, each
  /// member with its comma first.
  static func run(_ members: [(String, String)]) -> String {
    members.map { ",\"\($0.0)\":\($0.1)" }.joined()
  }

  /// `numberRun` of `text`, followed by `after` and room to load as the scanner has it.
  static func numberRun(
    _ text: String, after: String = ",\"meal\":\"lunch\"}"
  ) -> EntryLineScanner.NumberRun? {
    let bytes = Array((text + after).utf8) + [UInt8](repeating: 0x0A, count: 24)
    return bytes.withUnsafeBytes {
      EntryLineScanner.numberRun($0.baseAddress!, at: 0, readable: text.utf8.count + after.utf8.count + 1)
    }
  }

  static func billionths(_ literal: String) -> Int64 {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: literal) else {
      preconditionFailure("not exact: \(literal)")
    }
    return value.billionths
  }

  @Test func readsCanonicalRunsWithAndWithoutFiberAndSugar() throws {
    let base = [("calories", "277"), ("protein", "11"), ("carbohydrates", "55.25"), ("fat", "1.4")]
    let optional: [(String?, String?)] = [(nil, nil), ("2.4", nil), (nil, "5"), ("0", "0.0000001")]
    for (fiber, sugar) in optional {
      var members = base
      if let fiber { members.append(("fiber", fiber)) }
      if let sugar { members.append(("sugar", sugar)) }
      members.append(("confidence", "0.924"))
      let text = Self.run(members)
      let run = try #require(Self.numberRun(text))
      #expect(run.end == text.utf8.count)
      #expect(run.hasFiber == (fiber != nil))
      #expect(run.hasSugar == (sugar != nil))
      #expect(run.confidence == Self.billionths("0.924"))
      for (key, literal) in members where key != "confidence" {
        let nutrient = try #require(Nutrient.all.first { $0.key == key })
        #expect(run.amounts[nutrient] == Self.billionths(literal), "\(key)")
      }
      #expect(run.amounts[.fiber] == fiber.map(Self.billionths) ?? 0)
      #expect(run.amounts[.sugar] == sugar.map(Self.billionths) ?? 0)
    }
  }

  /// Anything but the straight form, and a run that ends where its words could not be loaded, is
  /// left to the member path.
  @Test func leavesOtherRunsToTheMemberPath() {
    let members = [
      ("calories", "100"), ("protein", "2"), ("carbohydrates", "24"), ("fat", "0.2"), ("confidence", "0.9"),
    ]
    let straight = Self.run(members)
    #expect(Self.numberRun(straight) != nil)
    let replaced = [
      (":2,", ": 2,"), (",\"fat\"", ", \"fat\""), ("100", "1e2"), ("0.2", "0.123456789"), ("100", "0100"),
      ("24", "12345678"), ("0.2", "-0.2x"),
    ]
    var others = replaced.map { straight.replacingOccurrences(of: $0.0, with: $0.1) } + [
      Self.run(Array(members.dropLast())), Self.run(members.reversed()),
      Self.run(Array(members.dropLast()) + [("alcohol", "1"), ("confidence", "0.9")]),
      Self.run(Array(members.dropLast()) + [("sugar", "1"), ("fiber", "1"), ("confidence", "0.9")]),
      Self.run(Array(members.dropLast()) + [("fiber", "x"), ("confidence", "0.9")]),
    ]
    for (index, member) in members.enumerated() {
      others.append(Self.run(members.enumerated().filter { $0.offset != index }.map(\.element)))
      others.append(straight.replacingOccurrences(of: "\"\(member.0)\"", with: "\"\(member.0)x\""))
    }
    for text in others { #expect(Self.numberRun(text) == nil, "\(text)") }
    // Room to load the last number's words is needed (the member path then scans it).
    let bytes = Array(straight.utf8)
    let short = bytes.withUnsafeBytes {
      EntryLineScanner.numberRun($0.baseAddress!, at: 0, readable: bytes.count)
    }
    #expect(short == nil)
  }

  /// Whole lines whose runs hold random number literals (short forms and others, every length
  /// near the eight-byte words' edges), with fiber, sugar and alcohol or not, with whitespace or
  /// a member out of place now and then, load the same both ways; most take the run.
  @Test(arguments: [UInt64(61), 62])
  func randomRunsLoadTheSameBothWays(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    func digits(_ least: Int, _ most: Int) -> String {
      String((0..<Int.random(in: least...most, using: &random)).map { _ in
        Character(String(Int.random(in: 0...9, using: &random)))
      })
    }
    func literal() -> String {
      switch Int.random(in: 0..<10, using: &random) {
      case 0: return "-" + digits(1, 3)
      case 1: return digits(1, 9) + "e" + digits(1, 2)
      case 2: return "0" + digits(1, 2)
      case 3: return digits(1, 9) + "." + digits(0, 10)
      default: return digits(1, 4) + (Bool.random(using: &random) ? "." + digits(1, 4) : "")
      }
    }
    var lines: [String] = []
    var straight = 0
    for index in 0..<3_000 {
      var members: [(String, String)] = ["calories", "protein", "carbohydrates", "fat"].map {
        ($0, literal())
      }
      if Bool.random(using: &random) { members.append(("fiber", literal())) }
      if Bool.random(using: &random) { members.append(("sugar", literal())) }
      if Int.random(in: 0..<20, using: &random) == 0 { members.append(("alcohol", literal())) }
      members.append(("confidence", "0." + digits(1, 4)))
      if Int.random(in: 0..<10, using: &random) == 0 {
        members.swapAt(0, Int.random(in: 0..<members.count, using: &random))
      }
      var text = Self.run(members)
      if Int.random(in: 0..<10, using: &random) == 0 {
        let cut = Int.random(in: 0..<text.count, using: &random)
        text.insert(" ", at: text.index(text.startIndex, offsetBy: cut))
      }
      if Self.numberRun(text) != nil { straight += 1 }
      var line = EntryLine(id: "c0ffee00-0000-4000-8000-" + String(100_000_000_000 + index))
      for key in ["calories", "protein", "carbohydrates", "fat", "confidence", "matchedIngredientID"] {
        line = line.removing(key)
      }
      lines.append(String(line.text.dropLast()) + text + ",\"matchedIngredientID\":\"usda-sr-01132\"}")
    }
    let journal = TemporaryJournal()
    journal.write("2026-11-21.jsonl", bytes: Array(lines.map { Array(($0 + "\n").utf8) }.joined()))
    let load = EntryLineScannerTests.expectSameBothWays(journal.path)
    #expect(straight > 300)
    #expect(load.table.count > 200)
    #expect(load.errorCount > 1_000)
  }
}
