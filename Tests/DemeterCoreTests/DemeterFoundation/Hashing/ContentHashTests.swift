import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `ContentHash` is XXH64: the published reference vectors, every tail length, and any alignment.
@Suite struct ContentHashTests {
  @Test func referenceVectors() {
    #expect(ContentHash.hash("") == 0xEF46_DB37_51D8_E999)
    #expect(ContentHash.hash("a") == 0xD24E_C4F1_A98C_6E5B)
    #expect(ContentHash.hash("abc") == 0x44BC_2CF5_AD77_0999)
    #expect(ContentHash.hash("Nobody inspects the spammish repetition") == 0xFBCE_A83C_8A37_8BF1)
  }

  /// Bytes 0, 1, 2, … of each length, covering the 32-byte lanes, the 8- and 4-byte steps and the
  /// byte tail (values from an independent implementation checked against the vectors above).
  @Test(
    arguments: [
      (1, 0xE934_A84A_DB05_2768), (3, 0xE5C7_BB45_33BC_65DD), (4, 0xFFCE_D860_4453_CC1E),
      (7, 0x14CC_643F_630C_72D2), (8, 0x884A_1736_14B8_1B8D), (9, 0x67D8_5784_A7C7_8C5B),
      (15, 0xA948_F5F0_F6AB_AC2D), (16, 0x44B6_EF2F_B841_69F7), (17, 0x5603_E60C_5275_99B6),
      (31, 0xC346_D2B5_9B4D_8EE1), (32, 0xCBF5_9C51_16FF_32B4), (33, 0x0C53_5D1A_CAFB_8EAD),
      (63, 0xE26A_A9E2_A95F_8E4F), (64, 0xF7C6_7301_DB67_13F0), (65, 0xC31E_B63B_2AE4_465B),
      (100, 0x6AC1_E580_3216_6597), (255, 0x0F7D_9750_7CAA_D693),
    ] as [(Int, UInt64)])
  func everyTailLength(length: Int, expected: UInt64) {
    #expect(ContentHash.hash((0..<length).map { UInt8($0 % 256) }) == expected)
  }

  @Test func seedChangesTheHash() {
    #expect(ContentHash.hash("a", seed: 1) == 0xDEC2_BC81_C3CD_46C6)
  }

  /// The hash reads unaligned words: a slice at any offset hashes like a copy of it.
  @Test func anyAlignment() {
    var random = SplitMix64(seed: 5)
    let bytes = (0..<300).map { _ in UInt8.random(in: 0...255, using: &random) }
    bytes.withUnsafeBytes { raw in
      for start in 0..<9 {
        for end in [start, start + 1, start + 40, 300] {
          let slice = UnsafeRawBufferPointer(rebasing: raw[start..<end])
          #expect(ContentHash.hash(slice) == ContentHash.hash(Array(bytes[start..<end])))
        }
      }
    }
  }

  @Test func oneChangedByteChangesTheHash() {
    var bytes = Array("{\"id\":\"6f0c9a52\",\"calories\":182}\n".utf8)
    let original = ContentHash.hash(bytes)
    for index in bytes.indices {
      bytes[index] ^= 1
      #expect(ContentHash.hash(bytes) != original)
      bytes[index] ^= 1
    }
  }
}
