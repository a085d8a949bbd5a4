import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterFoundation
@testable import DemeterJournal

/// The weight exports on their fixtures (`Tests/Fixtures/import`): told from food exports by their
/// header, units per row, per column or given, times, rows of other metrics and deleted rows left
/// out and counted, bad rows located by row and column.
@Suite struct WeightImporterTests {
  static func read(_ kind: ImportKind, _ name: String, unit: WeightUnit? = nil) throws -> ImportBatch {
    var options = ImporterTests.options
    options.weightUnit = unit
    return try ImporterTests.read(kind, name, options: options)
  }

  static func lines(_ batch: ImportBatch) -> [String] { batch.weighIns.map(\.measurement.canonicalLine) }

  @Test func cronometerBiometricsKeepEachRowsUnitAndLeaveOutOtherMetrics() throws {
    let batch = try Self.read(.cronometer, "cronometer-biometrics.csv")
    #expect(batch.problems.isEmpty && batch.badRows == 0 && batch.weightExports == 1)
    #expect(try batch.lines.read().isEmpty, "no food entries")
    #expect(
      Self.lines(batch) == [
        #"{"timestamp":"2026-11-02T07:00:00-05:00","weight_kg":82.4}"#,
        #"{"timestamp":"2026-11-03T07:00:00-05:00","weight_kg":82.15}"#,
        #"{"timestamp":"2026-11-04T07:00:00-05:00","weight_lb":180.6}"#,
        #"{"timestamp":"2026-11-05T07:00:00-05:00","weight_kg":81.9}"#,
        #"{"timestamp":"2026-11-07T07:00:00-05:00","weight_lb":180.2}"#,
        #"{"timestamp":"2026-11-08T07:00:00-05:00","weight_kg":81.65}"#,
        #"{"timestamp":"2026-11-09T07:00:00-05:00","weight_kg":81.7}"#,
      ])
    #expect(batch.weighIns[2].measurement.kilograms == FixedDecimal(billionths: 81_918_782_022))
    #expect(batch.skipped == ["rows of other metrics": 5])
    #expect(batch.weighIns.map(\.source.line) == [2, 4, 6, 7, 10, 11, 13])
    #expect(batch.weighIns.allSatisfy { $0.source.column == 5 }, "located at Amount")
  }

  @Test func aFoodExportOfTheSameTrackerIsStillReadAsEntries() throws {
    let batch = try ImporterTests.read(.cronometer, "cronometer-servings.csv")
    #expect(batch.weightExports == 0 && batch.weighIns.isEmpty && batch.rows.count == 10)
  }

  @Test func badRowsAreLocatedAtTheirCell() throws {
    let batch = try Self.read(.cronometer, "cronometer-biometrics-bad.csv")
    #expect(batch.weighIns.count == 1 && batch.badRows == 5)
    let problems = batch.problems.map(\.rendered)
    #expect(problems.count == 5)
    #expect(problems[0].hasPrefix("cronometer-biometrics-bad.csv:3:1: error: \"Day\": expected a date"))
    #expect(problems[1].hasPrefix("cronometer-biometrics-bad.csv:4:4: error: \"Unit\": expected the unit kg or lbs"))
    #expect(problems[2].hasPrefix("cronometer-biometrics-bad.csv:5:5: error: \"Amount\": "))
    #expect(problems[3].hasPrefix("cronometer-biometrics-bad.csv:6:5: error: \"Amount\": "))
    #expect(problems[4].hasPrefix("cronometer-biometrics-bad.csv:7:5: error: \"Amount\": "))
    #expect(problems[4].contains("1000") || problems[4].contains("1 000"), "the log's own limit: \(problems[4])")
    #expect(batch.skipped == ["rows of other metrics": 1], "a bad cell of another metric is not read")
  }

  @Test func myFitnessPalMeasurementsTakeTheGivenUnitAndNeedOne() throws {
    let batch = try Self.read(.myfitnesspal, "myfitnesspal-measurements.csv", unit: .lb)
    #expect(batch.problems.isEmpty && batch.weightExports == 1)
    #expect(
      Self.lines(batch) == [
        #"{"timestamp":"2026-11-02T07:00:00-05:00","weight_lb":181.6}"#,
        #"{"timestamp":"2026-11-04T07:00:00-05:00","weight_lb":180.8}"#,
        #"{"timestamp":"2026-11-06T07:00:00-05:00","weight_lb":180.4}"#,
        #"{"timestamp":"2026-11-09T07:00:00-05:00","weight_lb":179.9}"#,
      ])
    #expect(throws: ImportError.noWeightUnit(
      path: "myfitnesspal-measurements.csv", exportName: WeightExport.myFitnessPal.exportName, column: "Weight")) {
      try Self.read(.myfitnesspal, "myfitnesspal-measurements.csv")
    }
  }

  @Test func loseItWeightsTakeTheColumnsUnitAndLeaveOutDeletedRows() throws {
    let batch = try Self.read(.loseit, "loseit-weights.csv", unit: .kg)
    #expect(batch.problems.isEmpty && batch.skipped == ["deleted rows": 1])
    #expect(
      Self.lines(batch) == [
        #"{"timestamp":"2026-11-02T07:00:00-05:00","weight_lb":181.4}"#,
        #"{"timestamp":"2026-11-03T07:00:00-05:00","weight_lb":181}"#,
        #"{"timestamp":"2026-11-05T07:00:00-05:00","weight_lb":180.2}"#,
      ])
  }

  @Test func aTimeColumnAndDecimalCommasAreRead() throws {
    let csv = "Day;Time;Metric;Unit;Amount\n2026-11-02;6:45 AM;Weight;kg;82,35\n"
    var options = ImporterTests.options
    options.decimalStyle = .comma
    let batch = try ImportKind.cronometer.read(Array(csv.utf8), path: "b.csv", options: options)
    #expect(Self.lines(batch) == [#"{"timestamp":"2026-11-02T06:45:00-05:00","weight_kg":82.35}"#])
  }
}
