/// A fast 64-bit hash of bytes: XXH64 (Yann Collet's xxHash, 64-bit variant), written out here so the
/// package keeps no dependencies. It reads eight bytes at a time into four independent lanes, so it
/// runs at several GB/s; it is not cryptographic.
///
/// The parse cache uses it for a day file's content (to recognise an unchanged file after `touch` or
/// `git checkout`), for a cache file's checksum, for the option fingerprint and for cache file names;
/// the table's string dictionaries use it to find strings by their bytes.
/// The output is the published XXH64, so the tests check it against the reference vectors.
public enum ContentHash {
  /// The hash of `bytes` with `seed`.
  /// - Complexity: O(n), about one multiply per eight bytes.
  @inlinable package static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return avalanche(seed &+ prime5) }
    var offset = 0
    var hash: UInt64
    if count >= 32 {
      var lane1 = seed &+ prime1 &+ prime2
      var lane2 = seed &+ prime2
      var lane3 = seed
      var lane4 = seed &- prime1
      while offset + 32 <= count {
        lane1 = round(lane1, base.littleEndianWord(at: offset))
        lane2 = round(lane2, base.littleEndianWord(at: offset + 8))
        lane3 = round(lane3, base.littleEndianWord(at: offset + 16))
        lane4 = round(lane4, base.littleEndianWord(at: offset + 24))
        offset += 32
      }
      hash = rotate(lane1, 1) &+ rotate(lane2, 7) &+ rotate(lane3, 12) &+ rotate(lane4, 18)
      hash = merge(hash, lane1)
      hash = merge(hash, lane2)
      hash = merge(hash, lane3)
      hash = merge(hash, lane4)
    } else {
      hash = seed &+ prime5
    }
    hash &+= UInt64(count)
    while offset + 8 <= count {
      hash ^= round(0, base.littleEndianWord(at: offset))
      hash = rotate(hash, 27) &* prime1 &+ prime4
      offset += 8
    }
    if offset + 4 <= count {
      let half = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
      hash ^= UInt64(half) &* prime1
      hash = rotate(hash, 23) &* prime2 &+ prime3
      offset += 4
    }
    while offset < count {
      hash ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* prime5
      hash = rotate(hash, 11) &* prime1
      offset += 1
    }
    return avalanche(hash)
  }

  /// The hash of an array's bytes.
  public static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBytes { hash($0, seed: seed) }
  }

  /// The hash of a string's UTF-8 bytes.
  public static func hash(_ text: String, seed: UInt64 = 0) -> UInt64 {
    var text = text
    return text.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
  }

  // MARK: - Steps

  @usableFromInline static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  @usableFromInline static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  @usableFromInline static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  @usableFromInline static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  @usableFromInline static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5


  @inline(__always)
  @usableFromInline static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
  }

  @inline(__always)
  @usableFromInline static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
    rotate(lane &+ input &* prime2, 31) &* prime1
  }

  @inline(__always)
  @usableFromInline static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
    (hash ^ round(0, lane)) &* prime1 &+ prime4
  }

  @inline(__always)
  @usableFromInline static func avalanche(_ value: UInt64) -> UInt64 {
    var hash = value
    hash ^= hash >> 33
    hash &*= prime2
    hash ^= hash >> 29
    hash &*= prime3
    hash ^= hash >> 32
    return hash
  }
}
