/// Dictionary coding for a repeated string column: each distinct string (compared byte for byte
/// as UTF-8) gets a dense code in order of first appearance. Lookups by UTF-8 bytes allocate
/// nothing, so the journal reader can code strings straight from the file's bytes.
public struct StringDictionary: Sendable {
  public private(set) var strings: [String] = []
  /// Every string's UTF-8 bytes, one after another; string `c` ends at `ends[c]`.
  private var utf8: [UInt8] = []
  private var ends: [Int] = []
  /// Open addressing, at most half full; each slot holds a string's hash in its high 32 bits and
  /// its code + 1 in the low ones (0 = empty), so most mismatches are found without its bytes.
  private var slots: [UInt64] = []

  public init() {}

  /// The code of `string`, adding it if new.
  public mutating func code(for string: String) -> Int32 {
    var string = string
    return string.withUTF8 { code(forUTF8: $0) }
  }

  /// The code of the string whose (valid) UTF-8 bytes are `bytes`, adding it if new.
  /// - Complexity: O(n) in the string's length, expected.
  public mutating func code(forUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let hash = ShortHash.hash(bytes)
    if let found = lookup(bytes, hash: hash) { return found }
    let code = Int32(strings.count)
    strings.append(String(decoding: bytes, as: UTF8.self))
    utf8.append(contentsOf: bytes)
    ends.append(utf8.count)
    if strings.count * 2 > slots.count {
      rebuildSlots(capacity: max(16, slots.count * 2))
    } else {
      insert(code, hash: hash)
    }
    return code
  }

  public subscript(code: Int32) -> String { strings[Int(code)] }

  public var count: Int { strings.count }

  private static let codeBits: UInt64 = 0xFFFF_FFFF

  private func lookup(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
    slots.withUnsafeBufferPointer { slots in
      guard !slots.isEmpty else { return nil }
      let mask = slots.count - 1
      let tag = hash & ~Self.codeBits
      var position = Int(truncatingIfNeeded: hash) & mask
      while true {
        let slot = slots[position]
        if slot == 0 { return nil }
        if slot & ~Self.codeBits == tag {
          let code = Int(slot & Self.codeBits) - 1
          if equals(code, bytes) { return Int32(code) }
        }
        position = (position + 1) & mask
      }
    }
  }

  private func equals(_ code: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = code == 0 ? 0 : ends[code - 1]
    guard ends[code] - start == bytes.count else { return false }
    return utf8.withUnsafeBufferPointer { stored in
      guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
      return memcmp(stored.baseAddress! + start, base, bytes.count) == 0
    }
  }

  private mutating func insert(_ code: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var position = Int(truncatingIfNeeded: hash) & mask
    while slots[position] != 0 { position = (position + 1) & mask }
    slots[position] = hash & ~Self.codeBits | UInt64(code + 1)
  }

  private mutating func rebuildSlots(capacity: Int) {
    slots = [UInt64](repeating: 0, count: capacity)
    let utf8 = utf8
    utf8.withUnsafeBufferPointer { all in
      var start = 0
      for (code, end) in ends.enumerated() {
        insert(Int32(code), hash: ShortHash.hash(UnsafeBufferPointer(rebasing: all[start..<end])))
        start = end
      }
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
