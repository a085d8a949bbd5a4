import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `ByteDictionary` (with its last-code memo) against a Swift `Dictionary` that codes byte
/// strings in order of first appearance, on runs of repeated names as a journal has them.
@Suite struct ByteDictionaryTests {
  @Test(arguments: [UInt64(4), 5, 6])
  func codesAreThoseOfFirstAppearanceAndReadBack(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var strings: [[UInt8]] = []
    for string in StringDictionaryTests.randomStrings(count: 3000, seed: seed) {
      // Runs of one string (a memo hit), then a change.
      strings += Array(repeating: string, count: 1 + Int(random.next() % 3))
    }
    var dictionary = ByteDictionary()
    var reference: [[UInt8]: Int32] = [:]
    for bytes in strings {
      let expected = reference[bytes] ?? Int32(reference.count)
      reference[bytes] = expected
      #expect(bytes.withUnsafeBufferPointer { dictionary.code(for: $0) } == expected)
    }
    #expect(dictionary.count == reference.count)
    for (bytes, code) in reference {
      #expect(dictionary.withBytes(of: code) { Array($0) } == bytes)
    }
  }
}
