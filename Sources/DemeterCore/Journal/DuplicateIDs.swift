/// Finds entries whose id appeared on an earlier row, ids compared case-insensitively (as UUIDs are),
/// without making a `String` per row: ids are hashed straight from the arena's bytes, the hashes
/// split by their top bits into partitions small enough for the processor's cache, and each partition
/// searched with a small open-addressing table. Only rows with equal hashes have their ids compared.
///
/// The parser only stores ids that are UUIDs, so ids are ASCII; a table with any other byte is checked
/// the plain way (a dictionary of lowercased strings), which gives the same answer.
enum DuplicateIDs {
  /// Every row whose id appeared on an earlier row, with the first row that has it, in row order.
  /// - Complexity: O(rows + id bytes), no allocation per row.
  static func find(_ ids: StringArena) -> [(row: Int, first: Int)] {
    let count = ids.count
    guard count > 1, count < Int(Int32.max) else { return count > 1 ? plain(ids) : [] }
    return ids.bytes.withUnsafeBufferPointer { bytes in
      ids.ends.withUnsafeBufferPointer { ends in
        guard let hashes = hashes(bytes, ends) else { return plain(ids) }
        return search(hashes, bytes, ends)
      }
    }
  }

  /// The plain way, for any ids: the first row of each lowercased id in a dictionary.
  static func plain(_ ids: StringArena) -> [(row: Int, first: Int)] {
    var firstRow: [String: Int] = [:]
    var found: [(row: Int, first: Int)] = []
    for row in 0..<ids.count {
      let key = ids[row].lowercased()
      if let first = firstRow[key] {
        found.append((row, first))
      } else {
        firstRow[key] = row
      }
    }
    return found
  }

  // MARK: - Steps

  /// The hash of each row's id with ASCII letters lowercased; nil if an id is not ASCII.
  private static func hashes(_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>)
    -> [UInt64]?
  {
    var scratch = [UInt8](repeating: 0, count: 64)
    var nonASCII: UInt8 = 0
    let hashes = [UInt64](unsafeUninitializedCapacity: ends.count) { output, initialized in
      var start = 0
      for row in 0..<ends.count {
        let end = ends[row]
        let length = end - start
        if scratch.count < length { scratch = [UInt8](repeating: 0, count: length) }
        output[row] = scratch.withUnsafeMutableBufferPointer { buffer in
          for index in 0..<length {
            let byte = bytes[start + index]
            nonASCII |= byte
            buffer[index] = lowercased(byte)
          }
          return ContentHash.hash(
            UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[0..<length])))
        }
        start = end
      }
      initialized = ends.count
    }
    return nonASCII & 0x80 == 0 ? hashes : nil
  }

  /// Whether two rows' ASCII ids are equal ignoring case.
  private static func sameID(
    _ a: Int, _ b: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>
  ) -> Bool {
    let startA = a == 0 ? 0 : ends[a - 1]
    let startB = b == 0 ? 0 : ends[b - 1]
    let length = ends[a] - startA
    guard ends[b] - startB == length else { return false }
    for index in 0..<length where lowercased(bytes[startA + index]) != lowercased(bytes[startB + index]) {
      return false
    }
    return true
  }

  @inline(__always)
  private static func lowercased(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }

  /// Partitions the rows by the top bits of their hash (keeping row order inside each), then finds
  /// equal ids inside each partition.
  private static func search(
    _ hashes: [UInt64], _ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>
  ) -> [(row: Int, first: Int)] {
    let count = hashes.count
    var partitionBits = 0
    while partitionBits < 16 && (count >> partitionBits) > 2048 { partitionBits += 1 }
    let shift = UInt64(64 - partitionBits)
    func partition(_ hash: UInt64) -> Int { partitionBits == 0 ? 0 : Int(hash >> shift) }
    var starts = [Int](repeating: 0, count: (1 << partitionBits) + 1)
    for hash in hashes { starts[partition(hash) + 1] += 1 }
    for index in 1..<starts.count { starts[index] += starts[index - 1] }
    var next = starts
    var rows = [Int32](repeating: 0, count: count)
    for (row, hash) in hashes.enumerated() {
      let slot = partition(hash)
      rows[next[slot]] = Int32(row)
      next[slot] += 1
    }
    var found: [(row: Int, first: Int)] = []
    var table: [Int32] = []
    for part in 0..<(1 << partitionBits) {
      let members = rows[starts[part]..<starts[part + 1]]
      guard members.count > 1 else { continue }
      var capacity = 4
      while capacity < members.count * 2 { capacity <<= 1 }
      let mask = capacity - 1
      table.removeAll(keepingCapacity: true)
      table.append(contentsOf: repeatElement(-1, count: capacity))
      for member in members {
        let row = Int(member)
        var slot = Int(truncatingIfNeeded: hashes[row]) & mask
        while true {
          let other = table[slot]
          if other < 0 {
            table[slot] = member
            break
          }
          if hashes[Int(other)] == hashes[row], sameID(Int(other), row, bytes, ends) {
            found.append((row, Int(other)))
            break
          }
          slot = (slot + 1) & mask
        }
      }
    }
    found.sort { $0.row < $1.row }
    return found
  }
}
