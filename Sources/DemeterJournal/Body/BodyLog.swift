import DemeterFoundation

/// A journal's body log, `body.jsonl` (manual: body-log): one measurement a line, read as strictly as a
/// day file (located errors, duplicate keys and ids, unknown keys kept and listed with `--strict`).
public struct BodyLog: Sendable {
  /// The valid measurements, in the file's order.
  public var measurements: [BodyMeasurement] = []
  /// Every problem found, located `FILE:LINE:COLUMN`.
  public var diagnostics: [Diagnostic] = []
  /// Whether the file exists (a missing body log is an empty one).
  public var fileExists = false

  public init(measurements: [BodyMeasurement] = []) {
    self.measurements = measurements
  }

  /// Reads the body log at `path`; a missing file gives an empty log. With `listingUnknownKeys`,
  /// each unknown key is a warning (`check --strict`).
  public static func load(path: String, listingUnknownKeys: Bool = false) -> BodyLog {
    let bytes: [UInt8]
    do throws(FileBytes.ReadError) {
      bytes = try FileBytes.read(path, limit: .bodyLog)
    } catch {
      var log = BodyLog()
      if FileBytes.exists(path) {
        log.fileExists = true
        log.diagnostics.append(.unreadableFile(path, error.message))
      }
      return log
    }
    var log = read(bytes, path: path, listingUnknownKeys: listingUnknownKeys)
    log.fileExists = true
    return log
  }

  /// Reads body log lines from memory; `path` names them in diagnostics.
  public static func read(_ bytes: [UInt8], path: String, listingUnknownKeys: Bool = false) -> BodyLog {
    var log = BodyLog()
    var firstLineOfID: [String: Int] = [:]
    bytes.withUnsafeBufferPointer { buffer in
      let parser = JSONParser()
      for line in JournalLines(buffer) where !buffer.isBlank(line.range) {
        let lineBytes = UnsafeBufferPointer(rebasing: buffer[line.range])
        let location = { (column: Int) in SourceLocation(path: path, line: line.number, column: column) }
        var problems: [Diagnostic] = []
        if !line.endsWithNewline {
          problems.append(
            .warning(
              .noFinalNewline, location(line.range.count + 1),
              "last line has no final newline (a crashed writer leaves one); `fmt` adds it"))
        }
        defer {
          log.diagnostics += EntryDecoder.inColumnOrder(problems).map { problem in
            var located = problem
            located.excerpt = LineExcerpt(line: lineBytes, around: problem.location.column)
            return located
          }
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
          value = try parser.parse(lineBytes)
        } catch {
          problems.append(Diagnostic(.error, location(error.offset + 1), error.message))
          continue
        }
        guard case .object(let object) = value else {
          problems.append(
            Diagnostic(.error, location(1), "each line must be one JSON object, found \(value.kindName)"))
          continue
        }
        let outcome = BodyLineDecoder(location: location).decode(object)
        problems += outcome.problems
        if listingUnknownKeys {
          for unknown in outcome.unknownKeys {
            problems.append(
              .warning(
                .unknownKey, location(unknown.column),
                "unknown key \"\(unknown.key)\" (kept when the line is rewritten)"))
          }
        }
        guard var measurement = outcome.measurement else { continue }
        if let id = measurement.id {
          if let first = firstLineOfID[id] {
            problems.append(
              Diagnostic(
                .error, location(object.member(BodyField.id.rawValue).map { $0.valueOffset + 1 } ?? 1),
                "duplicate id \"\(id)\" (first at line \(first))"))
            continue
          }
          firstLineOfID[id] = line.number
        }
        measurement.line = line.number
        log.measurements.append(measurement)
      }
    }
    return log
  }

  /// The log's lines in canonical form (`BodyMeasurement.canonicalLine`), nil when a line is
  /// invalid (its problems are in `diagnostics`).
  public var canonicalBytes: [UInt8]? {
    guard !diagnostics.contains(where: { $0.severity == .error }) else { return nil }
    return Array(measurements.map { $0.canonicalLine + "\n" }.joined().utf8)
  }
}
