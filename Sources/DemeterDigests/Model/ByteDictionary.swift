import DemeterFoundation

/// Dictionary coding of byte strings: each distinct string (compared byte for byte) gets a dense
/// code in order of first appearance. Lookups allocate nothing and no `String` is made, so the
/// journal reader can code names straight from the file's bytes.
package struct ByteDictionary: Sendable {
  /// Every string's bytes, one after another; string `c` ends at `ends[c]`.
  private var bytes: [UInt8] = []
  private var ends: [Int] = []
  /// Open addressing, at most half full; each slot holds a string's hash in its high 32 bits and
  /// its code + 1 in the low ones (0 = empty), so most mismatches are found without its bytes.
  private var slots: [UInt64] = []
  /// The code found last (a run of entries often repeats a name, such as a meal), or -1.
  private var last: Int32 = -1

  package var count: Int { ends.count }

  /// The code of `string`, adding it if new.
  /// - Complexity: O(n) in the string's length, expected.
  package mutating func code(for string: UnsafeBufferPointer<UInt8>) -> Int32 {
    if last >= 0, equals(Int(last), string) { return last }
    let hash = ShortHash.hash(string)
    if let found = lookup(string, hash: hash) {
      last = found
      return found
    }
    let code = Int32(ends.count)
    last = code
    bytes.append(contentsOf: string)
    ends.append(bytes.count)
    if ends.count * 2 > slots.count {
      rebuildSlots(capacity: max(16, slots.count * 2))
    } else {
      insert(code, hash: hash)
    }
    return code
  }

  /// Calls `body` with the bytes of the string coded `code`.
  package func withBytes<Result>(of code: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    let start = code == 0 ? 0 : ends[Int(code) - 1]
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[Int(code)]])) }
  }

  private static let codeBits: UInt64 = 0xFFFF_FFFF

  private func lookup(_ string: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
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
          if equals(code, string) { return Int32(code) }
        }
        position = (position + 1) & mask
      }
    }
  }

  private func equals(_ code: Int, _ string: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = code == 0 ? 0 : ends[code - 1]
    guard ends[code] - start == string.count else { return false }
    return bytes.withUnsafeBufferPointer { stored in
      guard let base = string.baseAddress, string.count > 0 else { return true }
      return Self.same(
        UnsafeRawPointer(stored.baseAddress! + start), UnsafeRawPointer(base), count: string.count)
    }
  }

  /// Whether `count` bytes at `a` and `b` are equal, compared eight at a time (short names make a
  /// call to `memcmp` cost more than the comparison).
  @inline(__always)
  private static func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    var offset = 0
    while offset + 8 <= count {
      guard a.littleEndianWord(at: offset) == b.littleEndianWord(at: offset) else { return false }
      offset += 8
    }
    while offset < count {
      guard a.load(fromByteOffset: offset, as: UInt8.self) == b.load(fromByteOffset: offset, as: UInt8.self)
      else {
        return false
      }
      offset += 1
    }
    return true
  }

  private mutating func insert(_ code: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var position = Int(truncatingIfNeeded: hash) & mask
    while slots[position] != 0 { position = (position + 1) & mask }
    slots[position] = hash & ~Self.codeBits | UInt64(code + 1)
  }

  private mutating func rebuildSlots(capacity: Int) {
    slots = [UInt64](repeating: 0, count: capacity)
    let bytes = bytes
    bytes.withUnsafeBufferPointer { all in
      var start = 0
      for (code, end) in ends.enumerated() {
        insert(Int32(code), hash: ShortHash.hash(UnsafeBufferPointer(rebasing: all[start..<end])))
        start = end
      }
    }
  }
}
