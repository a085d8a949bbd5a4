import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The scanner's short number form (`EntryLineScanner.shortDecimal`) against the strict parser's
/// number scan and `FixedDecimal.read`: on random literals (signs, leading zeros, up to nine
/// digits before and after the point, exponents, stray points) followed by random bytes, what it
/// reads the strict reading reads exactly, and ends where the strict scan ends.
@Suite struct ScannerShortDecimalTests {
  @Test(arguments: [UInt64(41), 42])
  func readsWhatTheStrictScanReads(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let after = Array(",}] \n\".eE+-0123456789x".utf8) + [0x00, 0x80, 0xFF]
    func digits(_ most: Int) -> [UInt8] {
      (0..<Int.random(in: 0...most, using: &random)).map { _ in
        UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random)
      }
    }
    var read = 0
    for _ in 0..<50_000 {
      var literal: [UInt8] = Int.random(in: 0..<6, using: &random) == 0 ? [UInt8(ascii: "-")] : []
      literal += digits(9)
      if Bool.random(using: &random) { literal += [UInt8(ascii: ".")] + digits(9) }
      if Int.random(in: 0..<8, using: &random) == 0 {
        literal += Array(["e", "E", "e+", "e-"].randomElement(using: &random)!.utf8) + digits(3)
      }
      let tail = (0..<Int.random(in: 0...3, using: &random)).map { _ in after.randomElement(using: &random)! }
      // The line end after the text, and room to load as the scanner has it.
      let bytes = literal + tail + [UInt8](repeating: 0x0A, count: 17)
      let short = bytes.withUnsafeBytes { EntryLineScanner.shortDecimal($0.baseAddress!, at: 0) }
      guard let short else { continue }
      read += 1
      try bytes.withUnsafeBufferPointer { buffer in
        var reader = JSONReader(bytes: buffer, limits: .default)
        let range = try reader.scanNumber()
        #expect(range == 0..<short.end, "\(literal) \(tail)")
        let strict = FixedDecimal.read(jsonNumber: UnsafeBufferPointer(rebasing: buffer[range]))
        #expect(strict == .exact(FixedDecimal(billionths: short.billionths)), "\(literal) \(tail)")
      }
    }
    #expect(read > 10_000)
  }
}

/// Meals and timestamps as the scanner's short forms read them (a meal checked for capitals a
/// word at a time, a timestamp's closing quote looked for where the common form ends) against the
/// strict path, on random values of every length near the words' edges.
@Suite struct ScannerShortFormTests {
  @Test func randomMealsLoadTheSameBothWays() {
    var random = SplitMix64(seed: 51)
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzAZ@[`{ 09\u{7F}".utf8) + Array("é寿".utf8)
    var lines: [String] = []
    for index in 0..<3_000 {
      var meal = (0..<Int.random(in: 0...20, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      if Bool.random(using: &random) {
        meal = Array(["breakfast", "lunch", "dinner", "snack", "Lunch", "BREAKFAST"][index % 6].utf8)
      }
      let text = String(decoding: meal, as: UTF8.self)
      let id = "c0ffee00-0000-4000-8000-" + String(1_000_000_000_000 + index).suffix(12)
      lines.append(EntryLine(id: id).setting("meal", "\"\(text)\"").text)
    }
    let journal = JournalDeterminismTests.write(lines, layout: .oneFile, seed: 0)
    let load = EntryLineScannerTests.expectSameBothWays(journal.path)
    #expect(load.table.count > 2_000)
  }

  @Test func randomTimestampsLoadTheSameBothWays() {
    var random = SplitMix64(seed: 52)
    let times = ["08:15:00", "23:59:59", "08:15:00.5", "08:15:00.123456789", "24:00:00", "08:15"]
    let offsets = ["-05:00", "+05:30", "Z", "z", "", "+24:00", "-05:0", "-05:000"]
    // The string's end and what follows it: a quote where the common form would end, a key.
    let tails = ["\"", "\",\"ab\":\"x\"", "\",\"abcd\":1", "\\\"\"", "\u{1}\""]
    var lines: [String] = []
    for index in 0..<3_000 {
      let text = "2026-11-21T" + times.randomElement(using: &random)! + offsets.randomElement(using: &random)!
      let id = "c0ffee00-0000-4000-8000-" + String(1_000_000_000_000 + index).suffix(12)
      let json = "\"" + text + tails.randomElement(using: &random)!
      lines.append(EntryLine(id: id).setting("timestamp", json).text)
    }
    let journal = JournalDeterminismTests.write(lines, layout: .oneFile, seed: 0)
    let load = EntryLineScannerTests.expectSameBothWays(journal.path)
    #expect(load.table.count > 500)
    #expect(load.errorCount > 500)
  }
}
