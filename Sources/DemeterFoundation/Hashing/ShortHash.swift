/// A quick hash for the short strings of a table's dictionaries (food names, units, ids of
/// ingredients): a few overlapping 8-byte reads folded by 128-bit multiplies, in the manner of
/// wyhash. Its values are only used in memory, never stored, so it may change between versions.
@usableFromInline package enum ShortHash {
  /// The hash of `bytes`.
  /// - Complexity: O(n), one multiply per eight bytes.
  @inlinable @inline(__always)
  package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return mix(secret0, secret1) }
    let raw = UnsafeRawPointer(base)
    let length = UInt64(count)
    if count < 4 {
      let packed = UInt64(base[0]) << 16 | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1])
      return mix(packed ^ secret0, length ^ secret1)
    }
    if count < 8 {
      let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      return mix(first << 32 | last ^ secret0, length ^ secret1)
    }
    var state = length ^ secret0
    var offset = 0
    while offset + 8 < count {
      state = mix(state ^ raw.littleEndianWord(at: offset), secret1)
      offset += 8
    }
    // The last eight bytes, overlapping what came before when the length is not a multiple of 8.
    return mix(state ^ raw.littleEndianWord(at: count - 8), length ^ secret1)
  }

  @usableFromInline static let secret0: UInt64 = 0xA076_1D64_78BD_642F
  @usableFromInline static let secret1: UInt64 = 0xE703_7ED1_A0B4_28DB


  /// Both halves of the full product, folded together.
  @inline(__always)
  @usableFromInline static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }
}
