import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `UUIDText.value` (eight digits at a time) against a digit-by-digit reading.
@Suite struct UUIDTextTests {
  static func reference(_ bytes: [UInt8]) -> UInt128? {
    guard bytes.count == 36 else { return nil }
    var value: UInt128 = 0
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return nil }
        continue
      }
      guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
      value = value << 4 | UInt128(digit)
    }
    return value
  }

  static func value(_ bytes: [UInt8]) -> UInt128? {
    bytes.withUnsafeBufferPointer { UUIDText.value($0) }
  }

  @Test func readsIdsInEitherCase() {
    let text = "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11"
    #expect(Self.value(Array(text.utf8)) == 0x6f0c9a52_3c1e_4a57_9a52_0d7f1d0e7b11)
    #expect(Self.value(Array(text.uppercased().utf8)) == 0x6f0c9a52_3c1e_4a57_9a52_0d7f1d0e7b11)
    #expect(Self.value(Array("ffffffff-ffff-ffff-ffff-ffffffffffff".utf8)) == UInt128.max)
    #expect(Self.value(Array("00000000-0000-0000-0000-000000000000".utf8)) == 0)
  }

  @Test(arguments: ["0a1B2c3D-4e5F-6789-aAbB-cCdDeEfF0123", "0a1b2c3d-4e5f-6789-aabb-ccddeeff0123"])
  func everyByteAtEveryPositionAgreesWithTheReference(text: String) {
    let base = Array(text.utf8)
    for position in base.indices {
      for byte in UInt8.min...UInt8.max {
        var bytes = base
        bytes[position] = byte
        #expect(Self.value(bytes) == Self.reference(bytes), "byte \(byte) at \(position)")
        let read = bytes.withUnsafeBufferPointer { UUIDText.read($0) }
        let capitals = bytes.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
        #expect(
          read.map(\.hasCapitals) == Self.reference(bytes).map { _ in capitals },
          "byte \(byte) at \(position)")
      }
    }
    #expect(Self.value(Array(base.dropLast())) == nil)
    #expect(Self.value(base + [0x30]) == nil)
  }

  @Test func randomIdsRoundTripThroughTheIdColumn() {
    var random = SplitMix64(seed: 3)
    var column = EntryIDColumn()
    var texts: [String] = []
    for _ in 0..<500 {
      let value = UInt128(random.next()) << 64 | UInt128(random.next())
      var hex = String(value, radix: 16)
      hex = String(repeating: "0", count: 32 - hex.count) + hex
      let characters = Array(hex)
      var text =
        String(characters[0..<8]) + "-" + String(characters[8..<12]) + "-" + String(characters[12..<16]) + "-"
        + String(characters[16..<20]) + "-" + String(characters[20..<32])
      switch random.next() % 4 {
      case 0: text = text.uppercased()
      case 1:
        // One capital letter among small ones is kept as written too.
        if let letter = text.firstIndex(where: { "abcdef".contains($0) }) {
          text.replaceSubrange(letter...letter, with: text[letter].uppercased())
        }
      default: break
      }
      #expect(Self.value(Array(text.utf8)) == value)
      column.append(text)
      texts.append(text)
    }
    #expect((0..<texts.count).map { column[$0] } == texts)
  }
}
