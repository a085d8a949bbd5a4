import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Differential test (manual: testing; shared/bench/QUERY.md): a journal from `gen_journal.py`, loaded by
/// `JournalLoader` and summarized in ISO weeks, against an independent computation over the same files
/// with Foundation's `JSONSerialization`.
@Suite struct JournalDifferentialTests {
  /// One week of the reference computation.
  struct Week {
    var entries = 0
    var days = Set<String>()
    var calories = 0.0
    var protein = 0.0
    var carbohydrates = 0.0
    var fat = 0.0
    var confidences: [Double] = []
    var low = 0
  }

  /// Runs `python3 arguments…`; nil (and an issue recorded) when it cannot run or fails.
  static func python(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      Issue.record("python3 could not be started (\(error)); the differential test did not run")
      return nil
    }
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message =
        "python3 \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus) "
        + "(is python3 installed?): \(String(decoding: errData, as: UTF8.self))"
      Issue.record("\(message)")
      return nil
    }
    return String(decoding: outData, as: UTF8.self)
  }

  /// The Monday (`YYYY-MM-DD`) of the ISO week of the date `YYYY-MM-DD`, with Foundation's ISO calendar.
  static func isoMonday(_ date: String, calendar: Calendar) -> String {
    let parts = date.split(separator: "-").map { Int($0)! }
    let day = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
    let monday = calendar.dateInterval(of: .weekOfYear, for: day)!.start
    let c = calendar.dateComponents([.year, .month, .day], from: monday)
    return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
  }

  /// The reference: every `YYYY-MM-DD.jsonl` under `folder`, read with `JSONSerialization`.
  static func referenceWeeks(in folder: String) throws -> [String: Week] {
    var calendar = Calendar(identifier: .iso8601)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let dayFile = try NSRegularExpression(pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}\.jsonl$"#)
    var weeks: [String: Week] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)!
    for case let relative as String in enumerator {
      let name = (relative as NSString).lastPathComponent
      guard dayFile.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil else {
        continue
      }
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative))
      for var line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
        let timestamp = try #require(object["timestamp"] as? String)
        let date = String(timestamp.prefix(10))
        let key = isoMonday(date, calendar: calendar)
        func number(_ name: String) throws -> Double {
          try #require((object[name] as? NSNumber)?.doubleValue)
        }
        var week = weeks[key, default: Week()]
        week.entries += 1
        week.days.insert(date)
        week.calories += try number("calories")
        week.protein += try number("protein")
        week.carbohydrates += try number("carbohydrates")
        week.fat += try number("fat")
        let confidence = try number("confidence")
        week.confidences.append(confidence)
        if confidence < 0.6 { week.low += 1 }
        weeks[key] = week
      }
    }
    return weeks
  }

  static func close(_ a: Double, _ b: Double, relative: Double = 1e-9) -> Bool {
    abs(a - b) <= relative * max(1, abs(a), abs(b))
  }

  @Test func weeklyAggregatesMatchAnIndependentComputation() throws {
    let temporary = TemporaryJournal()
    let folder = temporary.url("journal")
    let script = JournalTesting.packageRoot + "/Tests/Tools/gen_journal.py"
    guard
      Self.python([
        script, "--out", folder, "--days", "60", "--per-day", "12", "--start", "2025-12-01", "--seed", "11",
        "--jobs", "1",
      ]) != nil
    else { return }
    let manifestData = try Data(contentsOf: URL(fileURLWithPath: folder + ".manifest.json"))
    let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
    let manifestEntries = try #require(manifest["entries"] as? Int)

    let load = JournalLoader.load(journal: folder, options: JournalLoadOptions(threads: 2))
    #expect(load.errorCount == 0, "\(load.diagnostics.prefix(5).map(\.headline))")
    #expect(load.skippedLines == 0)
    #expect(load.table.count == manifestEntries)
    #expect(load.fileCount == manifest["day_files"] as? Int)

    let days = load.table.day.map(Int.init)
    let first = try #require(days.min())
    let last = try #require(days.max())
    let buckets = Period(first: CivilDate(dayNumber: first), last: CivilDate(dayNumber: last)).buckets(
      .week(.monday))
    let aggregate = load.table.summarize(
      buckets: buckets, options: AggregationOptions(lowConfidence: FixedDecimal(billionths: 600_000_000)))

    let reference = try Self.referenceWeeks(in: folder)
    #expect(reference.values.map(\.entries).reduce(0, +) == manifestEntries)
    #expect(Set(reference.keys).isSubset(of: Set(buckets.map(\.first.description))))
    #expect(aggregate.buckets.count == buckets.count)
    for summary in aggregate.buckets {
      let label = summary.range.first.description
      let week = reference[label] ?? Week()
      #expect(summary.range.first.weekday == 1, "\(label)")
      #expect(summary.entries == week.entries, "\(label)")
      #expect(summary.daysLogged == week.days.count, "\(label)")
      #expect(Self.close(summary.totals.calories.doubleValue, week.calories), "\(label) calories")
      #expect(Self.close(summary.totals.protein.doubleValue, week.protein), "\(label) protein")
      #expect(
        Self.close(summary.totals.carbohydrates.doubleValue, week.carbohydrates), "\(label) carbohydrates")
      #expect(Self.close(summary.totals.fat.doubleValue, week.fat), "\(label) fat")
      #expect(summary.confidence.count == week.entries, "\(label)")
      #expect(summary.confidence.lowCount == week.low, "\(label)")
      #expect(summary.confidence.minimum?.doubleValue == week.confidences.min(), "\(label)")
      #expect(summary.confidence.maximum?.doubleValue == week.confidences.max(), "\(label)")
      if week.entries > 0, let mean = summary.confidence.mean {
        #expect(Self.close(mean, week.confidences.reduce(0, +) / Double(week.entries)), "\(label) mean")
      } else {
        #expect(summary.confidence.mean == nil, "\(label)")
      }
    }
    #expect(aggregate.whole.entries == manifestEntries)
  }
}
