/// The members of a Mustache object, by name. Objects in a report context are small (a handful of
/// members) and made by the thousand, so members are kept in one array, in the order they were set,
/// and found by comparing names; two objects with the same members are equal in any order.
public struct MustacheObject: Sendable, Hashable {
  private struct Member: Sendable, Hashable {
    var name: String
    var value: MustacheValue
  }

  private var members: [Member] = []

  /// An empty object with room for `capacity` members.
  public init(capacity: Int = 0) {
    members.reserveCapacity(capacity)
  }

  /// The members of `dictionary`, in the order of their names.
  public init(_ dictionary: [String: MustacheValue]) {
    members = dictionary.sorted { $0.key < $1.key }.map { Member(name: $0.key, value: $0.value) }
  }

  /// The member `name`; setting it replaces the member, or adds it after the others.
  public subscript(name: String) -> MustacheValue? {
    get { members.first { $0.name == name }?.value }
    set {
      guard let index = members.firstIndex(where: { $0.name == name }) else {
        if let newValue { append(name, newValue) }
        return
      }
      if let newValue {
        members[index].value = newValue
      } else {
        members.remove(at: index)
      }
    }
  }

  public var count: Int { members.count }

  /// The members as a dictionary.
  public var dictionary: [String: MustacheValue] {
    Dictionary(uniqueKeysWithValues: members.map { ($0.name, $0.value) })
  }

  /// Adds a member whose name is not yet in the object.
  mutating func append(_ name: String, _ value: MustacheValue) {
    members.append(Member(name: name, value: value))
  }

  public static func == (a: MustacheObject, b: MustacheObject) -> Bool {
    a.count == b.count && a.members.allSatisfy { b[$0.name] == $0.value }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(dictionary)
  }
}

extension MustacheObject: ExpressibleByDictionaryLiteral {
  /// An object; a repeated name keeps its last value.
  public init(dictionaryLiteral elements: (String, MustacheValue)...) {
    self.init(capacity: elements.count)
    for (name, value) in elements { self[name] = value }
  }
}
