import DemeterCore
import DemeterReporting

/// `review` on a terminal (manual: reviewing): the entries to review shown one at a time, newest
/// first, each settled by one key: `a` accept, `m` match to a food, `e` edit the amount, `s` or
/// space skip, `q` quit, `?` help. Each change is written at once, through the journal's lock and
/// transaction (`ReportMaker.acceptReviewed`, `matchReviewed`, `rescaleReviewed`), so quitting keeps
/// what was done. The decisions are all here; the command line gives it the terminal.
public struct ReviewWalk<Terminal: ReviewTerminal> {
  /// What the walk reads keys from and writes to.
  public var terminal: Terminal
  let entries: FoodEntryRepository
  let catalog: IngredientCatalog
  let tolerance: EnergyConsistencyTolerance
  /// What the walk has done so far.
  public private(set) var tally = Tally()

  /// A walk on `terminal` of entries of `entries` (the journal's), matched to foods of `catalog`,
  /// their energy checked within `tolerance`.
  public init(
    terminal: Terminal, entries: FoodEntryRepository, catalog: IngredientCatalog,
    tolerance: EnergyConsistencyTolerance
  ) {
    self.terminal = terminal
    self.entries = entries
    self.catalog = catalog
    self.tolerance = tolerance
  }

  /// How many entries each way settled, and how many were left when the walk ended.
  public struct Tally: Sendable, Equatable {
    public var accepted: Int
    public var matched: Int
    public var edited: Int
    public var skipped: Int
    public var left: Int

    public init(accepted: Int = 0, matched: Int = 0, edited: Int = 0, skipped: Int = 0, left: Int = 0) {
      self.accepted = accepted
      self.matched = matched
      self.edited = edited
      self.skipped = skipped
      self.left = left
    }

    /// `3 accepted, 1 matched, 2 skipped` (the counts that are not 0), or `nothing reviewed`.
    public var summary: String {
      let parts = [("accepted", accepted), ("matched", matched), ("edited", edited), ("skipped", skipped)]
        .filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" } + (left > 0 ? ["\(left) left"] : [])
      return parts.isEmpty ? "nothing reviewed" : parts.joined(separator: ", ")
    }
  }

  /// The keys and what they do, as `?` shows them.
  public static var help: String {
    """
      a      accept: mark the entry reviewed, its values as they are
      m      match: type a food's name (or id), pick it by number; its nutrition replaces the entry's
      e      edit the amount: type the new quantity; the nutrition is scaled to it
      s      skip (space too): leave the entry to review
      q      quit: what was done is kept
      ?      this help

    """
  }

  /// Walks `queue` (newest first) until it ends or `q` is pressed, then writes the summary.
  /// - Throws: an I/O error when the journal cannot be written (what was written before stays).
  public mutating func walk(_ queue: [FlaggedEntry]) throws(CommandError) {
    if queue.isEmpty {
      terminal.write("Nothing to review.\n")
      return
    }
    terminal.write("\(count: queue.count, "entry", plural: "entries") to review; ? for the keys.\n")
    for (index, flagged) in queue.enumerated() {
      guard try settle(flagged, number: index + 1, of: queue.count) else {
        tally.left = queue.count - index
        break
      }
    }
    terminal.write(tally.summary + "\n")
  }

  /// Shows `flagged` and reads keys until one settles it; false when the walk is to end.
  private mutating func settle(_ flagged: FlaggedEntry, number: Int, of total: Int) throws(CommandError) -> Bool {
    let entry: FoodEntry
    do throws(ModelError) {
      guard let found = try entries.fetch(id: flagged.id) else {
        terminal.write("\(flagged.id) is no longer in the journal; skipped.\n")
        tally.skipped += 1
        return true
      }
      entry = found
    } catch {
      throw .writing(error)
    }
    terminal.write(Self.card(entry, flagged, number: number, of: total, tolerance))
    while true {
      terminal.write("[a]ccept [m]atch [e]dit amount [s]kip [q]uit [?] > ")
      guard let key = terminal.key() else {
        terminal.write("\n")
        return false
      }
      terminal.write(Self.keyText(key) + "\n")
      switch key {
      case UInt8(ascii: "a"):
        let repository = entries
        let accepted = try attempt { () throws(CommandError) in
          try ReportMaker.acceptReviewed([entry.id], in: repository)
        }
        if accepted != nil {
          terminal.write("accepted \(entry.id)\n")
          tally.accepted += 1
          return true
        }
      case UInt8(ascii: "m"):
        if try match(entry) {
          tally.matched += 1
          return true
        }
      case UInt8(ascii: "e"):
        if try edit(entry) {
          tally.edited += 1
          return true
        }
      case UInt8(ascii: "s"), UInt8(ascii: " "):
        tally.skipped += 1
        return true
      case UInt8(ascii: "q"), 4:
        return false
      case UInt8(ascii: "?"):
        terminal.write(Self.help)
      default:
        terminal.write("That key does nothing here; ? lists the keys.\n")
      }
    }
  }

  /// Asks for a food and matches `entry` to the one picked; false when nothing was matched.
  private mutating func match(_ entry: FoodEntry) throws(CommandError) -> Bool {
    terminal.write("Food name or id (Enter to go back): ")
    guard let wanted = terminal.line()?.trimmingSpacesAndNewlines(), !wanted.isEmpty else { return false }
    let food: Ingredient
    if let byID = catalog.ingredient(withID: wanted) {
      food = byID
    } else {
      let candidates = catalog.candidates(for: wanted)
      guard !candidates.isEmpty else {
        terminal.write("No food matches '\(TextEscaping.singleLine(wanted))'.\n")
        return false
      }
      terminal.write(FoodsTaken.candidates(candidates) + "\nNumber (Enter to go back): ")
      guard let text = terminal.line()?.trimmingSpacesAndNewlines(), !text.isEmpty else { return false }
      guard let picked = Int(text), candidates.indices.contains(picked - 1) else {
        terminal.write("Give a number from 1 to \(candidates.count).\n")
        return false
      }
      food = candidates[picked - 1].ingredient
    }
    let repository = entries
    guard
      let result = try attempt({ () throws(CommandError) in
        try ReportMaker.matchReviewed(entry.id, to: food, in: repository)
      })
    else { return false }
    let (matched, grams) = (result.entry, result.grams)
    terminal.write(
      "matched \(matched.id) to \(TextEscaping.singleLine(food.name)) (\(food.id)): "
        + "\(DecimalText.roundedTrimmed(matched.calories, decimals: 1)) kcal for "
        + "\(DecimalText.roundedTrimmed(grams, decimals: 1)) g\n")
    return true
  }

  /// Asks for a new amount and scales `entry` to it; false when nothing was changed.
  private mutating func edit(_ entry: FoodEntry) throws(CommandError) -> Bool {
    terminal.write(
      "New quantity in \(TextEscaping.singleLine(entry.unit)) (now \(DecimalText.shortest(entry.quantity)); "
        + "Enter to go back): ")
    guard let text = terminal.line()?.trimmingSpacesAndNewlines(), !text.isEmpty else { return false }
    let repository = entries
    guard
      let scaled = try attempt({ () throws(CommandError) in
        let number = try TypedNumber.read(text, named: "the quantity")
        return try ReportMaker.rescaleReviewed(entry.id, to: number.doubleValue, in: repository)
      })
    else { return false }
    terminal.write(
      "edited \(scaled.id): \(DecimalText.shortest(scaled.quantity)) \(TextEscaping.singleLine(scaled.unit)), "
        + "\(DecimalText.roundedTrimmed(scaled.calories, decimals: 1)) kcal\n")
    return true
  }

  /// `write`'s result; nil when it was refused (a usage error: said, and the entry stays on screen).
  /// - Throws: any other error, which ends the walk.
  private mutating func attempt<Value>(_ write: () throws(CommandError) -> Value) throws(CommandError) -> Value? {
    do throws(CommandError) {
      return try write()
    } catch {
      guard case .usage(let message) = error else { throw error }
      terminal.write(TerminalSafeText.escapedLines(message) + "\n")
      return nil
    }
  }

  /// What is shown of an entry: its place in the queue, id, date and time, food, amount, kcal, and
  /// why it is to review.
  public static func card(
    _ entry: FoodEntry, _ flagged: FlaggedEntry, number: Int, of total: Int,
    _ tolerance: EnergyConsistencyTolerance
  ) -> String {
    """

    [\(number)/\(total)] \(flagged.id)  \(flagged.date) \(ReportBuilder.clockText(flagged.secondOfDay))
      \(TextEscaping.singleLine(entry.foodName))  \(DecimalText.shortest(entry.quantity)) \
    \(TextEscaping.singleLine(entry.unit))  \(DecimalText.roundedTrimmed(entry.calories, decimals: 1)) kcal
      \(TextEscaping.singleLine(flagged.reasonTexts(tolerance).joined(separator: "; ")))

    """
  }

  /// A key as it is echoed: itself when printable, else its code.
  private static func keyText(_ key: UInt8) -> String {
    (0x21...0x7E).contains(key) ? String(UnicodeScalar(key)) : key == 0x20 ? "space" : "key \(key)"
  }
}
