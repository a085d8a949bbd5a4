import BuiltInIngredients
import DemeterCore
import DemeterReporting
import ReportFormats

// `consumer JOURNAL TODAY FORMAT` prints what `demeter-report week all` prints for them.
let (journal, format) = (CommandLine.arguments[1], CommandLine.arguments[3])
guard case .success(let today) = CivilDate.parse(CommandLine.arguments[2]),
  let generator = BuiltInFormats.generator(named: format)
else { fatalError("usage: consumer JOURNAL YYYY-MM-DD FORMAT") }
let config = JournalConfig.load(journal: journal).config
let (zone, weekStart) = (config.timeZone ?? .asWritten, config.weekStart ?? .monday)
var options = AggregationOptions(goals: config.goals, reviewLimit: 50)
options.lowConfidence = config.lowConfidence ?? options.lowConfidence
options.highConfidence = config.highConfidence ?? options.highConfidence
options.energyConsistency.alcohol = .journal(
  file: JournalLayout(journal: journal).ingredients, over: BuiltInIngredients.alcohol)
let digests = DigestLoader.load(
  journal: journal, options: JournalLoadOptions(timeZone: zone), rules: DigestRules(options))
let context = ReportBuilder.ReportContext(
  weekStart: weekStart, timeZone: zone, today: today, options: options, skippedLines: digests.skippedLines,
  unreadableFiles: digests.diagnostics.count(where: \.isUnreadableFile))
let report = ReportBuilder.bucketReport(
  .week, asked: digests.span ?? Period(day: today), bucketSize: .week(weekStart), digests: digests,
  context: context, parts: generator.shows)
print(String(decoding: try generator.render(report, options: RenderOptions()), as: UTF8.self), terminator: "")
