import Synchronization

/// The IANA time zone database installed on the machine: one TZif file per zone under
/// `$TZDIR` (when set and not empty), else `/usr/share/zoneinfo`.
///
/// A zone is named by its path below that folder (`Europe/Paris`, `America/Argentina/Salta`,
/// `UTC`, `Etc/GMT+5`); the names that Foundation's `TimeZone` refuses are refused too: absolute
/// paths, `.` and `..`, empty components, the `posix/` and `right/` copies, `localtime`,
/// `posixrules` and files that are not TZif. A few legacy names that ICU still accepts but the
/// database no longer ships (`PST`, `IST`, `SystemV/EST5EDT` …) stand for the zone they always
/// meant (`ZoneInfoDatabase+Aliases.swift`). Each zone's file is read once per process.
public final class ZoneInfoDatabase: Sendable {
  /// The folder of TZif files.
  public let directory: String
  private let cache = Mutex<[String: ZoneRules?]>([:])

  public init(directory: String) {
    self.directory = directory
  }

  /// The machine's database: `$TZDIR`, else `/usr/share/zoneinfo`.
  public static let system = ZoneInfoDatabase(
    directory: ProcessEnvironment.value("TZDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo")

  /// The rules of the zone `name`, or nil when there is no such zone (or its file is not TZif).
  public func rules(named name: String) -> ZoneRules? {
    if let cached = cache.withLock({ $0[name] }) { return cached }
    let rules = load(name)
    cache.withLock { $0[name] = rules }
    return rules
  }

  /// The database's spelling of `name`, ignoring ASCII letter case (`europe/berlin` →
  /// `Europe/Berlin`), or nil when it names no zone. An exact spelling wins over others.
  public func identifier(matching name: String) -> String? {
    guard Self.isValidName(name) else { return nil }
    if rules(named: name) != nil { return name }
    let lower = name.lowercased()
    if let alias = Self.legacyAliases.first(where: { $0.name.lowercased() == lower }) { return alias.name }
    var folder = directory
    var spelled: [String] = []
    for component in name.split(separator: "/") {
      let wanted = component.lowercased()
      guard let entries = DirectoryEntries.names(in: folder) else { return nil }
      let matches = entries.filter { $0.lowercased() == wanted }.sorted()
      guard let match = matches.first(where: { $0 == component }) ?? matches.first else { return nil }
      spelled.append(match)
      folder += "/" + match
    }
    let candidate = spelled.joined(separator: "/")
    return Self.isValidName(candidate) && rules(named: candidate) != nil ? candidate : nil
  }

  /// Whether `name` may name a zone file: letters, digits and `._+-` in components joined by `/`,
  /// none empty or starting with `.`, not an absolute path, not in `posix/` or `right/`, not
  /// `localtime` or `posixrules`.
  public static func isValidName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 255 else { return false }
    let components = name.split(separator: "/", omittingEmptySubsequences: false)
    guard
      components.allSatisfy({ component in
        !component.isEmpty && !component.hasPrefix(".")
          && component.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
              || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
              || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
              || byte == UInt8(ascii: ".")
          }
      })
    else { return false }
    return !["posix", "right"].contains(components[0]) && !["localtime", "posixrules"].contains(name)
  }

  // MARK: - Loading

  /// Reads the zone's file, or the file of the zone a legacy alias stands for.
  private func load(_ name: String) -> ZoneRules? {
    guard Self.isValidName(name) else { return nil }
    return Self.read(directory + "/" + name) ?? legacyRules(name)
  }

  /// The rules of the TZif file at `path`, or nil when it cannot be read or is not TZif.
  package static func read(_ path: String) -> ZoneRules? {
    guard let bytes = try? FileBytes.read(path, limit: .timeZone), let tzif = try? TZif(parsing: bytes) else {
      return nil
    }
    return ZoneRules(tzif)
  }
}
