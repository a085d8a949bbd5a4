import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `UTF8Sequence.length` (one word, a few comparisons) against the standard library's UTF-8
/// parser, which follows Unicode table 3-7 byte by byte.
@Suite struct UTF8SequenceTests {
  /// The length of the well-formed multi-byte sequence at the start of `bytes`, or 0.
  static func reference(_ bytes: [UInt8]) -> Int {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded) where encoded.count > 1: return encoded.count
    default: return 0
    }
  }

  static func word(_ bytes: [UInt8]) -> UInt32 {
    bytes.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * $1.offset) }
  }

  /// Every lead and second byte; the third and fourth bytes (where the lead wants them) at the
  /// edges of the ranges the rules name.
  @Test func everyLeadAndSecondByteWithEdgeBytesAfterThem() {
    let edges: [UInt8] = [0x00, 0x0A, 0x7F, 0x80, 0x8F, 0x90, 0xBF, 0xC0, 0xFF]
    var (wellFormed, mismatches) = (0, [[UInt8]]())
    for lead in UInt8(0x80)...0xFF {
      let thirds = (0xE0...0xF4).contains(lead) ? edges : [0x80]
      let fourths = (0xF0...0xF4).contains(lead) ? edges : [0x80]
      for second in UInt8.min...UInt8.max {
        for third in thirds {
          for fourth in fourths {
            let bytes = [lead, second, third, fourth]
            let expected = Self.reference(bytes)
            if UTF8Sequence.length(Self.word(bytes)) != expected { mismatches.append(bytes) }
            if expected > 0 { wellFormed += 1 }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(wellFormed > 5_000)
  }

  @Test func randomWords() {
    var random = SplitMix64(seed: 71)
    let mismatches = (0..<200_000).map { _ in (0..<4).map { _ in UInt8.random(in: 0x80...0xFF, using: &random) } }
      .filter { UTF8Sequence.length(Self.word($0)) != Self.reference($0) }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// A sequence cut short by the input's end: the bytes after it read as 0.
  @Test func sequencesCutShortAreNotWellFormed() {
    for text in ["é", "寿", "😀"] {
      let bytes = Array(text.utf8)
      #expect(UTF8Sequence.length(Self.word(bytes)) == bytes.count)
      for cut in 1..<bytes.count {
        #expect(UTF8Sequence.length(Self.word(Array(bytes[..<cut]))) == 0, "\(text) cut at \(cut)")
      }
    }
  }
}
