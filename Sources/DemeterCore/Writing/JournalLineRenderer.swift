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
    path: [UInt8],
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
    EntryLineEncoder.write(object, into: &out)
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
    let raw = UnsafeRawPointer(line.baseAddress!)
    while index < count {
      // Eight bytes at a time past those that need no look (most of a line).
      while index &+ 8 <= count {
        let flags = Self.needingLook(raw.littleEndianWord(at: index), inString: inString)
        if flags != 0 {
          index &+= flags.trailingZeroBitCount &>> 3
          break
        }
        index &+= 8
      }
      guard index < count else { break }
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

  /// The high bit of each byte of `word` (the first byte lowest) that `appendWrittenCanonically`
  /// must look at: `"`, `\`, E2 (which starts U+2028 and U+2029), a control character, and outside
  /// a string a space. Bytes after the first such byte may be flagged too.
  @inline(__always)
  private static func needingLook(_ word: UInt64, inString: Bool) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits = ones &* 0x80
    /// The high bit of each zero byte (and maybe of bytes after the first).
    func zeros(_ bytes: UInt64) -> UInt64 { (bytes &- ones) & ~bytes & highBits }
    let below = (word &- ones &* (inString ? 0x20 : 0x21)) & ~word & highBits
    return zeros(word ^ (ones &* 0x22)) | zeros(word ^ (ones &* 0x5C)) | zeros(word ^ (ones &* 0xE2)) | below
  }

  /// Takes back what was appended from `start` on; false.
  private static func undo(out: inout [UInt8], to start: Int) -> Bool {
    out.removeSubrange(start...)
    return false
  }

  /// The letters after `\` of the escapes `JSONWriter` writes as they are read.
  private static let writtenEscapes: Set<UInt8> = Set("\"\\bfnrt".utf8)
}
