import Foundation
import Testing

@testable import DemeterFoundation

/// `Base64.encode` against Foundation's encoder: every length's padding, and every byte value.
@Suite struct Base64Tests {
  @Test(arguments: 0..<8)
  func everyPaddingAgreesWithFoundation(length: Int) {
    let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 251) }
    #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
  }

  @Test func everyByteValue() {
    let bytes = (0...255).map(UInt8.init) + (0...255).reversed().map(UInt8.init)
    #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
    #expect(Base64.encode(Array("Man".utf8)) == "TWFu")
  }
}
