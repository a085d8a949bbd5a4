import DemeterCore
import DemeterReporting

extension ReportMaker {
  /// The entries of the journal `context` reads that are to review (a reason of
  /// `DigestRules.toReview`, or logged from a recipe that has changed since; not marked reviewed;
  /// manual: reviewing), newest first.
  public static func reviewQueue(_ context: JournalContext, settings: ReportSettings, usesCache: Bool)
    throws(CommandError) -> ReviewQueue
  {
    var aggregation = try settings.aggregation(config: context.config)
    aggregation.reviewLimit = 0
    aggregation.energyConsistency.alcohol = context.source.ingredientAlcohol()
    let digests = context.source.digests(
      .reading(zone: context.zone, usesCache: usesCache), rules: DigestRules(aggregation))
    var queue = ReviewQueue(
      entries: [], unmatchedEntries: 0, listsUnmatched: aggregation.reviewsUnmatched,
      tolerance: aggregation.energyConsistency)
    guard let span = digests.span else { return queue }
    let whole = digests.summarize(buckets: [span], options: aggregation, trend: false).whole
    var entries = whole.needsReview
    let recipes = context.source.recipeLookup
    for logged in digests.recipeEntries(in: span) where !logged.reviewed {
      guard let nutrition = recipes(logged.recipeID)?.nutrition, logged.differs(from: nutrition) else { continue }
      if let index = entries.firstIndex(where: { $0.id == logged.id }) {
        entries[index].reasons.insert(.recipeChanged)
      } else {
        entries.append(logged.flagged)
      }
    }
    queue.entries = entries.sorted(by: FlaggedEntry.listOrder).reversed()
    queue.unmatchedEntries = whole.unmatchedEntries
    return queue
  }

  /// One entry of the review queue as `review` lists it: id, date and time, food, reasons (the
  /// whole id first: `review --accept` and `edit` take it).
  public static func reviewLine(_ entry: FlaggedEntry, _ tolerance: EnergyConsistencyTolerance) -> String {
    "\(entry.id)  \(entry.date) \(ReportBuilder.clockText(entry.secondOfDay))  "
      + "\(TextEscaping.singleLine(entry.foodName))  "
      + TextEscaping.singleLine(entry.reasonTexts(tolerance).joined(separator: "; "))
  }

  /// Marks the entries `ids` (or unique prefixes) reviewed (`"reviewed": true`), all in one
  /// transaction under the journal lock; returns their whole ids.
  /// - Throws: a usage error for an unknown or ambiguous id (nothing is written), an I/O error
  ///   when the journal cannot be written.
  public static func acceptReviewed(_ ids: [String], in repository: FoodEntryRepository) throws(CommandError)
    -> [String]
  {
    do throws(ModelError) {
      return try repository.update(ids: ids) { $0.reviewed = true }.map(\.id)
    } catch {
      throw reviewError(error)
    }
  }

  /// Matches the entry `id` to `food`: its nutrition and micronutrients computed from the food for
  /// the entry's amount (in grams when its unit is `g`, else a measure of the food, e.g. `2 large`),
  /// its old values kept in its note, and marked reviewed; in one transaction under the journal
  /// lock. Returns the new entry and its weight in grams.
  /// - Throws: a usage error for an unknown or ambiguous id or an amount the food cannot weigh
  ///   (nothing is written), an I/O error when the journal cannot be written.
  public static func matchReviewed(_ id: String, to food: Ingredient, in repository: FoodEntryRepository)
    throws(CommandError) -> (entry: FoodEntry, grams: Double)
  {
    do throws(ModelError) {
      guard let found = try repository.fetch(id: id) else {
        throw .notFound("entry with id \(id) in journal '\(repository.journal)'")
      }
      _ = try grams(of: found, as: food)
      var weighed: Double?
      let entry = try repository.update(id: found.id) { entry in
        guard let grams = try? grams(of: entry, as: food) else { return }
        weighed = grams
        match(&entry, to: food, grams: grams)
      }
      guard let weighed else {
        throw .validationError("entry \(found.id) changed while it was matched; nothing was written, try again")
      }
      return (entry, weighed)
    } catch {
      throw reviewError(error)
    }
  }

  /// Sets the amount of the entry `id` to `quantity` (in its unit), its nutrients, micronutrients
  /// and alcohol scaled by the same factor (nutrients rounded to one decimal as `match` rounds them),
  /// the old amount kept in its note, and marks it reviewed; written as `edit` writes, in one
  /// transaction under the journal lock. Returns the new entry.
  /// - Throws: a usage error for an unknown or ambiguous id, a quantity that is not above 0, or an
  ///   entry whose amount is 0 (nothing is written); an I/O error when the journal cannot be written.
  public static func rescaleReviewed(_ id: String, to quantity: Double, in repository: FoodEntryRepository)
    throws(CommandError) -> FoodEntry
  {
    guard quantity > 0, quantity.isFinite else {
      throw .usage("the new amount must be a number above 0 (got \(DecimalText.shortest(quantity)))")
    }
    do throws(ModelError) {
      var scaled = false
      let entry = try repository.update(id: id) { entry in
        guard entry.quantity > 0 else { return }
        scaled = true
        let factor = quantity / entry.quantity
        let was = "amount was \(DecimalText.shortest(entry.quantity)) \(entry.unit)"
        for (nutrient, amount) in entry.nutrients.known {
          entry.nutrients[nutrient] = rounded(amount * factor, decimals: 1)
        }
        entry.micronutrients = entry.micronutrients.mapValues { rounded($0 * factor, decimals: 3) }
        entry.alcohol = entry.alcohol.map { rounded($0 * factor, decimals: 1) }
        entry.quantity = quantity
        entry.note = entry.note.map { "\($0); \(was)" } ?? was
        entry.reviewed = true
      }
      guard scaled else {
        throw .validationError(
          "entry \(entry.id) has an amount of 0, which cannot be scaled; set its nutrients with "
            + "'demeter-report edit \(entry.id)'")
      }
      return entry
    } catch {
      throw reviewError(error)
    }
  }

  /// The weight of `entry`'s amount: its quantity when its unit is grams, else a measure of `food`.
  private static func grams(of entry: FoodEntry, as food: Ingredient) throws(ModelError) -> Double {
    if ["g", "gram", "grams"].contains(entry.unit.lowercased()) { return entry.quantity }
    do throws(ModelError) {
      return try IngredientPortion("\(DecimalText.shortest(entry.quantity)) \(entry.unit)", of: food).grams
    } catch {
      throw .validationError(
        "the entry's amount (\(DecimalText.shortest(entry.quantity)) \(TextEscaping.singleLine(entry.unit))) "
          + "is not in grams nor a measure of \(TextEscaping.singleLine(food.name)) (\(food.id)): "
          + "\(error.message); give it in grams first ('demeter-report edit \(entry.id) --quantity N --unit g')")
    }
  }

  /// `entry` matched to `food` for `grams`: the nutrition `add --ingredient` logs (`LoggedNutrition`),
  /// the old values appended to the note, marked reviewed.
  private static func match(_ entry: inout FoodEntry, to food: Ingredient, grams: Double) {
    let old = Nutrient.all.compactMap { nutrient in
      entry.nutrients[nutrient].map { "\(DecimalText.roundedTrimmed($0, decimals: 1)) \(nutrient.unit) \(nutrient.key)" }
    }
    let was =
      "was \(entry.matchedIngredientID.map { "matched to \($0)" } ?? "unmatched"): "
      + old.joined(separator: ", ")
    let logged = LoggedNutrition(food, grams: grams)
    for nutrient in Nutrient.all {
      entry.nutrients[nutrient] = logged.nutrients[nutrient].flatMap(Double.init)
    }
    entry.micronutrients = Dictionary(
      uniqueKeysWithValues: logged.micronutrients.compactMap { item in Double(item.value).map { (item.name, $0) } })
    entry.alcohol = nil
    entry.matchedIngredientID = food.id
    entry.note = entry.note.map { "\($0); \(was)" } ?? was
    entry.reviewed = true
  }

  /// `value` rounded to `decimals` places as `add --ingredient` writes it.
  private static func rounded(_ value: Double, decimals: Int) -> Double {
    Double(DecimalText.roundedTrimmed(value, decimals: decimals)) ?? value
  }

  /// The command error of a refused review write: a usage error when the id or the change is
  /// refused (nothing was written), else an I/O error.
  private static func reviewError(_ error: ModelError) -> CommandError {
    switch error {
    case .notFound, .ambiguousID, .relationshipError, .validationError: .usage(error.message)
    default: .writing(error)
    }
  }
}
