/// MyFitnessPal's premium "Nutrition Summary" CSV: one row per date and meal (Date, Meal, Calories,
/// Fat (g), Saturated Fat, Polyunsaturated Fat, Monounsaturated Fat, Trans Fat, Cholesterol, Sodium
/// (mg), Potassium, Carbohydrates (g), Fiber, Sugar, Protein (g), Vitamin A, Vitamin C, Calcium,
/// Iron, Note). It has no food names: each row becomes one entry named after its meal
/// ("Breakfast (MyFitnessPal)"). Vitamin A, Vitamin C, Calcium and Iron are percentages of a daily
/// value there, not amounts, and are not read.
public enum MyFitnessPalImport {
  public static let profile: CSVImportProfile = {
    var profile = CSVImportProfile(
      kind: "myfitnesspal", exportName: "a MyFitnessPal Nutrition Summary export",
      columns: [
        ImportColumn(.date, ["Date"]),
        ImportColumn(.time, ["Time"]),
        ImportColumn(.entry(.meal), ["Meal"]),
        ImportColumn(.entry(.calories), ["Calories"]),
        ImportColumn(.entry(.fat), ["Fat (g)"]),
        ImportColumn(.entry(.carbohydrates), ["Carbohydrates (g)"]),
        ImportColumn(.entry(.protein), ["Protein (g)"]),
        ImportColumn(.entry(.fiber), ["Fiber", "Fiber (g)"]),
        ImportColumn(.entry(.sugar), ["Sugar", "Sugar (g)"]),
        ImportColumn(.entry(.note), ["Note"]),
        ImportColumn(.micronutrient("saturated_fat_g"), ["Saturated Fat", "Saturated Fat (g)"]),
        ImportColumn(
          .micronutrient("polyunsaturated_fat_g"), ["Polyunsaturated Fat", "Polyunsaturated Fat (g)"]),
        ImportColumn(
          .micronutrient("monounsaturated_fat_g"), ["Monounsaturated Fat", "Monounsaturated Fat (g)"]),
        ImportColumn(.micronutrient("trans_fat_g"), ["Trans Fat", "Trans Fat (g)"]),
        ImportColumn(.micronutrient("cholesterol_mg"), ["Cholesterol", "Cholesterol (mg)"]),
        ImportColumn(.micronutrient("sodium_mg"), ["Sodium (mg)", "Sodium"]),
        ImportColumn(.micronutrient("potassium_mg"), ["Potassium", "Potassium (mg)"]),
      ],
      requiredFields: [
        [.date, .entry(.meal), .entry(.calories), .entry(.protein), .entry(.carbohydrates), .entry(.fat)]
      ])
    profile.foodNameAfterMeal = " (MyFitnessPal)"
    return profile
  }()
}
