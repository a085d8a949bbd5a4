#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment variables of this process, read with `getenv` and `environ`.
public enum ProcessEnvironment {
  /// The value of `name`, or nil when it is not set.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The value of `name`, or nil when it is not set or empty.
  public static func nonEmptyValue(_ name: String) -> String? {
    guard let value = value(name), !value.isEmpty else { return nil }
    return value
  }

  /// Every `NAME=value` entry, in the order of the environment block (entries without `=` are left
  /// out).
  public static func entries() -> [String] {
    var entries: [String] = []
    var pointer = environmentBlock()
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if text.utf8.contains(UInt8(ascii: "=")) { entries.append(text) }
      pointer += 1
    }
    return entries
  }

  private static func environmentBlock() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    #if canImport(Darwin)
      _NSGetEnviron().pointee!
    #else
      environ
    #endif
  }
}
