import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `StringDictionary` (open addressing over `ShortHash`) against a Swift `Dictionary` that codes
/// strings in order of first appearance.
@Suite struct StringDictionaryTests {
  /// Random UTF-8 strings of every length the hash treats apart (0, 1–3, 4–7, 8 and longer bytes),
  /// from a small alphabet so that near-duplicates (same length, one letter apart, shared
  /// prefixes) abound.
  static func randomStrings(count: Int, seed: UInt64) -> [[UInt8]] {
    var random = SplitMix64(seed: seed)
    let alphabet = ["a", "b", " ", "é", "寿"].map { Array($0.utf8) }
    func letter() -> [UInt8] { alphabet[Int(random.next() % UInt64(alphabet.count))] }
    var made: [[[UInt8]]] = []
    for _ in 0..<count {
      if !made.isEmpty, random.next() % 3 == 0 {
        // A repeat, or a repeat with one letter changed.
        var letters = made[Int(random.next() % UInt64(made.count))]
        if !letters.isEmpty, random.next() % 2 == 0 {
          letters[Int(random.next() % UInt64(letters.count))] = letter()
        }
        made.append(letters)
      } else {
        made.append((0..<Int(random.next() % 30)).map { _ in letter() })
      }
    }
    return made.map { Array($0.joined()) }
  }

  @Test(arguments: [UInt64(1), 2, 3])
  func codesAreThoseOfFirstAppearance(seed: UInt64) {
    var dictionary = StringDictionary()
    var reference: [[UInt8]: Int32] = [:]
    var order: [[UInt8]] = []
    for bytes in Self.randomStrings(count: 5000, seed: seed) {
      let expected =
        reference[bytes]
        ?? {
          reference[bytes] = Int32(order.count)
          order.append(bytes)
          return Int32(order.count - 1)
        }()
      let code = bytes.withUnsafeBufferPointer { dictionary.code(forUTF8: $0) }
      #expect(code == expected)
    }
    #expect(dictionary.count == order.count)
    #expect(dictionary.strings == order.map { String(decoding: $0, as: UTF8.self) })
  }

  @Test func stringsAndTheirBytesGiveTheSameCodes() {
    var dictionary = StringDictionary()
    let words = ["", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "abcdefghi", "crème brûlée", "寿司"]
    let codes = words.map { dictionary.code(for: $0) }
    #expect(codes == (0..<Int32(words.count)).map { $0 })
    for (word, code) in zip(words, codes) {
      var bytes = Array(word.utf8)
      #expect(
        bytes.withUnsafeMutableBufferPointer { dictionary.code(forUTF8: UnsafeBufferPointer($0)) } == code)
      #expect(dictionary[code] == word)
    }
  }
}
