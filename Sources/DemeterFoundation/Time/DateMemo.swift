/// The date last read from the first ten bytes of a timestamp (`YYYY-MM-DD`), so a run of
/// timestamps of one day reads its date once.
@usableFromInline package struct DateMemo {
  @usableFromInline var head: UInt64 = 0
  @usableFromInline var tail: UInt16 = 0
  @usableFromInline var date: CivilDate?

  /// A memo that remembers no date yet.
  package init() {}

  /// The date remembered for the first ten bytes of `bytes`, if they are the ones remembered.
  @inlinable @inline(__always)
  package func date(of bytes: UnsafeBufferPointer<UInt8>) -> CivilDate? {
    guard let date, bytes.count >= 10, let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    guard raw.littleEndianWord(at: 0) == head,
      UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)) == tail
    else { return nil }
    return date
  }

  /// Remembers `date` as read from the first ten bytes of `bytes`.
  mutating func remember(_ date: CivilDate, of bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 10, let base = bytes.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    head = raw.littleEndianWord(at: 0)
    tail = UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
    self.date = date
  }
}
