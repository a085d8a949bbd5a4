/// Lose It!'s food log CSV (Date, Name, Type, Quantity, Units, Calories, Deleted, Fat (g), Protein
/// (g), Carbohydrates (g), Saturated Fat (g), Sugars (g), Fiber (g), Cholesterol (mg), Sodium (mg)).
/// Type is the meal (Breakfast, Lunch, Dinner, Snacks); exercise rows (negative calories) and rows
/// marked Deleted are left out and counted. Dates may be written `11/21/2026`.
public enum LoseItImport {
  public static let profile: CSVImportProfile = {
    var profile = CSVImportProfile(
      kind: "loseit", exportName: "a Lose It! food log export",
      columns: [
        ImportColumn(.date, ["Date"]),
        ImportColumn(.time, ["Time"]),
        ImportColumn(.entry(.foodName), ["Name"]),
        ImportColumn(.entry(.meal), ["Type", "Meal"]),
        ImportColumn(.entry(.quantity), ["Quantity"]),
        ImportColumn(.entry(.unit), ["Units", "Unit"]),
        ImportColumn(.entry(.calories), ["Calories"]),
        ImportColumn(.entry(.fat), ["Fat (g)"]),
        ImportColumn(.entry(.protein), ["Protein (g)"]),
        ImportColumn(.entry(.carbohydrates), ["Carbohydrates (g)"]),
        ImportColumn(.entry(.fiber), ["Fiber (g)"]),
        ImportColumn(.entry(.sugar), ["Sugars (g)", "Sugar (g)"]),
        ImportColumn(.micronutrient("saturated_fat_g"), ["Saturated Fat (g)"]),
        ImportColumn(.micronutrient("cholesterol_mg"), ["Cholesterol (mg)"]),
        ImportColumn(.micronutrient("sodium_mg"), ["Sodium (mg)"]),
      ],
      requiredFields: [
        [.date, .entry(.foodName), .entry(.calories), .entry(.protein), .entry(.carbohydrates), .entry(.fat)]
      ])
    profile.skipsNegativeCalories = true
    profile.deletedColumn = "Deleted"
    return profile
  }()
}
