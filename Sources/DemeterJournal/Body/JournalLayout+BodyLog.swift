import DemeterFoundation

extension JournalLayout {
  /// The body log's name (`BodyLog`): not a day file's name, so the search of day files passes it.
  public static let bodyLogFileName = "body.jsonl"

  /// `<journal>/body.jsonl`.
  public var bodyLog: String { Self.join(journal, Self.bodyLogFileName) }
}

extension FileSizeLimit {
  /// The body log: 256 MiB, as a day file (a weigh-in a day for a lifetime is a few MiB).
  public static let bodyLog = FileSizeLimit(bytes: 256 << 20, kind: "a body log")
}
