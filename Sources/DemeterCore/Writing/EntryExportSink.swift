import DemeterFoundation
import DemeterJournal

/// The entry sink of an export: every entry of one day file (the lines of repeated ids left out),
/// read once, by the fast scanner or the strict path, each giving the same values (a strictly read
/// entry's stated keys are those the line states with a value, its canonical line encoded again).
struct EntryExportSink: EntrySink {
  var diagnostics: [Diagnostic] = []
  var skippedLines = 0
  private(set) var entries: [ExportedEntry] = []
  /// Whether each entry's line is kept in canonical form.
  let keepsLines: Bool
  /// The lines not exported (repeated ids).
  let excludedLines: Set<Int>
  let limits: JSONLimits
  private var path = ""

  static var keepsRawDescription: Bool { true }
  static var keepsTagsAndNote: Bool { true }

  init(keepsLines: Bool, excludedLines: Set<Int>, limits: JSONLimits) {
    self.keepsLines = keepsLines
    self.excludedLines = excludedLines
    self.limits = limits
  }

  mutating func beginFile(_ path: String, byteCount: Int) {
    self.path = path
    entries.reserveCapacity(byteCount / DayFileParser.typicalLineBytes + 1)
  }

  mutating func add(
    _ entry: inout ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    offset: Int
  ) {
    guard !excludedLines.contains(entry.line) else { return }
    func text(_ span: ByteSpan) -> String {
      String(
        decoding: UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range]), as: UTF8.self)
    }
    let row = TableRow(entry, line: line, decoded: decoded, states: entry.states)
    let canonical =
      !keepsLines
      ? [] : entry.keysInCanonicalOrder && Self.isWrittenCanonically(line) ? Array(line) : encoded(line)
    entries.append(
      ExportedEntry(
        row: row, path: path, tags: entry.tags.map(text), note: entry.note.map(text), canonicalLine: canonical
      ))
  }

  /// The canonical form of an accepted line the scanner did not read in it: through the strict
  /// parser and the encoder.
  private func encoded(_ line: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    guard case .object(let object)? = try? JSONParser(limits: limits).parse(line) else { return [] }
    return Array(EntryLineEncoder.line(object).utf8)
  }

  /// Whether a line the scanner accepted with its keys in canonical order is already what
  /// `EntryLineEncoder` writes for it: compact (no whitespace outside strings, the object from its
  /// first byte) and with nothing in a string the writer writes otherwise: only the escapes it
  /// writes itself (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`; not `\/` or `\u`), no raw U+2028 or
  /// U+2029. Number literals and every other string byte the writer keeps as they are.
  static func isWrittenCanonically(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    guard line.first == JSONByte.openBrace else { return false }
    var inString = false
    var index = 0
    let count = line.count
    while index < count {
      let byte = line[index]
      if byte == JSONByte.quote {
        inString.toggle()
      } else if inString {
        if byte == JSONByte.backslash {
          guard index + 1 < count, Self.writtenEscapes.contains(line[index + 1]) else { return false }
          index += 1
        } else if byte == 0xE2, index + 2 < count, line[index + 1] == 0x80, line[index + 2] & 0xFE == 0xA8 {
          // U+2028 or U+2029 (E2 80 A8, E2 80 A9), which the writer escapes.
          return false
        }
      } else if byte <= JSONByte.space {
        return false
      }
      index += 1
    }
    return true
  }

  /// The letters after `\` of the escapes `JSONWriter` writes as they are read.
  private static let writtenEscapes: Set<UInt8> = Set("\"\\bfnrt".utf8)
}
