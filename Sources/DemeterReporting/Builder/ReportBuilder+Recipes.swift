import DemeterCore

/// The `recipe show` and `recipe list` results as reports, so every format renders them.
extension ReportBuilder {
  /// One recipe: facts, nutrition per serving, per 100 g and in all (exact until shown), the
  /// ingredients with their grams and kcal, then the instructions and notes as lists, and its photos
  /// and videos (`gallery`, when it has any). `names` gives each ingredient's name (the database's,
  /// or the free food's).
  public static func recipeDetails(
    _ recipe: Recipe, _ nutrition: RecipeNutrition, names: [String], gallery: ReportGallery? = nil
  ) -> ReportModel {
    var facts = [
      ReportFact(id: "recipe_id", label: "Id", value: .text(recipe.id)),
      ReportFact(id: "servings", label: "Servings", value: servings(recipe)),
      ReportFact(id: "grams", label: "Weight g", value: .number(.fraction(nutrition.weight), decimals: 0)),
    ]
    let texts = [
      ("dietary_flags", "Dietary flags", recipe.dietaryFlags.sorted().map(\.label)),
      ("tags", "Tags", recipe.tags),
      ("books", "Books", recipe.books), ("source_url", "Source", recipe.sourceURL.map { [$0] } ?? []),
    ]
    for (id, label, values) in texts where !values.isEmpty {
      facts.append(ReportFact(id: id, label: label, value: .text(values.joined(separator: ", "))))
    }
    var nutrientRows: [ReportTableRow] = Nutrient.all.compactMap { nutrient in
      guard nutrition.whole[nutrient] != nil else { return nil }
      return nutrientRow(nutrient.key, nutrient.unit, nutrition, decimals: nutrient.readingDecimals) {
        $0[nutrient]
      }
    }
    nutrientRows += nutrition.whole.orderedMicronutrients.map { micronutrient in
      nutrientRow(micronutrient.name, "", nutrition, decimals: 2) { $0.micronutrients[micronutrient.name] }
    }
    let ingredientRows = recipe.ingredients.enumerated().map { index, item in
      let amount: String
      let id: String
      switch item.amount {
      case .grams(let grams): amount = "\(grams) g"
      case .portion(let portion): amount = portion
      }
      switch item.food {
      case .ingredient(let ingredientID): id = ingredientID
      case .free: id = ""
      }
      return ReportTableRow(cells: [
        .text(amount), .number(.fraction(nutrition.ingredientGrams[index]), decimals: 1), .text(id),
        .text(names[index]),
        nutrition.parts[index][.calories].map { .number(.fraction($0), decimals: 0) } ?? .missing,
      ])
    }
    var lists: [ReportList] = []
    if !recipe.instructions.isEmpty {
      lists.append(
        ReportList(
          id: "instructions", title: "Instructions", summary: "",
          items: recipe.instructions.enumerated().map { ReportListItem(text: "Step \($0 + 1)", detail: $1) },
          totalCount: recipe.instructions.count))
    }
    if !recipe.notes.isEmpty {
      // Pinned notes first, each group in the order written; each numbered by its place in the
      // file (as `recipe note --unpin N|--remove N` takes it).
      let numbered = recipe.notes.enumerated().map { (number: $0 + 1, note: $1) }
      let notes = numbered.filter(\.note.pinned) + numbered.filter { !$0.note.pinned }
      lists.append(
        ReportList(
          id: "notes", title: "Notes", summary: "",
          items: notes.map { number, note in
            let detail = ["note \(number)", note.pinned ? "pinned" : nil, note.created?.description]
              .compactMap { $0 }
            return ReportListItem(text: note.text, detail: detail.joined(separator: " · "))
          }, totalCount: notes.count))
    }
    var model = ReportModel(
      kind: .recipe, title: recipe.title, period: nil, facts: facts,
      tables: [
        ReportTable(
          id: "nutrition", caption: "Nutrition",
          columns: [
            ReportColumn(id: "nutrient", title: "Nutrient", isNumeric: false),
            ReportColumn(id: "unit", title: "Unit", isNumeric: false),
            ReportColumn(id: "per_serving", title: "Per serving", isNumeric: true),
            ReportColumn(id: "per_100g", title: "Per 100 g", isNumeric: true),
            ReportColumn(id: "recipe", title: "Recipe", isNumeric: true),
          ], rows: nutrientRows),
        ReportTable(
          id: "ingredients", caption: "Ingredients",
          columns: [
            ReportColumn(id: "amount", title: "Amount", isNumeric: false),
            ReportColumn(id: "grams", title: "Grams", isNumeric: true),
            ReportColumn(id: "ingredient_id", title: "Id", isNumeric: false),
            ReportColumn(id: "name", title: "Name", isNumeric: false),
            ReportColumn(id: "calories", title: "kcal", isNumeric: true),
          ], rows: ingredientRows),
      ],
      lists: lists)
    model.galleries = gallery.map { [$0] } ?? []
    return model
  }

  /// Recipes one a row: id, title, servings, kcal and macronutrients per serving (missing for a
  /// recipe whose nutrition cannot be computed), dietary flags, books and tags; then `galleries`,
  /// the recipes' photos and videos (a recipe book's page).
  public static func recipeList(
    _ recipes: [(recipe: Recipe, perServing: NutrientFractions?)], title: String, galleries: [ReportGallery] = []
  ) -> ReportModel {
    let rows = recipes.map { recipe, perServing in
      ReportTableRow(
        cells: [
          .text(recipe.id), .text(recipe.title),
          servings(recipe),
        ]
          + Nutrient.required.map { nutrient in
            perServing?[nutrient].map { .number(.fraction($0), decimals: nutrient.readingDecimals) }
              ?? .missing
          } + [
            .text(recipe.dietaryFlags.sorted().map(\.label).joined(separator: ", ")),
            .text(recipe.books.joined(separator: ", ")), .text(recipe.tags.joined(separator: ", ")),
          ])
    }
    let columns =
      [
        ReportColumn(id: "recipe_id", title: "Id", isNumeric: false),
        ReportColumn(id: "title", title: "Title", isNumeric: false),
        ReportColumn(id: "servings", title: "Servings", isNumeric: true),
      ]
      + Nutrient.required.map {
        ReportColumn(id: "\($0.key)_per_serving", title: $0.listTitle, isNumeric: true)
      } + [
        ReportColumn(id: "dietary_flags", title: "Flags", isNumeric: false),
        ReportColumn(id: "books", title: "Books", isNumeric: false),
        ReportColumn(id: "tags", title: "Tags", isNumeric: false),
      ]
    var model = ReportModel(
      kind: .recipe, title: title, period: nil,
      summary: [ReportFact(id: "recipes", label: "Recipes", value: .count(recipes.count))],
      tables: [ReportTable(id: "recipes", caption: "Recipes (per serving)", columns: columns, rows: rows)])
    model.galleries = galleries
    return model
  }

  /// The recipe books one a row, in the order given: name, how many recipes, their ids.
  public static func recipeBooks(_ books: [(name: String, recipeIDs: [String])]) -> ReportModel {
    ReportModel(
      kind: .recipe, title: "Recipe books", period: nil,
      summary: [ReportFact(id: "books", label: "Books", value: .count(books.count))],
      tables: [
        ReportTable(
          id: "books", caption: "Recipe books",
          columns: [
            ReportColumn(id: "book", title: "Book", isNumeric: false),
            ReportColumn(id: "recipes", title: "Recipes", isNumeric: true),
            ReportColumn(id: "recipe_ids", title: "Ids", isNumeric: false),
          ],
          rows: books.map { book in
            ReportTableRow(cells: [
              .text(book.name), .count(book.recipeIDs.count), .text(book.recipeIDs.joined(separator: ", ")),
            ])
          })
      ])
  }

  /// The servings as written (`2`, `1.5`).
  private static func servings(_ recipe: Recipe) -> ReportCell {
    let decimals = recipe.servings.description.split(separator: ".").dropFirst().first?.count ?? 0
    return .number(.exact(FixedSum(recipe.servings)), decimals: decimals)
  }

  /// A nutrient's row: name, unit, per serving, per 100 g, whole recipe.
  private static func nutrientRow(
    _ name: String, _ unit: String, _ nutrition: RecipeNutrition, decimals: Int,
    _ amount: (NutrientFractions) -> ExactFraction?
  ) -> ReportTableRow {
    ReportTableRow(
      cells: [.text(name), .text(unit)]
        + [nutrition.perServing, nutrition.per100g, nutrition.whole].map { values in
          amount(values).map { .number(.fraction($0), decimals: decimals) } ?? .missing
        })
  }
}
