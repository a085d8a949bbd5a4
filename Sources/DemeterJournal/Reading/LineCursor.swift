import DemeterFoundation

/// The fast scanner's place in one line: the bytes from the line's start to its file's end, the
/// index of the next byte and the strict parser's limits. The line ends at its first `\n`, which
/// the cursor never passes as whitespace (no key, number, literal or plain string byte is one
/// either). Every method inlines, so while a line is scanned the cursor lives in registers; slow
/// paths take it by value and hand back where they stopped.
package struct LineCursor {
  /// The bytes from the line's start to the end of its file.
  package let bytes: UnsafeBufferPointer<UInt8>
  package let count: Int
  package var index = 0
  package let limits: JSONLimits
  package let maxStringBytes: Int
  package let maxDepth: Int
  private let raw: UnsafeRawPointer

  /// A cursor at the start of a line; `bytes`, not empty, run from there to the end of its file.
  package init(lineAt bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
    self.bytes = bytes
    count = bytes.count
    raw = UnsafeRawPointer(bytes.baseAddress!)
    self.limits = limits
    maxStringBytes = limits.maxStringBytes
    maxDepth = limits.effectiveMaxDepth
  }

  /// The byte at the cursor, or 0 at the end of the file (0 starts no JSON token).
  @inline(__always)
  package var byte: UInt8 { self[index] }

  /// The byte at `offset`, or 0 at or past the end of the file.
  @inline(__always)
  package subscript(offset: Int) -> UInt8 {
    offset < count ? raw.load(fromByteOffset: offset, as: UInt8.self) : 0
  }

  /// The eight bytes at `offset` as a little-endian word; `offset + 8 <= count`.
  @inline(__always)
  package func word(at offset: Int) -> UInt64 { raw.littleEndianWord(at: offset) }

  /// The line's start, for checks that load whole words.
  @inline(__always)
  package var start: UnsafeRawPointer { raw }

  /// Passes over JSON whitespace at the cursor but a line feed, which ends the line; compact lines
  /// have none, so the test for it is one comparison. (A 0, which the file's end reads as, is not
  /// whitespace.)
  @inline(__always)
  package mutating func skipWhitespace() {
    if byte &- 1 < JSONByte.space { index = Self.whitespaceEnd(bytes, from: index) }
  }

  /// The end of the spaces, tabs and carriage returns from `start`.
  package static func whitespaceEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case JSONByte.space, JSONByte.tab, JSONByte.carriageReturn: index += 1
      default: return index
      }
    }
    return index
  }

  /// Passes over `expected` (after any whitespace); false, the cursor after the whitespace, when
  /// another byte is there.
  @inline(__always)
  package mutating func pass(_ expected: UInt8) -> Bool {
    skipWhitespace()
    guard byte == expected else { return false }
    index += 1
    return true
  }

  /// Advances over ASCII bytes that need no attention in a string (`JSONReader.plainASCIIEnd`;
  /// the line's end, a control byte, stops it).
  @inline(__always)
  package mutating func skipPlainASCII() {
    index = JSONReader.plainASCIIEnd(bytes, from: index)
  }

  /// The length of the well-formed multi-byte UTF-8 sequence at the cursor (`UTF8Sequence`), or 0
  /// when there is none. (Past the file's end a 0, which is no continuation byte.)
  @inline(__always)
  func multiByteSequenceLength() -> Int {
    let word: UInt32
    if index + 8 <= count {
      word = UInt32(truncatingIfNeeded: raw.littleEndianWord(at: index))
    } else {
      word = UInt32(self[index]) | UInt32(self[index + 1]) << 8 | UInt32(self[index + 2]) << 16
        | UInt32(self[index + 3]) << 24
    }
    return UTF8Sequence.length(word)
  }

  /// The position of the first quote at or after `start`, if there is one within `limit` bytes of
  /// it (whatever the bytes before it are).
  @inline(__always)
  package func quote(from start: Int, within limit: Int) -> Int? {
    var end = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    while end + 8 <= count, end - start <= limit {
      let word = word(at: end) ^ (ones &* 0x22)
      let quotes = (word &- ones) & ~word & (ones &* 0x80)
      if quotes != 0 {
        end += quotes.trailingZeroBitCount >> 3
        break
      }
      end += 8
    }
    while end < count, self[end] != JSONByte.quote, end - start <= limit { end += 1 }
    guard self[end] == JSONByte.quote, end - start <= limit else { return nil }
    return end
  }

  /// The bytes of `range`, which is within the line (made without a slice's checks and call).
  @inline(__always)
  package func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
    // (`range.count` is a call.)
    UnsafeBufferPointer(
      start: raw.assumingMemoryBound(to: UInt8.self) + range.lowerBound,
      count: range.upperBound &- range.lowerBound)
  }

  /// The bytes from `start` up to the cursor.
  @inline(__always)
  package func bytes(from start: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[start..<index])
  }

  /// A JSON reader over the line, at the cursor (for the strict parser's own scans).
  package var reader: JSONReader {
    var reader = JSONReader(bytes: bytes, limits: limits)
    reader.index = index
    return reader
  }
}
