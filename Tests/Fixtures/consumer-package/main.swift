import DemeterCore
import DemeterReports

// `consumer JOURNAL TODAY FORMAT` prints what `demeter-report week all` prints for them.
let (journal, format) = (CommandLine.arguments[1], CommandLine.arguments[3])
guard case .success(let today) = CivilDate.parse(CommandLine.arguments[2]) else {
  fatalError("usage: consumer JOURNAL YYYY-MM-DD FORMAT")
}
var request = ReportRequest(.week, period: ["all"], source: .journal(journal))
request.settings.today = today
request.output.format = format
request.usesCache = false
var console = Console()
try ReportMaker.make(request, &console)
