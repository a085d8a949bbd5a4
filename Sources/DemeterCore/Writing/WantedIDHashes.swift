/// The 64-bit hashes of the ids a write asks for, looked up millions of times (once per id the
/// journal's index holds): a bit per slot of the hashes' low bits answers most lookups at once; the
/// rest search the sorted hashes. About 10 bytes per hash.
struct WantedIDHashes {
  private let sorted: [UInt64]
  private let bits: [UInt64]
  private let slotMask: UInt64

  /// The hashes `hashes` (repeats allowed).
  init(_ hashes: some Sequence<UInt64>) {
    var sorted = hashes.sorted()
    var kept = 0
    for position in sorted.indices where kept == 0 || sorted[kept - 1] != sorted[position] {
      sorted[kept] = sorted[position]
      kept += 1
    }
    sorted.removeLast(sorted.count - kept)
    self.sorted = sorted
    var slots = 64
    while slots < sorted.count * 16 { slots <<= 1 }
    slotMask = UInt64(slots - 1)
    var bits = [UInt64](repeating: 0, count: slots / 64)
    for hash in sorted {
      let slot = hash & slotMask
      bits[Int(slot >> 6)] |= 1 << (slot & 63)
    }
    self.bits = bits
  }

  var isEmpty: Bool { sorted.isEmpty }

  func contains(_ hash: UInt64) -> Bool {
    let slot = hash & slotMask
    guard bits[Int(truncatingIfNeeded: slot >> 6)] & (1 << (slot & 63)) != 0 else { return false }
    let low = sorted.partitioningIndex { $0 >= hash }
    return low < sorted.count && sorted[low] == hash
  }
}
