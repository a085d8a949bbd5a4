import DemeterCore
import DemeterReporting
import DemeterReports
import Foundation
import TestSupport
import Testing

/// Reports split by `--by` (manual: queries) made in-process, and a cohort of three journals to
/// split: the sample journal (meals, tags, foods, ingredients), the recipe journal (recipes) and
/// one of the cohort fixture's (another time zone, no meals).
enum BreakdownFixtures {
  static let today = CivilDate(year: 2026, month: 11, day: 21)!

  /// A temporary folder holding the three journals (`sam`, `rec`, `ana`); the caller removes it.
  static func cohortFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "by-cohort-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let fixtures = ReportMakerTests.fixtures
    for (name, source) in [
      ("sam", "sample-journal"), ("rec", "recipe-journal"), ("ana", "cohort/ana"),
    ] {
      try FileManager.default.copyItem(
        at: fixtures.appendingPathComponent(source), to: folder.appendingPathComponent(name))
    }
    return folder.path
  }

  /// The journals of `folder`, as `--journals` gives them.
  static func journals(_ folder: String) throws -> JournalSet {
    var console = Console.capturing()
    return try JournalSet(journals: [], parents: [folder], quiet: true, &console)
  }

  /// The bytes of `kind period` from `source` in `format`, split by `dimension` (nil: not split).
  static func report(
    _ kind: ReportKind = .week, _ period: String = "all", source: ReportRequest.Source,
    by dimension: BreakdownDimension?, top: Int? = nil, query: String? = nil, format: String = "csv"
  ) throws -> String {
    var request = ReportRequest(kind, period: [period], source: source)
    request.settings.today = today
    request.output.format = format
    request.usesCache = false
    request.breakdown = dimension.map { ReportBuilder.BreakdownRequest($0, top: top) }
    if let query { request.query = try AskedQuery(query) }
    // A query some journal has no entry of is said on standard error.
    request.quiet = query != nil
    var console = Console.capturing()
    try ReportMaker.make(request, &console)
    #expect(console.capturedErrors.isEmpty, "\(String(decoding: console.capturedErrors, as: UTF8.self))")
    return String(decoding: console.capturedOutput, as: UTF8.self)
  }

  /// The rows of a split's CSV: each (bucket, value) with its entries, kcal and macros as decimals,
  /// and its share.
  struct Row: Equatable {
    var bucket: String
    var value: String
    var figures: [Decimal]
    var share: Double?
  }

  static let figureColumns = ["entries", "calories", "protein", "carbohydrates", "fat"]

  static func rows(_ csv: String) throws -> [Row] {
    let lines = try CSVReader.rows(csv)
    // A split of no entries has no row, and no row's columns.
    guard let header = lines.first, let value = header.firstIndex(of: "value"),
      let share = header.firstIndex(of: "share")
    else { return [] }
    return lines.dropFirst().map { cells in
      Row(
        bucket: cells[0], value: cells[value],
        figures: figureColumns.map { Decimal(string: cells[header.firstIndex(of: $0)!])! },
        share: Double(cells[share]))
    }
  }

  /// `rows` added up by bucket and value, in order of first appearance.
  static func summed(_ rows: [Row]) -> [String: [Decimal]] {
    var sums: [String: [Decimal]] = [:]
    for row in rows {
      let key = row.bucket + "|" + row.value
      sums[key] = zip(sums[key] ?? Array(repeating: 0, count: figureColumns.count), row.figures).map {
        $0 + $1
      }
    }
    return sums
  }

  /// Writes the digest file of `source` split by `dimension` in `form`; returns its path (the
  /// caller removes it).
  static func digestFile(
    _ source: ReportRequest.Source, by dimension: BreakdownDimension?, form: DigestFileForm = .full
  ) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("by-\(UUID().uuidString).digest")
      .path
    var request = DigestFileRequest(source, form: form, to: file)
    request.usesCache = false
    request.breakdown = dimension
    var console = Console.capturing()
    try ReportMaker.writeDigestFile(request, &console)
    #expect(console.capturedErrors.isEmpty)
    return file
  }
}
