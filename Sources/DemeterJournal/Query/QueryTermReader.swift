import DemeterFoundation

/// Reads one word of a query into its term (`QueryTerm`), its problems located in the query's text.
struct QueryTermReader {
  /// The query's text, and where the word is in it (characters).
  let text: String
  let offset: Int
  let length: Int

  func term(_ word: String) throws(QueryError) -> QueryTerm {
    let lowered = word.lowercased()
    if let day = QueryField.dayWords.first(where: { $0.word == lowered }) { return .weekdays(day.weekdays) }
    guard let colon = word.firstIndex(of: ":") else {
      let suggestion = Suggestion.closest(to: lowered, among: QueryField.allNames)
      throw problem(
        "'\(word)' is not a term" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
          + "; a term is FIELD:VALUE (food:\(word)), weekend or weekdays", at: 0, length: word.count)
    }
    let name = word[..<colon].lowercased()
    let value = String(word[word.index(after: colon)...])
    let valueOffset = name.count + 1
    guard !value.isEmpty else {
      throw problem("'\(name):' needs a value", at: 0, length: valueOffset)
    }
    if let field = QueryField(rawValue: name) {
      return try term(field, value, at: valueOffset)
    }
    if let nutrient = QueryField.nutrientNames.first(where: { $0.name == name })?.nutrient {
      return .nutrient(ordinal: nutrient.ordinal, try comparison(value, at: valueOffset))
    }
    if name.contains("_"), !name.contains(where: \.isWhitespace) {
      return .micronutrient(Array(name.utf8), try comparison(value, at: valueOffset))
    }
    let suggestion = Suggestion.closest(to: name, among: QueryField.allNames)
    throw problem(
      "unknown field '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
        + "; fields: \(QueryField.allCases.map(\.rawValue).joined(separator: ", ")), a nutrient "
        + "(\(QueryField.nutrientNames.map(\.name).joined(separator: ", "))) or a micronutrient (sodium_mg)",
      at: 0, length: name.count)
  }

  private func problem(_ message: String, at start: Int, length: Int = 1) -> QueryError {
    QueryError(message, text: text, offset: offset + start, length: length)
  }

  private func term(_ field: QueryField, _ value: String, at start: Int) throws(QueryError) -> QueryTerm {
    switch field {
    case .food, .desc, .note:
      do {
        let pattern = try FoldedPattern(value)
        return .pattern(field == .food ? .food : field == .desc ? .description : .note, pattern)
      } catch {
        throw problem("\(field.rawValue): \(error.message)", at: start + error.offset)
      }
    case .meal: return .oneOf(.meal, try names(value, at: start))
    case .ingredient: return .oneOf(.ingredient, [NameFolding.folded(value)])
    case .tag: return .tag(try names(value, at: start))
    case .matched:
      switch value.lowercased() {
      case "yes": return .matched(true)
      case "no": return .matched(false)
      default: throw problem("matched: is yes or no (got '\(value)')", at: start, length: value.count)
      }
    case .conf: return .confidence(try comparison(value, at: start))
    case .weekday:
      var days = Set<Int>()
      var itemStart = start
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        let lowered = item.lowercased()
        guard lowered.count >= 3,
          let day = Period.weekdayNames.firstIndex(where: { $0.hasPrefix(lowered) })
        else {
          throw problem(
            "'\(item)' is not a weekday (mon, tue, wed, thu, fri, sat, sun, or the whole name)",
            at: itemStart, length: item.count)
        }
        days.insert(day + 1)
        itemStart += item.count + 1
      }
      return .weekdays(days)
    case .time:
      let parts = value.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count <= 2, let first = minute(parts[0]), let last = minute(parts.last!) else {
        throw problem(
          "time: is HH:MM-HH:MM, local time from the first minute to the last, inclusive (got '\(value)')",
          at: start, length: value.count)
      }
      return .time(first: first * 60, last: last * 60 + 59)
    case .id: return .idPrefix(NameFolding.folded(value))
    }
  }

  /// The names of a comma-separated list, folded.
  private func names(_ value: String, at start: Int) throws(QueryError) -> [String] {
    let names = value.split(separator: ",", omittingEmptySubsequences: false)
    if let empty = names.firstIndex(where: \.isEmpty) {
      let before = names[..<empty].reduce(0) { $0 + $1.count + 1 }
      throw problem("an empty name in the list", at: start + before)
    }
    return names.map { NameFolding.folded(String($0)) }
  }

  /// The minute of the day `HH:MM` gives.
  private func minute(_ text: Substring) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
    else { return nil }
    return hour * 60 + minute
  }

  /// `<`, `<=`, `>`, `>=`, `=` or nothing (equal) and a number, read exactly.
  private func comparison(_ value: String, at start: Int) throws(QueryError) -> QueryComparison {
    let comparison =
      QueryComparison.Operator.allCases.first { value.hasPrefix($0.rawValue) } ?? .equal
    let written = value.hasPrefix(comparison.rawValue) ? comparison.rawValue.count : 0
    let number = String(value.dropFirst(written))
    let numberStart = start + written
    let bad = problem(
      "'\(number)' is not a number: a comparison is <, <=, >, >= or = and a number (kcal:>500, conf:<0.6)",
      at: numberStart, length: number.count)
    // A plain decimal: JSON's number without an exponent.
    guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }),
      (try? JSONParser().parse(number)) != nil
    else { throw bad }
    switch FixedDecimal.read(jsonNumber: number) {
    case .exact(let decimal): return QueryComparison(comparison: comparison, value: decimal)
    case .rounded:
      throw problem("'\(number)' has more than nine decimals", at: numberStart, length: number.count)
    case .outOfRange:
      throw problem(
        "'\(number)' is too large (at most \(FixedDecimal.largest))", at: numberStart, length: number.count)
    }
  }
}
