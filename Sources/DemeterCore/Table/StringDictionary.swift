/// Dictionary coding for a repeated string column: each distinct string gets a dense code
/// in order of first appearance.
public struct StringDictionary: Sendable {
  public private(set) var strings: [String] = []
  private var codes: [String: Int32] = [:]

  public init() {}

  /// The code of `string`, adding it if new.
  public mutating func code(for string: String) -> Int32 {
    if let code = codes[string] { return code }
    let code = Int32(strings.count)
    strings.append(string)
    codes[string] = code
    return code
  }

  public subscript(code: Int32) -> String { strings[Int(code)] }

  public var count: Int { strings.count }
}
