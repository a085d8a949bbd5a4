extension ZoneInfoDatabase {
  /// Where a legacy name's offsets come from.
  package enum LegacyTarget: Sendable {
    /// The zone the name has always stood for.
    case zone(String)
    /// A POSIX rule (the `SystemV/` zones keep the US rules of 1976–1986 forever).
    case rule(String)
  }

  /// Zone names that ICU (and so Foundation's `TimeZone`, which the tool used before) accepts
  /// although the tz database no longer ships them: the three-letter ids of old Java versions, the
  /// `SystemV/` zones (the same as Foundation's from 1976 on; ICU also has the US emergency daylight
  /// saving time of 1974–1975 in them) and two withdrawn links.
  /// `Tests/DemeterCoreTests/Time/Zones/ZoneDifferentialTests.swift` checks each against Foundation.
  package static let legacyAliases: [(name: String, target: LegacyTarget)] = [
    ("ACT", .zone("Australia/Darwin")), ("AET", .zone("Australia/Sydney")),
    ("AGT", .zone("America/Argentina/Buenos_Aires")), ("ART", .zone("Africa/Cairo")),
    ("AST", .zone("America/Anchorage")), ("BET", .zone("America/Sao_Paulo")), ("BST", .zone("Asia/Dhaka")),
    ("CAT", .zone("Africa/Maputo")), ("CNT", .zone("America/St_Johns")), ("CST", .zone("America/Chicago")),
    ("CTT", .zone("Asia/Shanghai")), ("EAT", .zone("Africa/Nairobi")), ("ECT", .zone("Europe/Paris")),
    ("IET", .zone("America/Indiana/Indianapolis")), ("IST", .zone("Asia/Kolkata")),
    ("JST", .zone("Asia/Tokyo")), ("MIT", .zone("Pacific/Apia")), ("NET", .zone("Asia/Yerevan")),
    ("NST", .zone("Pacific/Auckland")), ("PLT", .zone("Asia/Karachi")), ("PNT", .zone("America/Phoenix")),
    ("PRT", .zone("America/Puerto_Rico")), ("PST", .zone("America/Los_Angeles")),
    ("SST", .zone("Pacific/Guadalcanal")), ("VST", .zone("Asia/Ho_Chi_Minh")),
    ("SystemV/AST4", .rule("AST4")), ("SystemV/AST4ADT", .rule("AST4ADT,M4.5.0,M10.5.0")),
    ("SystemV/CST6", .rule("CST6")), ("SystemV/CST6CDT", .rule("CST6CDT,M4.5.0,M10.5.0")),
    ("SystemV/EST5", .rule("EST5")), ("SystemV/EST5EDT", .rule("EST5EDT,M4.5.0,M10.5.0")),
    ("SystemV/HST10", .rule("HST10")), ("SystemV/MST7", .rule("MST7")),
    ("SystemV/MST7MDT", .rule("MST7MDT,M4.5.0,M10.5.0")), ("SystemV/PST8", .rule("PST8")),
    ("SystemV/PST8PDT", .rule("PST8PDT,M4.5.0,M10.5.0")), ("SystemV/YST9", .rule("YST9")),
    ("SystemV/YST9YDT", .rule("YST9YDT,M4.5.0,M10.5.0")),
    ("Canada/East-Saskatchewan", .zone("America/Regina")), ("US/Pacific-New", .zone("America/Los_Angeles")),
  ]

  /// The rules of the legacy name `name`, or nil when it is not one.
  func legacyRules(_ name: String) -> ZoneRules? {
    switch Self.legacyAliases.first(where: { $0.name == name })?.target {
    case .zone(let zone): return Self.read(directory + "/" + zone)
    case .rule(let text): return POSIXTimeZoneRule(parsing: text).map { ZoneRules($0) }
    case nil: return nil
    }
  }
}
