import Foundation
import Testing

/// `demeter-report nutrients` (manual: targets): the profile from options or the journal's settings,
/// own targets over the reference intakes, the intake against an independent sum of the journal's
/// lines, and the refusals.
@Suite struct NutrientsCommandTests {
  static let november = [
    "nutrients", "2026-11", "--journal", ToolRun.sampleJournal, "--today", "2026-11-21", "-f", "csv",
  ]

  /// The rows of a CSV nutrients report by key.
  static func rows(_ run: ToolRun) -> [String: [String: String]] {
    let rows = run.csvRows()
    guard let header = rows.first else { return [:] }
    return Dictionary(
      uniqueKeysWithValues: rows.dropFirst().map { row in
        (row[0], Dictionary(uniqueKeysWithValues: zip(header, row)))
      })
  }

  /// Each micronutrient's total and the days with entries in November, summed from the day files'
  /// lines with Foundation's JSON reader (another parser and another sum than the tool's).
  static func novemberTotals() throws -> (totals: [String: Decimal], days: Int) {
    let folder = ToolRun.packageRoot.appendingPathComponent(ToolRun.sampleJournal)
    var totals: [String: Decimal] = [:]
    var days: Set<String> = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where name.hasPrefix("2026-11-") {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        days.insert(String((object["timestamp"] as? String ?? "").prefix(10)))
        for (key, value) in object["micronutrients"] as? [String: Any] ?? [:] {
          totals[key, default: 0] += Decimal(string: "\(value)")!
        }
      }
    }
    return (totals, days.count)
  }

  @Test func percentOfTargetEqualsAnIndependentSumOfTheLines() throws {
    let run = try ToolRun.run(Self.november + ["--sex", "female", "--age", "35"])
    #expect(run.status == 0)
    let rows = Self.rows(run)
    let (totals, days) = try Self.novemberTotals()
    #expect(!totals.isEmpty)
    for (key, total) in totals {
      let row = try #require(rows[key], "\(key)")
      let perDay = NSDecimalNumber(decimal: total / Decimal(days)).doubleValue
      #expect(abs(Double(row["per_day"]!)! - perDay) <= 1e-9 * perDay, "\(key)")
      if let target = Double(row["target"]!) {
        let percent = NSDecimalNumber(decimal: total * 100 / Decimal(days) / Decimal(target)).doubleValue
        #expect(abs(Double(row["percent_of_target"]!)! - percent) <= 1e-9 * percent, "\(key)")
      }
    }
    // Women 31–50: iron RDA 18 mg (nobody logged it: unknown), sodium AI 1 500 mg with the CDRR of 2 300 mg.
    #expect(rows["iron_mg"]?["target"] == "18")
    #expect(rows["iron_mg"]?["status"] == "unknown")
    #expect(rows["iron_mg"]?["percent_of_target"] == "")
    #expect(rows["sodium_mg"]?["basis"] == "AI")
    #expect(rows["sodium_mg"]?["upper_limit"] == "2300")
    #expect(rows["sodium_mg"]?["name"] == "Sodium, mg")
  }

  /// The profile and own targets of `.demeter.json`; options over the profile.
  @Test func theJournalsProfileAndTargets() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"profile":{"sex":"male","birthYear":1980},"targets":{"fiber":35,"iron_mg":9}}"#.utf8)
      .write(to: journal.appendingPathComponent(".demeter.json"))
    let arguments = ["nutrients", "2026-11", "--journal", journal.path, "--today", "2026-11-21", "-f", "csv"]
    let rows = Self.rows(try ToolRun.run(arguments))
    #expect(rows["fiber"]?["target"] == "35")
    #expect(rows["fiber"]?["basis"] == "own")
    #expect(rows["iron_mg"]?["target"] == "9")
    #expect(rows["protein"]?["target"] == "56")
    #expect(rows["vitamin_c_mg"]?["target"] == "90")
    let woman = Self.rows(try ToolRun.run(arguments + ["--sex", "female"]))
    #expect(woman["vitamin_c_mg"]?["target"] == "75")
    #expect(woman["fiber"]?["target"] == "35")
    let pregnant = Self.rows(try ToolRun.run(arguments + ["--sex", "female", "--pregnant"]))
    #expect(pregnant["vitamin_c_mg"]?["target"] == "85")
  }

  /// The energy target (issue 46): the Estimated Energy Requirement of the profile at the body log's
  /// trend weight, its macronutrient ranges in grams; the journal's own calories target over it;
  /// without a height it is unknown and a note says what to give.
  @Test func theEnergyTargetComesFromTheProfileAndTheBodyLog() throws {
    let (folder, journal) = try ToolRun.copyOfSampleJournal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let settings = journal.appendingPathComponent(".demeter.json")
    try Data(#"{"profile":{"sex":"male","birthYear":1980,"heightCm":180,"weightKg":95}}"#.utf8).write(to: settings)
    try Data(#"{"timestamp":"2026-11-10T07:00:00Z","weight_kg":81.4}"#.utf8 + [0x0A])
      .write(to: journal.appendingPathComponent("body.jsonl"))
    let arguments = ["nutrients", "2026-11", "--journal", journal.path, "--today", "2026-11-21"]
    // Men 19+, low active (no activity given): 581.47 − 10.83 × 46 + 8.30 × 180 + 14.94 × 81.4
    // = 2793.406 kcal, at the trend weight of 2026-11-21 (the only weigh-in, carried).
    let rows = Self.rows(try ToolRun.run(arguments + ["-f", "csv"]))
    #expect(rows["calories"]?["target"] == "2793.406")
    #expect(rows["calories"]?["basis"] == "EER")
    let json = try ReportJSON(arguments)
    let protein = try #require(json.rows("energy_ranges").first)
    // Protein 10–35 % of 2793.406 kcal at 4 kcal a gram: 69.83515 to 244.423025 g.
    #expect(abs(((protein["range_low_g"] as? NSNumber)?.doubleValue ?? 0) - 69.83515) < 1e-9)
    #expect(abs(((protein["range_high_g"] as? NSNumber)?.doubleValue ?? 0) - 244.423025) < 1e-9)
    let notes = json.root["notes"] as? [String] ?? []
    #expect(notes.contains { $0.hasPrefix("Energy target: 2793 kcal") && $0.contains("81.4 kg") }, "\(notes)")
    // Very active: −517.88 − 10.83 × 46 + 15.61 × 180 + 19.11 × 81.4 = 3349.294 kcal.
    let active = Self.rows(try ToolRun.run(arguments + ["-f", "csv", "--activity", "very-active"]))
    #expect(active["calories"]?["target"] == "3349.294")

    try Data(#"{"profile":{"sex":"male","birthYear":1980,"heightCm":180},"targets":{"calories":2200}}"#.utf8)
      .write(to: settings)
    let own = Self.rows(try ToolRun.run(arguments + ["-f", "csv"]))
    #expect(own["calories"]?["target"] == "2200" && own["calories"]?["basis"] == "own")

    try Data(#"{"profile":{"sex":"male","birthYear":1980}}"#.utf8).write(to: settings)
    let unknown = try ToolRun.run(arguments + ["-f", "csv"])
    #expect(Self.rows(unknown)["calories"]?["target"] == "")
    #expect(Self.rows(unknown)["calories"]?["percent_of_target"] == "")
    let text = try ToolRun.run(arguments)
    #expect(text.stdout.contains("No energy target: no height: give a \"heightCm\" in the profile."), "\(text.stdout)")
  }

  /// No profile: the reference intakes are left out and a note says what to give.
  @Test func withoutAProfileANoteSaysWhatToGive() throws {
    let run = try ToolRun.run([
      "nutrients", "2026-11", "--journal", ToolRun.sampleJournal, "--today", "2026-11-21",
    ])
    #expect(run.status == 0)
    #expect(run.stdout.contains("No reference intakes: no age: give --age"))
    #expect(!run.stdout.contains("RDA") && !run.stdout.contains(" AI "))
  }

  @Test(arguments: [
    (["--sex", "other"], "--sex must be female or male (got 'other')"),
    (["--age", "x"], "--age must be a whole number of years"),
    (["--activity", "lazy"], "--activity must be inactive, low-active, active or very-active (got 'lazy')"),
  ])
  func badProfileOptionsAreUsageErrors(_ options: [String], _ message: String) throws {
    let run = try ToolRun.run(Self.november + options)
    #expect(run.status == 2)
    #expect(run.stderr.contains(message))
  }

  @Test func aDigestFileIsRefused() throws {
    let digest = ToolRun.fixtures.appendingPathComponent("sample-journal.digest").path
    let run = try ToolRun.run(["nutrients", "2026-11", "--digest", digest, "--today", "2026-11-21"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("a digest file does not hold: give the journal (--journal)"))
  }

  /// A period report adds the intake table for a described person, and only then.
  @Test func periodReportsShowIntakeAgainstTargetForADescribedPerson() throws {
    let week = [
      "week", "2026-W47", "--journal", ToolRun.sampleJournal, "--today", "2026-11-21", "-f", "json",
    ]
    let described = try ToolRun.run(week + ["--sex", "male", "--age", "40"])
    #expect(described.status == 0)
    #expect(described.stdout.contains(#""id":"nutrients","caption":"Intake per logged day against target""#))
    #expect(!(try ToolRun.run(week)).stdout.contains(#""id":"nutrients""#))
  }
}
