import DemeterFoundation
import DemeterJournal

/// The record of `entries -f jsonl` (manual: output): the entry's journal line in canonical form
/// (`EntryLineEncoder`) and a line end. A line the scanner read with its keys in canonical order is
/// copied as it is where the encoder would write it so, its `\/` escapes written `/`; any other goes
/// through the strict parser and the encoder.
package struct JournalLineRenderer: EntryRecordRenderer {
  let limits: JSONLimits

  package init(limits: JSONLimits) {
    self.limits = limits
  }

  package func append(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    path: String,
    to out: inout [UInt8]
  ) {
    if !entry.keysInCanonicalOrder || !Self.appendWrittenCanonically(line, to: &out) {
      appendEncoded(line, to: &out)
    }
    out.append(UInt8(ascii: "\n"))
  }

  /// Appends the canonical form of an accepted line the scanner did not read in it: through the
  /// strict parser and the encoder.
  private func appendEncoded(_ line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    guard case .object(let object)? = try? JSONParser(limits: limits).parse(line) else { return }
    out.append(contentsOf: EntryLineEncoder.line(object).utf8)
  }

  /// Appends what `EntryLineEncoder` writes for a line the scanner accepted with its keys in
  /// canonical order, where that is the line itself but for its `\/` escapes (written `/`): the line
  /// is compact (no whitespace outside strings, the object from its first byte) and has nothing
  /// else in a string the writer writes otherwise: only the escapes it writes itself (`\"`, `\\`,
  /// `\b`, `\f`, `\n`, `\r`, `\t`; not `\u`), no raw U+2028 or U+2029. Number literals and every
  /// other string byte the writer keeps as they are. False, with nothing appended, for any other line.
  static func appendWrittenCanonically(_ line: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) -> Bool {
    guard line.first == JSONByte.openBrace else { return false }
    let start = out.count
    // The bytes not yet appended start here.
    var copied = 0
    var inString = false
    var index = 0
    let count = line.count
    while index < count {
      let byte = line[index]
      if byte == JSONByte.quote {
        inString.toggle()
      } else if inString {
        if byte == JSONByte.backslash {
          guard index + 1 < count else { return undo(out: &out, to: start) }
          let escaped = line[index + 1]
          if escaped == JSONByte.slash {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: line[copied..<index]))
            copied = index + 1
          } else if !Self.writtenEscapes.contains(escaped) {
            return undo(out: &out, to: start)
          }
          index += 1
        } else if byte == 0xE2, index + 2 < count, line[index + 1] == 0x80, line[index + 2] & 0xFE == 0xA8 {
          // U+2028 or U+2029 (E2 80 A8, E2 80 A9), which the writer escapes.
          return undo(out: &out, to: start)
        }
      } else if byte <= JSONByte.space {
        return undo(out: &out, to: start)
      }
      index += 1
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: line[copied...]))
    return true
  }

  /// Takes back what was appended from `start` on; false.
  private static func undo(out: inout [UInt8], to start: Int) -> Bool {
    out.removeSubrange(start...)
    return false
  }

  /// The letters after `\` of the escapes `JSONWriter` writes as they are read.
  private static let writtenEscapes: Set<UInt8> = Set("\"\\bfnrt".utf8)
}
