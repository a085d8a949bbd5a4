/// One line of a journal file: its 1-based number and its bytes without the line end.
package struct JournalLine {
  package var number: Int
  /// Byte range of the line's content in the file (no `\n`, no trailing `\r`, no BOM).
  package var range: Range<Int>
  /// Whether the line ended with a newline (false only for a final line without one).
  package var endsWithNewline: Bool
}

/// Splits a journal file's bytes into lines (manual: journal): a UTF-8 BOM at the start is skipped,
/// `\n` and `\r\n` both end lines, and a last line without a newline is still a line.
package struct JournalLines: Sequence {
  package let bytes: UnsafeBufferPointer<UInt8>

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Whether the file starts with a UTF-8 byte order mark.
  package var hasByteOrderMark: Bool {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
  }

  package func makeIterator() -> Iterator {
    Iterator(bytes: bytes, position: hasByteOrderMark ? 3 : 0)
  }

  package struct Iterator: IteratorProtocol {
    package let bytes: UnsafeBufferPointer<UInt8>
    /// Where the next line starts.
    package private(set) var position: Int
    /// The number of the last line passed.
    package private(set) var number = 0

    /// Passes the next line, whose end (its `\n`, or the end of the bytes) a reader of it found.
    package mutating func pass(lineEndingAt end: Int) {
      number += 1
      position = end < bytes.count ? end + 1 : end
    }

    package mutating func next() -> JournalLine? {
      guard position < bytes.count else { return nil }
      number += 1
      let start = position
      let end = bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) ?? bytes.count
      let endsWithNewline = end < bytes.count
      position = endsWithNewline ? end + 1 : end
      var contentEnd = end
      if contentEnd > start, bytes[contentEnd - 1] == UInt8(ascii: "\r") { contentEnd -= 1 }
      return JournalLine(number: number, range: start..<contentEnd, endsWithNewline: endsWithNewline)
    }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether every byte in `range` is JSON whitespace (space, tab, CR, LF).
  package func isBlank(_ range: Range<Int>) -> Bool {
    for index in range {
      switch self[index] {
      case 0x20, 0x09, 0x0D, 0x0A: continue
      default: return false
      }
    }
    return true
  }
}
