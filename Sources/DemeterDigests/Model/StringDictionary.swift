/// Dictionary coding for a repeated string column: each distinct string (compared byte for byte
/// as UTF-8) gets a dense code in order of first appearance, and is kept as a `String` for
/// reading. Lookups by UTF-8 bytes allocate nothing, so the journal reader can code strings
/// straight from the file's bytes.
public struct StringDictionary: Sendable {
  public private(set) var strings: [String] = []
  private var codes = ByteDictionary()

  public init() {}

  /// The code of `string`, adding it if new.
  public mutating func code(for string: String) -> Int32 {
    var string = string
    return string.withUTF8 { code(forUTF8: $0) }
  }

  /// The code of the string whose (valid) UTF-8 bytes are `bytes`, adding it if new.
  /// - Complexity: O(n) in the string's length, expected.
  package mutating func code(forUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
    let code = codes.code(for: bytes)
    if Int(code) == strings.count { strings.append(String(decoding: bytes, as: UTF8.self)) }
    return code
  }

  public subscript(code: Int32) -> String { strings[Int(code)] }

  public var count: Int { strings.count }
}
