import DemeterCore
import DemeterReporting

/// The aligned text the `ingredients` subcommands print. Every string from the database or journal
/// goes through `TextEscaping.singleLine`, so nothing in them can control the terminal.
package enum IngredientsText {
  /// One row per ingredient: id, category, kcal and macronutrients per 100 g, name.
  package static func list(_ ingredients: some Collection<Ingredient>) -> String {
    let header = ["ID", "CATEGORY", "KCAL", "PROTEIN", "CARBS", "FAT", "NAME"]
    let rows = ingredients.map { ingredient in
      [
        safe(ingredient.id), ingredient.category.rawValue, number(ingredient.caloriesPer100g, 0),
        number(ingredient.proteinPer100g, 1), number(ingredient.carbsPer100g, 1),
        number(ingredient.fatPer100g, 1), safe(ingredient.name),
      ]
    }
    return table(header: header, rows: rows, rightAligned: [2, 3, 4, 5])
      + "\n(kcal and grams per 100 g)"
  }

  /// One row per ingredient: rank, entries, their kcal, id, name.
  package static func popular(_ popular: [IngredientPopularity]) -> String {
    let rows = popular.enumerated().map { index, item in
      [
        String(index + 1), String(item.entries), DecimalText.rounded(item.calories.doubleValue, decimals: 0),
        safe(item.ingredient.id), safe(item.ingredient.name),
      ]
    }
    return table(header: ["#", "ENTRIES", "KCAL", "ID", "NAME"], rows: rows, rightAligned: [0, 1, 2])
  }

  /// Every field of one ingredient: identity, nutrition per 100 g and per serving, portions.
  package static func details(_ ingredient: Ingredient) -> String {
    let serving = ingredient.commonServingSize
    let unit = safe(ingredient.commonServingUnit)
    var servingText = "\(DecimalText.shortest(serving)) \(unit)"
    if let description = ingredient.commonServingDescription { servingText += " (\(safe(description)))" }
    var facts: [(String, String)] = [
      ("id", safe(ingredient.id)),
      ("aliases", ingredient.aliases.isEmpty ? "-" : ingredient.aliases.map(safe).joined(separator: ", ")),
      ("category", ingredient.category.rawValue + (ingredient.subcategory.map { " (\(safe($0)))" } ?? "")),
      ("source", ingredient.source.rawValue + (ingredient.sourceRef.map { " (\(safe($0)))" } ?? "")),
      ("status", ingredient.verificationStatus.rawValue),
      ("serving", servingText),
    ]
    if !ingredient.tags.isEmpty { facts.append(("tags", ingredient.tags.map(safe).joined(separator: ", "))) }
    if let updated = ingredient.lastUpdated { facts.append(("last updated", updated.description)) }
    if ingredient.usageCount > 0 { facts.append(("usage count", String(ingredient.usageCount))) }
    let labelWidth = facts.map(\.0.count).max() ?? 0
    var lines = [safe(ingredient.displayName), ""]
    lines += facts.map { "  " + $0.0.padding(labelWidth) + "  " + $0.1 }

    // Per serving only when the serving is in grams; another unit has no weight to scale by.
    let inGrams = ingredient.commonServingUnit == "g"
    let perServing = ingredient.nutrition(forGrams: serving)
    var header = ["NUTRIENT", "PER 100 G"]
    if inGrams { header.append("PER SERVING (\(DecimalText.shortest(serving)) G)") }
    var rows: [[String]] = []
    func row(_ label: String, _ per100g: Double?, _ servingValue: Double?, decimals: Int) {
      guard let per100g else { return }
      var cells = [label, DecimalText.shortest(per100g)]
      if inGrams, let servingValue { cells.append(number(servingValue, decimals)) }
      rows.append(cells)
    }
    for nutrient in Nutrient.all {
      row(
        "\(nutrient.name.lowercased()) (\(nutrient.unit))", ingredient.nutrientsPer100g[nutrient],
        perServing[nutrient], decimals: nutrient.readingDecimals)
    }
    for (name, value) in Ingredient.orderedMicronutrients(ingredient.micronutrientsPer100g) {
      row(safe(name), value, perServing.micronutrients[name], decimals: 2)
    }
    lines += ["", table(header: header, rows: rows, rightAligned: [1, 2])]

    if !ingredient.servingSizeVariations.isEmpty {
      let portions = ingredient.servingSizeVariations.map { variation in
        [
          safe(variation.description), DecimalText.shortest(variation.gramsEquivalent),
          number(ingredient.caloriesPer100g * variation.gramsEquivalent / 100, 0),
        ]
      }
      lines += ["", table(header: ["PORTION", "GRAMS", "KCAL"], rows: portions, rightAligned: [1, 2])]
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Helpers

  /// Columns padded to their widest cell, two spaces apart, no trailing spaces.
  package static func table(header: [String], rows: [[String]], rightAligned: Set<Int>) -> String {
    TextColumns.lines([header] + rows, rightAligned: rightAligned).joined(separator: "\n")
  }

  private static func number(_ value: Double, _ decimals: Int) -> String {
    DecimalText.rounded(value, decimals: decimals)
  }

  private static func safe(_ text: String) -> String { TextEscaping.singleLine(text) }
}
