/// 64-bit hashes grouped by their top bits, filled by one thread in one pass: each bucket has room
/// for a little more than its expected share, and hashes past that room go to a spill list, which
/// `finish()` sorts by bucket. (A count pass first would read every hash twice.)
package struct HashBuckets: Sendable {
  /// How many buckets there are (a power of two).
  package let count: Int
  /// Room per bucket in `hashes`.
  private let room: Int
  private let bucketBits: Int
  /// Bucket `b` holds `hashes[b * room ..< b * room + filled[b]]`.
  private var hashes: [UInt64]
  private var filled: [Int]
  /// Hashes of full buckets, sorted by bucket once filling ends.
  private var spill: [UInt64] = []
  /// Where each bucket's spilled hashes start in `spill` (and, last, its count) once filling ends;
  /// empty when nothing spilled.
  private var spillStarts: [Int] = []

  /// Empty buckets for about `expected` hashes, `1 << bucketBits` of them (`bucketBits` ≤ 32).
  package init(bucketBits: Int, expected: Int) {
    self.bucketBits = bucketBits
    count = 1 << bucketBits
    let share = expected / count
    // Four standard deviations of a bucket's share (binomial, about √share) and a little more.
    var root = 1
    while root * root < share { root += 1 }
    room = share + 4 * root + 16
    let slots = count * room
    hashes = [UInt64](unsafeUninitializedCapacity: slots) { _, initialized in initialized = slots }
    filled = [Int](repeating: 0, count: count)
  }

  /// The bucket of `hash`: its top `bucketBits` bits (0 when there are none).
  @inline(__always)
  package static func bucket(of hash: UInt64, bucketBits: Int) -> Int {
    Int(truncatingIfNeeded: (hash &>> 1) &>> UInt64(truncatingIfNeeded: 63 &- bucketBits))
  }

  /// Adds every hash of `list`.
  package mutating func add(_ list: [UInt64]) {
    let (room, bucketBits) = (room, bucketBits)
    list.withUnsafeBufferPointer { list in
      hashes.withUnsafeMutableBufferPointer { hashes in
        filled.withUnsafeMutableBufferPointer { filled in
          for hash in list {
            let bucket = Self.bucket(of: hash, bucketBits: bucketBits)
            let taken = filled[bucket]
            if taken < room {
              hashes[bucket &* room &+ taken] = hash
              filled[bucket] = taken &+ 1
            } else {
              spill.append(hash)
            }
          }
        }
      }
    }
  }

  /// Ends filling: orders the spill list by bucket (a counting sort).
  package mutating func finish() {
    guard !spill.isEmpty else { return }
    let bucketBits = bucketBits
    var starts = [Int](repeating: 0, count: count + 1)
    for hash in spill { starts[Self.bucket(of: hash, bucketBits: bucketBits) + 1] += 1 }
    for bucket in 0..<count { starts[bucket + 1] += starts[bucket] }
    var next = starts
    var ordered = spill
    for hash in spill {
      let bucket = Self.bucket(of: hash, bucketBits: bucketBits)
      ordered[next[bucket]] = hash
      next[bucket] += 1
    }
    spill = ordered
    spillStarts = starts
  }

  /// Calls `body` with the hashes of `bucket` held in its room, then with those spilled, if any.
  func forEachPart(of bucket: Int, _ body: (UnsafeBufferPointer<UInt64>) -> Void) {
    hashes.withUnsafeBufferPointer { hashes in
      body(UnsafeBufferPointer(rebasing: hashes[bucket * room..<(bucket * room + filled[bucket])]))
    }
    guard !spillStarts.isEmpty, spillStarts[bucket] < spillStarts[bucket + 1] else { return }
    spill.withUnsafeBufferPointer { spill in
      body(UnsafeBufferPointer(rebasing: spill[spillStarts[bucket]..<spillStarts[bucket + 1]]))
    }
  }
}
