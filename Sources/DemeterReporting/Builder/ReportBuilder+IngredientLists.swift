import DemeterCore

/// The `ingredients search|show|popular|verified` results as reports, so every format renders them.
extension ReportBuilder {
  /// Ingredients one a row: id, name, category, source and nutrition per 100 g.
  public static func ingredientList(
    title: String, ingredients: [Ingredient], total: Int, notes: [String] = []
  )
    -> ReportModel
  {
    let rows = ingredients.map { ingredient in
      ReportTableRow(
        cells: [
          .text(ingredient.id), .text(ingredient.name), .text(ingredient.category.rawValue),
          .text(ingredient.source.rawValue),
        ] + per100g(ingredient).map { $0.value.map { per100gCell($0, decimals: 1) } ?? .missing })
    }
    let columns =
      [
        ReportColumn(id: "ingredient_id", title: "Id", isNumeric: false),
        ReportColumn(id: "name", title: "Name", isNumeric: false),
        ReportColumn(id: "category", title: "Category", isNumeric: false),
        ReportColumn(id: "source", title: "Source", isNumeric: false, shownToReaders: false),
      ]
      + Nutrient.all.map {
        ReportColumn(id: $0.key, title: $0.listTitle, isNumeric: true, shownToReaders: $0.isRequired)
      }
    return ReportModel(
      kind: .ingredients, title: title, period: nil,
      summary: [
        ReportFact(id: "matches", label: "Ingredients found", value: .count(total)),
        ReportFact(id: "shown", label: "Shown", value: .count(ingredients.count)),
      ],
      tables: [
        ReportTable(id: "ingredients", caption: "Ingredients (per 100 g)", columns: columns, rows: rows)
      ],
      notes: notes)
  }

  /// Everything about one ingredient: facts, nutrition per 100 g and per serving, household portions.
  public static func ingredientDetails(_ ingredient: Ingredient) -> ReportModel {
    var facts = [
      ReportFact(id: "ingredient_id", label: "Id", value: .text(ingredient.id)),
      ReportFact(id: "aliases", label: "Aliases", value: .text(ingredient.aliases.joined(separator: ", "))),
      ReportFact(id: "category", label: "Category", value: .text(ingredient.category.rawValue)),
      ReportFact(id: "subcategory", label: "Group", value: .text(ingredient.subcategory ?? "")),
      ReportFact(id: "source", label: "Source", value: .text(ingredient.source.rawValue)),
      ReportFact(id: "source_ref", label: "Reference", value: .text(ingredient.sourceRef ?? "")),
      ReportFact(id: "status", label: "Status", value: .text(ingredient.verificationStatus.rawValue)),
      ReportFact(
        id: "serving_grams", label: "Serving (\(ingredient.commonServingUnit))",
        value: per100gCell(ingredient.commonServingSize, decimals: 1)),
    ]
    if let description = ingredient.commonServingDescription {
      facts.append(ReportFact(id: "serving", label: "Serving", value: .text(description)))
    }
    let serving = ingredient.commonServingUnit == "g" ? ingredient.commonServingSize : nil
    var nutrients: [(id: String, per100g: Double)] = per100g(ingredient).compactMap { column, value in
      value.map { (column.id, $0) }
    }
    nutrients += Ingredient.orderedMicronutrients(ingredient.micronutrientsPer100g).map {
      ($0.name, $0.value)
    }
    let nutrientRows = nutrients.map { id, value in
      ReportTableRow(cells: [
        .text(id), per100gCell(value, decimals: 2),
        serving.map { per100gCell(value * $0 / 100, decimals: 2) } ?? .missing,
      ])
    }
    let portionRows = ingredient.servingSizeVariations.map { portion in
      ReportTableRow(cells: [
        .text(portion.description), per100gCell(portion.gramsEquivalent, decimals: 1),
        per100gCell(ingredient.caloriesPer100g * portion.gramsEquivalent / 100, decimals: 0),
      ])
    }
    return ReportModel(
      kind: .ingredients, title: ingredient.displayName, period: nil, facts: facts,
      tables: [
        ReportTable(
          id: "nutrients", caption: "Nutrition",
          columns: [
            ReportColumn(id: "nutrient", title: "Nutrient", isNumeric: false),
            ReportColumn(id: "per_100g", title: "Per 100 g", isNumeric: true),
            ReportColumn(id: "per_serving", title: "Per serving", isNumeric: true),
          ], rows: nutrientRows),
        ReportTable(
          id: "portions", caption: "Household portions",
          columns: [
            ReportColumn(id: "portion", title: "Portion", isNumeric: false),
            ReportColumn(id: "grams", title: "Grams", isNumeric: true),
            ReportColumn(id: "calories", title: "kcal", isNumeric: true),
          ], rows: portionRows),
      ])
  }

  /// The most used ingredients: rank, entries, their kcal, id, name.
  public static func ingredientPopularity(_ popular: [IngredientPopularity], title: String) -> ReportModel {
    ReportModel(
      kind: .ingredients, title: title, period: nil,
      tables: [
        ReportTable(
          id: "popular", caption: "Most used ingredients",
          columns: [
            ReportColumn(id: "rank", title: "#", isNumeric: true),
            ReportColumn(id: "entries", title: "Entries", isNumeric: true),
            ReportColumn(id: "calories", title: "kcal", isNumeric: true),
            ReportColumn(id: "ingredient_id", title: "Id", isNumeric: false),
            ReportColumn(id: "name", title: "Name", isNumeric: false),
          ],
          rows: popular.enumerated().map { index, item in
            ReportTableRow(cells: [
              .count(index + 1), .count(item.entries), kcal(item.calories), .text(item.ingredient.id),
              .text(item.ingredient.name),
            ])
          })
      ])
  }

  /// The per-100 g columns of ingredient lists, in `Ingredient` order.

  private static func per100g(_ ingredient: Ingredient) -> [(
    column: (id: String, title: String), value: Double?
  )] {
    Nutrient.all.map { (($0.key, $0.listTitle), ingredient.nutrientsPer100g[$0]) }
  }

  private static func per100gCell(_ value: Double, decimals: Int) -> ReportCell {
    .number(.derived(value), decimals: decimals)
  }
}
