import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The string scanner skips eight plain bytes at a time and jumps to the first byte that needs
/// attention: every such byte, at every position around the word boundaries, is still found there.
@Suite struct JSONStringScanTests {
  static func parse(_ bytes: [UInt8]) -> Result<JSONValue, JSONSyntaxError> {
    Result { () throws(JSONSyntaxError) -> JSONValue in try JSONParser().parse(bytes) }
  }

  @Test func controlCharactersAreFoundAtEveryPosition() {
    for length in 1..<26 {
      for position in 0..<length {
        for byte: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x1F] {
          var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
          text[position] = byte
          guard case .failure(let error) = Self.parse([0x22] + text + [0x22]) else {
            Issue.record("accepted byte \(byte) at \(position) of \(length)")
            continue
          }
          #expect(error.offset == position + 1, "byte \(byte) at \(position) of \(length)")
        }
      }
    }
  }

  @Test func specialBytesAtEveryPositionReadBackExactly() {
    for length in 1..<26 {
      for position in 0..<length {
        for (written, meant) in [("\\\"", "\""), ("\\\\", "\\"), ("é", "é"), ("\\u00e9", "é"), ("😀", "😀")] {
          var text = String(repeating: "b", count: length)
          let index = text.index(text.startIndex, offsetBy: position)
          text.replaceSubrange(index...index, with: written)
          var expected = String(repeating: "b", count: length)
          let expectedIndex = expected.index(expected.startIndex, offsetBy: position)
          expected.replaceSubrange(expectedIndex...expectedIndex, with: meant)
          #expect(
            (try? Self.parse(Array("\"\(text)\"".utf8)).get()) == .string(expected), "\(text)")
        }
      }
    }
  }

  @Test func invalidUTF8IsFoundAtEveryPosition() {
    for length in 1..<26 {
      for position in 0..<length {
        var text = [UInt8](repeating: UInt8(ascii: "c"), count: length)
        text[position] = 0x80
        guard case .failure(let error) = Self.parse([0x22] + text + [0x22]) else {
          Issue.record("accepted 0x80 at \(position) of \(length)")
          continue
        }
        #expect(error.offset == position + 1)
      }
    }
  }
}
