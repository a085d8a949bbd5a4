/// A fast, well-mixed 64-bit hash of a byte string, eight bytes at a time (not for security).
/// The same bytes give the same hash on every run and machine.
public enum ByteHash {
  private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

  /// The hash of `bytes`, continuing from `seed`.
  public static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    var state = seed ^ (UInt64(truncatingIfNeeded: bytes.count) &* multiplier)
    guard let base = bytes.baseAddress else { return finalize(state) }
    var offset = 0
    let count = bytes.count
    while offset + 8 <= count {
      let word = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      state = mix(state, word)
      offset += 8
    }
    if offset < count {
      var tail: UInt64 = 0
      withUnsafeMutableBytes(of: &tail) { target in
        target.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: count - offset))
      }
      state = mix(state, tail)
    }
    return finalize(state)
  }

  /// The hash of `bytes`.
  public static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64 = 0) -> UInt64 {
    hash(UnsafeRawBufferPointer(bytes), seed: seed)
  }

  @inline(__always)
  private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
    let product = (state ^ word).multipliedFullWidth(by: multiplier)
    return product.high ^ product.low
  }

  /// The final avalanche of MurmurHash3's fmix64.
  @inline(__always)
  private static func finalize(_ state: UInt64) -> UInt64 {
    var value = state
    value ^= value >> 33
    value &*= 0xFF51_AFD7_ED55_8CCD
    value ^= value >> 33
    value &*= 0xC4CE_B9FE_1A85_EC53
    value ^= value >> 33
    return value
  }
}
