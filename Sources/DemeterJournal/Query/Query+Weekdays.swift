extension Query {
  /// The query as a choice of whole dates and a choice of entries (manual: queries): the weekdays
  /// (ISO, Monday = 1) an entry's date must fall on, nil for any, and what else the entry must
  /// satisfy, nil for nothing. An entry matches the query exactly when its date's weekday is one of
  /// `weekdays` and it matches `entries`. A query that reads only weekdays (`weekend`,
  /// `weekday:mon or weekday:fri`), or ANDs such parts with others (`meal:dinner weekend`), splits;
  /// any other query is all `entries`.
  package var weekdaySplit: (weekdays: Set<Int>?, entries: Query?) {
    if let days = weekdaysRead { return (days, nil) }
    guard case .all(let parts) = self else { return (nil, self) }
    var weekdays: Set<Int>?
    var rest: [Query] = []
    for part in parts {
      if let days = part.weekdaysRead {
        weekdays = weekdays?.intersection(days) ?? days
      } else {
        rest.append(part)
      }
    }
    return (weekdays, rest.isEmpty ? nil : rest.count == 1 ? rest[0] : .all(rest))
  }

  /// The weekdays on which the query holds, when it reads nothing but the weekday.
  private var weekdaysRead: Set<Int>? {
    switch self {
    case .term(.weekdays(let days)): days
    case .term: nil
    case .all(let parts): parts.reduce(Set(1...7) as Set<Int>?) { days, part in
        days.flatMap { days in part.weekdaysRead.map { days.intersection($0) } }
      }
    case .any(let choices): choices.reduce(Set<Int>() as Set<Int>?) { days, choice in
        days.flatMap { days in choice.weekdaysRead.map { days.union($0) } }
      }
    case .not(let inner): inner.weekdaysRead.map { Set(1...7).subtracting($0) }
    }
  }
}
