@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The entries' ids (UUIDs, the manual's `journal` topic) as 128-bit values, 16 bytes per row. The rare id written with
/// capital letters keeps its text as written, so every id reads back exactly. (Tables built by
/// hand may hold other texts as ids: those are kept as written too, with a hash as their value.)
public struct EntryIDColumn: Sendable {
  /// Each row's id as a number (letter case does not matter: equal ids have equal values).
  public private(set) var values: [UInt128] = []
  /// Row → text, for ids not written in lower case.
  private var writtenTexts: [Int: String] = [:]

  public init() {}

  /// A column from its parts (as `values` and `textsNotInLowerCase` give them).
  init(values: [UInt128], textsNotInLowerCase: [Int: String]) {
    self.values = values
    writtenTexts = textsNotInLowerCase
  }

  /// The ids kept as written (not in lower case), by row, in row order.
  var textsNotInLowerCase: [(row: Int, text: String)] {
    writtenTexts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  public var count: Int { values.count }

  /// The id of `row` as it was written.
  public subscript(row: Int) -> String {
    writtenTexts[row] ?? Self.lowercaseText(values[row])
  }

  /// Appends an id given as text.
  public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(utf8: $0) }
  }

  /// Appends an id given as UTF-8 text.
  package mutating func append(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let uuid = UUIDText.read(bytes) else {
      writtenTexts[values.count] = String(decoding: bytes, as: UTF8.self)
      values.append(Self.value(utf8: bytes))
      return
    }
    append(uuid: uuid.value, hasCapitals: uuid.hasCapitals, utf8: bytes)
  }

  /// An id's value: the UUID's number, or for other texts a hash of them.
  static func value(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UInt128 {
    UUIDText.read(bytes)?.value ?? UInt128(ContentHash.hash(UnsafeRawBufferPointer(bytes)))
  }

  /// Appends a UUID already read (`UUIDText.read(bytes)`).
  mutating func append(uuid: UInt128, hasCapitals: Bool, utf8 bytes: UnsafeBufferPointer<UInt8>) {
    if hasCapitals {
      writtenTexts[values.count] = String(decoding: bytes, as: UTF8.self)
    }
    values.append(uuid)
  }

  /// Appends all of `other`'s ids.
  public mutating func append(contentsOf other: EntryIDColumn) {
    let base = values.count
    for (row, text) in other.writtenTexts { writtenTexts[base + row] = text }
    values += other.values
  }

  mutating func reserveCapacity(_ rows: Int) {
    values.reserveCapacity(rows)
  }

  /// The ids of `rows`, in that order.
  func picking(_ rows: [Int]) -> EntryIDColumn {
    var picked = EntryIDColumn()
    picked.values = rows.map { values[$0] }
    for (new, old) in rows.enumerated() {
      if let text = writtenTexts[old] { picked.writtenTexts[new] = text }
    }
    return picked
  }

  private static func lowercaseText(_ value: UInt128) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
    var remaining = value
    for position in stride(from: 35, through: 0, by: -1)
    where position != 8 && position != 13 && position != 18 && position != 23 {
      bytes[position] = digits[Int(remaining & 0xF)]
      remaining >>= 4
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
