/// The machine's time zone: for `--tz local`, for "today", and for `add`'s default time.
///
/// Found once per process, the way the C library finds it:
/// 1. `TZ`, when set and not empty, without a leading `:`: a zone name (`Europe/Paris`, read from
///    the zone database, see `ZoneInfoDatabase`), else an absolute path to a TZif file, else a
///    POSIX rule such as `EST5EDT,M3.2.0,M11.1.0` or `JST-9`;
/// 2. otherwise (no `TZ`, or one that is none of these), the TZif file `/etc/localtime`;
/// 3. otherwise UTC.
public enum LocalTimeZone {
  /// The machine's zone (read once).
  public static let rules: ZoneRules = find(
    tz: ProcessEnvironment.processValue("TZ"), localtime: "/etc/localtime", database: .system)

  /// The zone that `tz` (the value of `TZ`) and the file `localtime` give, names read from `database`.
  package static func find(tz: String?, localtime: String, database: ZoneInfoDatabase) -> ZoneRules {
    if var tz, !tz.isEmpty {
      if tz.hasPrefix(":") { tz.removeFirst() }
      if let rules = database.rules(named: tz) { return rules }
      if tz.hasPrefix("/"), let rules = ZoneInfoDatabase.read(tz) { return rules }
      if let rule = POSIXTimeZoneRule(parsing: tz) { return ZoneRules(rule) }
    }
    return ZoneInfoDatabase.read(localtime) ?? .utc
  }
}
