import DemeterCore

/// A report format (manual: output): turns the report model into bytes. Built-in generators live in
/// `Reports/<Name>/` and are listed in `BuiltInFormats` (the `ReportFormats` target).
public protocol ReportGenerator: Sendable {
  /// The `--format` name, e.g. `csv`.
  var name: String { get }
  /// The output file extension that selects this format, without the dot.
  var fileExtension: String { get }
  /// Other `--format` names for it, e.g. `md` for `markdown` (none by default).
  var aliases: [String] { get }
  /// The media type of the output, e.g. `text/csv`.
  var mediaType: String { get }
  /// One line for `demeter-report formats`.
  var summary: String { get }

  /// What of the report model the format shows (the builder may leave out the rest).
  var shows: ReportParts { get }

  func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8]
}

extension ReportGenerator {
  public var shows: ReportParts { .everything }
  public var aliases: [String] { [] }
}

/// A format that writes a report's primary table's rows as they come, so a long table never has to
/// be held at once: head, the rows in parts, tail give the bytes `render` gives in one go.
public protocol TableStreamingGenerator: ReportGenerator {
  /// The bytes before the first row of `report`, whose primary table holds no rows.
  func renderHead(of report: ReportModel, options: RenderOptions) -> [UInt8]
  /// The bytes of `rows`, after `written` rows of the table.
  func renderRows(_ rows: [ReportTableRow], after written: Int, options: RenderOptions) -> [UInt8]
  /// The bytes of `count` rows (roles: item) after `written` rows of the table, whose cells
  /// `cells(row, cell)` hands to `cell` in column order: the bytes `renderRows` gives for those
  /// rows, with no row held (a format may make the rows and render them).
  func renderRows(
    count: Int, after written: Int, options: RenderOptions,
    cells: (_ row: Int, _ cell: (ReportCell) -> Void) -> Void
  ) -> [UInt8]
  /// The bytes after the last row of `report`.
  func renderTail(of report: ReportModel, options: RenderOptions) -> [UInt8]
}

/// A table stream that writes as a whole format does: its names, and whole reports, are `format`'s.
public protocol WholeFormatStream: TableStreamingGenerator {
  associatedtype Format: ReportGenerator
  /// The format whose bytes the stream's parts add up to.
  var format: Format { get }
}

extension WholeFormatStream {
  public var name: String { format.name }
  public var fileExtension: String { format.fileExtension }
  public var mediaType: String { format.mediaType }
  public var summary: String { format.summary }

  /// The whole report, rows included, as `format` renders it.
  public func render(_ report: ReportModel, options: RenderOptions) throws(ReportRenderError) -> [UInt8] {
    try format.render(report, options: options)
  }
}

extension TableStreamingGenerator {
  /// The rows made, then rendered.
  public func renderRows(
    count: Int, after written: Int, options: RenderOptions,
    cells: (_ row: Int, _ cell: (ReportCell) -> Void) -> Void
  ) -> [UInt8] {
    let rows = (0..<count).map { row in
      var made: [ReportCell] = []
      cells(row) { made.append($0) }
      return ReportTableRow(cells: made)
    }
    return renderRows(rows, after: written, options: options)
  }

  /// Rows a part of `renderRowsInParts` holds.
  static var rowsPerPart: Int { 2_048 }

  /// `head` followed by the bytes of `rows`, after `written` rows of the table: parts rendered on
  /// every processor and joined in order, the bytes one `renderRows` call gives.
  public func renderRowsInParts(
    _ rows: [ReportTableRow], after written: Int = 0, following head: [UInt8] = [], options: RenderOptions
  ) -> [UInt8] {
    guard rows.count > Self.rowsPerPart else {
      let bytes = renderRows(rows, after: written, options: options)
      return head.isEmpty ? bytes : head + bytes
    }
    let starts = Array(stride(from: 0, to: rows.count, by: Self.rowsPerPart))
    let parts = ParallelMap.map(starts) { start in
      let end = min(start + Self.rowsPerPart, rows.count)
      return renderRows(Array(rows[start..<end]), after: written + start, options: options)
    }
    return Self.joined(parts, after: head)
  }

  /// `head` followed by `parts` in order, in one buffer.
  fileprivate static func joined(_ parts: [[UInt8]], after head: [UInt8] = []) -> [UInt8] {
    var bytes = head
    bytes.reserveCapacity(parts.reduce(head.count) { $0 + $1.count })
    for part in parts { bytes += part }
    return bytes
  }
}

extension TableStreamingGenerator {
  /// The bytes of `count` groups of `rowsEach` rows, after `written` rows of the table: each group
  /// made (`rows(group)`), rendered and let go by one processor while the others do the next, the
  /// bytes one `renderRows` call of all the groups' rows in order gives.
  public func renderGroups(
    _ count: Int, rowsEach: Int, after written: Int, options: RenderOptions,
    rows: @Sendable (_ group: Int) -> [ReportTableRow]
  ) -> [UInt8] {
    let parts = ParallelMap.map(Array(0..<count)) { group in
      let made = rows(group)
      precondition(made.count == rowsEach, "a group of \(made.count) rows, not \(rowsEach)")
      return renderRows(made, after: written + group * rowsEach, options: options)
    }
    return Self.joined(parts)
  }
}

/// A format that writes a report's primary table's rows as they come once it is handed the rest of
/// the report (a template, whose bytes around the rows depend on it).
public protocol ShellStreamingGenerator: ReportGenerator {
  /// The format for the report `shell`, whose primary table is without rows and will get some:
  /// its head, rows and tail are the bytes `render` gives the whole report; nil when it cannot
  /// write the rows apart (the report is then rendered whole).
  func streaming(_ shell: ReportModel) throws(ReportRenderError) -> (any TableStreamingGenerator)?
}

/// A format that lays a report's primary table out from all of its rows' cells (aligned text): it
/// writes the rows as they come once every row has been measured, a part at a time.
public protocol MeasuredStreamingGenerator: ReportGenerator {
  /// The width each reader column of `table` needs for its title and the cells of `rows`.
  func widths(of rows: [ReportTableRow], in table: ReportTable) -> [Int]
  /// The format for the report `shell`, whose primary table is without rows and will get rows
  /// that need `widths` (the widest of every part's `widths(of:in:)`): its head, rows and tail
  /// are the bytes `render` gives the whole report.
  func streaming(_ shell: ReportModel, widths: [Int]) -> any TableStreamingGenerator
}

/// How much of a report model a format shows.
public enum ReportParts: Sendable {
  /// Only the primary table (`ReportModel.primaryTable`), without its total row.
  case primaryTable
  /// Everything: summary, every table, charts, lists and notes.
  case everything
}

/// Why a report could not be rendered (a template or an external generator failed). The command
/// turns it into exit code 3 and leaves any previous output file untouched.
public struct ReportRenderError: Error, Sendable, Hashable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

/// How a report is rendered, beyond its format.
public struct RenderOptions: Sendable, Hashable {
  /// Write numbers with exactly this many decimals instead of their exact value (formats with exact
  /// numbers only: CSV). `--decimals 4` gives the output of `shared/bench/QUERY.md`.
  public var decimals: Int?
  /// Whether terminal output may use colour (the command decides: a TTY, no `NO_COLOR`, no `--no-color`).
  public var color: Bool
  /// How long an external generator may run before it is stopped (`--plugin-timeout`).
  public var pluginTimeout: TimeLimit
  /// Whether the output is shown on a terminal (standard output is a TTY): a format that keeps a
  /// journal's bytes elsewhere (CSV) escapes them there, as text output does (`TextEscaping.terminal`).
  public var terminal: Bool
  /// The terminal's width in columns, when the output is shown on one: text output fits it (cutting
  /// names and leaving out columns, never cutting an id). Nil elsewhere: nothing is cut.
  public var width: Int?

  public init(
    decimals: Int? = nil, color: Bool = false, pluginTimeout: TimeLimit = ExternalGenerator.defaultTimeout,
    terminal: Bool = false, width: Int? = nil
  ) {
    self.decimals = decimals
    self.color = color
    self.pluginTimeout = pluginTimeout
    self.terminal = terminal
    self.width = width
  }
}
