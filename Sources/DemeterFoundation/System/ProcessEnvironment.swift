#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The environment variables of this process, read with `getenv` and `environ`, or the ones a
/// command run in-process is given (`replacement`).
public enum ProcessEnvironment {
  /// The variables that stand for the process's own while bound (a test that runs a command
  /// in-process binds them with `$replacement.withValue`); nil: the process's own.
  @TaskLocal public static var replacement: [String: String]?

  /// The value of `name`, or nil when it is not set.
  public static func value(_ name: String) -> String? {
    if let replacement { return replacement[name] }
    return processValue(name)
  }

  /// The value of `name` in the process's own environment, whatever `replacement` holds: for what
  /// is read once for the whole process (the machine's time zone, `LocalTimeZone`).
  public static func processValue(_ name: String) -> String? {
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
    if let replacement { return replacement.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
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
