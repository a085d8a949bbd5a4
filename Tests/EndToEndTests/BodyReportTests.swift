import Foundation
import Testing

@testable import DemeterCore

/// The `body` report (manual: body-log): the expenditure estimate recovers the expenditure of a
/// simulated person, equals an independent computation, and says when there is not enough data.
@Suite struct BodyReportTests {
  /// A person who spends `expenditure` kcal a day, eats around `meanIntake` (some days not logged)
  /// and weighs in most mornings with scale noise; their journal, written from the model.
  struct SimulatedPerson {
    static let first = CivilDate(year: 2026, month: 9, day: 1)!
    var expenditure: Double
    var meanIntake: Double
    var days: Int
    /// Each day's intake, and whether it was logged.
    var intake: [(kcal: Int, logged: Bool)] = []
    /// Each weigh-in's day and weight in kg (one decimal, as a scale shows).
    var weighIns: [(day: Int, kg: Double)] = []

    init(expenditure: Double, meanIntake: Double, days: Int, seed: UInt64) {
      (self.expenditure, self.meanIntake, self.days) = (expenditure, meanIntake, days)
      var random = SplitMix64(seed: seed)
      func uniform() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
      // Roughly normal: the sum of four uniforms, centred, scaled to `deviation`.
      func normal(_ deviation: Double) -> Double {
        ((0..<4).map { _ in uniform() }.reduce(0, +) - 2) * deviation * 1.73
      }
      var weight = 88.0
      for day in 0..<days {
        if uniform() < 0.8 { weighIns.append((day, ((weight + normal(0.35)) * 10).rounded() / 10)) }
        let kcal = Int((meanIntake + normal(300)).rounded())
        intake.append((kcal, uniform() < 0.85))
        weight += (Double(kcal) - expenditure) / 7700
      }
    }

    /// Writes the journal: two entries a logged day (one of low confidence) and `body.jsonl`.
    func write(to journal: URL) throws {
      for (day, (kcal, logged)) in intake.enumerated() where logged {
        let date = Self.first.adding(days: day)
        let lines = [(kcal * 2 / 3, "0.9", 12), (kcal - kcal * 2 / 3, "0.4", 19)].enumerated().map {
          index, part in
          "{\"id\":\"\(UUID(uuidString: String(format: "00000000-0000-4000-8000-%06d%06d", day, index))!.uuidString)\","
            + "\"timestamp\":\"\(date)T\(part.2):00:00Z\",\"rawDescription\":\"\",\"foodName\":\"meal\",\"quantity\":1,"
            + "\"unit\":\"serving\",\"calories\":\(part.0),\"protein\":0,\"carbohydrates\":0,\"fat\":0,"
            + "\"confidence\":\(part.1)}\n"
        }
        try Data(lines.joined().utf8).write(to: journal.appendingPathComponent("\(date).jsonl"))
      }
      let body = weighIns.map {
        "{\"timestamp\":\"\(Self.first.adding(days: $0.day))T06:30:00Z\",\"weight_kg\":\($0.kg)}\n"
      }
      try Data(body.joined().utf8).write(to: journal.appendingPathComponent("body.jsonl"))
    }

    /// The estimate over the `window` days ending at the last day, computed independently: the
    /// trend by the published formula in floating point (α_g = 1 − 0.9^g after a gap of g days),
    /// then mean logged intake − Δtrend × 7700 / window.
    func independentEstimate(window: Int) -> Double {
      var trend: [Double] = []
      var current: Double?
      var previous = 0
      var weights = weighIns.makeIterator()
      var next = weights.next()
      for day in 0..<days {
        if let weighIn = next, weighIn.day == day {
          current =
            current.map { $0 + (1 - pow(0.9, Double(day - previous))) * (weighIn.kg - $0) } ?? weighIn.kg
          previous = day
          next = weights.next()
        }
        trend.append(current ?? .nan)
      }
      let logged = intake[(days - window)...].filter(\.logged).map { Double($0.kcal) }
      let mean = logged.reduce(0, +) / Double(logged.count)
      return mean - (trend[days - 1] - trend[days - 1 - window]) * 7700 / Double(window)
    }
  }

  static func summary(_ report: ReportJSON, _ id: String) -> Double? {
    report.summary(id)?["value"] as? Double
  }

  @Test(arguments: [
    (2500.0, 2200.0, UInt64(1)), (2200.0, 2400.0, 2), (2800.0, 2800.0, 3), (2000.0, 1500.0, 4),
  ])
  func theEstimateRecoversTheSimulatedExpenditureWithinItsBand(
    expenditure: Double, intake: Double, seed: UInt64
  )
    throws
  {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let person = SimulatedPerson(expenditure: expenditure, meanIntake: intake, days: 90, seed: seed)
    try person.write(to: journal)
    let last = SimulatedPerson.first.adding(days: 89)
    let report = try ReportJSON(["body", "last 4 weeks", "--journal", journal.path, "--today", "\(last)"])
    let estimate = try #require(Self.summary(report, "expenditure_kcal"))
    let band = try #require(Self.summary(report, "expenditure_band_kcal"))
    #expect(abs(estimate - expenditure) <= band, "estimate \(estimate) ± \(band), simulated \(expenditure)")
    #expect(abs(estimate - person.independentEstimate(window: 28)) < 0.01)
  }

  @Test func aShortLogHasNoEstimateAndSaysWhy() throws {
    let journal = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: journal) }
    let person = SimulatedPerson(expenditure: 2400, meanIntake: 2000, days: 10, seed: 9)
    try person.write(to: journal)
    let last = SimulatedPerson.first.adding(days: 9)
    let report = try ReportJSON(["body", "--journal", journal.path, "--today", "\(last)"])
    let figure = try #require(report.summary("expenditure_kcal")?["value"] as? String)
    #expect(figure.hasPrefix("not enough data: "))
    #expect(figure.contains("(14 needed)"))
    #expect((report.root["notes"] as? [String])?.first?.hasPrefix("No expenditure estimate for ") == true)
  }

  @Test func aJournalWithoutABodyLogSaysHowToStartOne() throws {
    let report = try ReportJSON(["body", "--sample", "--today", "2026-11-21"])
    #expect(
      report.root["notes"] as? [String] == [
        "The body log has no weigh-ins; add one with 'demeter-report add --weight KG'."
      ])
    #expect(report.root["facts"].map { "\($0)" }?.contains("2026-10-25..2026-11-21") == true)
  }

  @Test func aDigestFileCannotMakeABodyReport() throws {
    let run = try ToolRun.run(["body", "--digest", "Tests/Fixtures/sample-journal.digest"])
    #expect(run.status == 2)
  }
}
