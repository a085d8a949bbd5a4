import DemeterCore

extension JournalSource {
  /// The journal's body log (manual: body-log): the folder's `body.jsonl` (unknown keys listed when
  /// `listingUnknownKeys`), none for the sample.
  public func bodyLog(listingUnknownKeys: Bool = false) -> BodyLog {
    guard let layout else { return BodyLog() }
    return BodyLog.load(path: layout.bodyLog, listingUnknownKeys: listingUnknownKeys)
  }
}
