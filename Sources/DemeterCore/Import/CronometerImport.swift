/// Cronometer's "Food & Recipe Entries" export, `servings.csv`: one row per food logged, with Day,
/// an optional Time, Group (Breakfast, Lunch, Dinner, Snacks or a custom group), Food Name, Amount
/// (`1.00 cup`), the energy, macronutrient, mineral and vitamin columns, and Category.
/// Not read: Net Carbs, Starch, Added Sugars, the amino acids and Category.
public enum CronometerImport {
  public static let profile = CSVImportProfile(
    kind: "cronometer", exportName: "a Cronometer servings.csv export",
    columns: [
      ImportColumn(.date, ["Day", "Date"]),
      ImportColumn(.time, ["Time"]),
      ImportColumn(.entry(.meal), ["Group", "Meal"]),
      ImportColumn(.entry(.foodName), ["Food Name"]),
      ImportColumn(.amount, ["Amount"]),
      ImportColumn(.entry(.calories), ["Energy (kcal)"]),
      ImportColumn(.entry(.protein), ["Protein (g)"]),
      ImportColumn(.entry(.carbohydrates), ["Carbs (g)"]),
      ImportColumn(.entry(.fat), ["Fat (g)"]),
      ImportColumn(.entry(.fiber), ["Fiber (g)"]),
      ImportColumn(.entry(.sugar), ["Sugars (g)"]),
      ImportColumn(.entry(.alcohol), ["Alcohol (g)"]),
      ImportColumn(.entry(.note), ["Note", "Notes"]),
    ] + micronutrients,
    requiredFields: [
      [.date, .entry(.foodName), .entry(.calories), .entry(.protein), .entry(.carbohydrates), .entry(.fat)]
    ])

  /// Cronometer's mineral, vitamin and lipid columns, by journal micronutrient name.
  static let micronutrients: [ImportColumn] = [
    ImportColumn(.micronutrient("caffeine_mg"), ["Caffeine (mg)"]),
    ImportColumn(.micronutrient("water_g"), ["Water (g)"]),
    ImportColumn(.micronutrient("thiamin_mg"), ["B1 (Thiamine) (mg)"]),
    ImportColumn(.micronutrient("riboflavin_mg"), ["B2 (Riboflavin) (mg)"]),
    ImportColumn(.micronutrient("niacin_mg"), ["B3 (Niacin) (mg)"]),
    ImportColumn(.micronutrient("pantothenic_acid_mg"), ["B5 (Pantothenic Acid) (mg)"]),
    ImportColumn(.micronutrient("vitamin_b6_mg"), ["B6 (Pyridoxine) (mg)"]),
    ImportColumn(.micronutrient("vitamin_b12_ug"), ["B12 (Cobalamin) (µg)"]),
    ImportColumn(.micronutrient("folate_dfe_ug"), ["Folate (µg)"]),
    ImportColumn(.micronutrient("vitamin_a_rae_ug"), ["Vitamin A (µg)"]),
    ImportColumn(.micronutrient("vitamin_c_mg"), ["Vitamin C (mg)"]),
    ImportColumn(.micronutrient("vitamin_d_ug"), ["Vitamin D (µg)"]),
    ImportColumn(.micronutrient("vitamin_d_ug"), ["Vitamin D (IU)"], divisor: 40),
    ImportColumn(.micronutrient("vitamin_e_mg"), ["Vitamin E (mg)"]),
    ImportColumn(.micronutrient("vitamin_k_ug"), ["Vitamin K (µg)"]),
    ImportColumn(.micronutrient("choline_mg"), ["Choline (mg)"]),
    ImportColumn(.micronutrient("calcium_mg"), ["Calcium (mg)"]),
    ImportColumn(.micronutrient("copper_mg"), ["Copper (mg)"]),
    ImportColumn(.micronutrient("iron_mg"), ["Iron (mg)"]),
    ImportColumn(.micronutrient("magnesium_mg"), ["Magnesium (mg)"]),
    ImportColumn(.micronutrient("manganese_mg"), ["Manganese (mg)"]),
    ImportColumn(.micronutrient("phosphorus_mg"), ["Phosphorus (mg)"]),
    ImportColumn(.micronutrient("potassium_mg"), ["Potassium (mg)"]),
    ImportColumn(.micronutrient("selenium_ug"), ["Selenium (µg)"]),
    ImportColumn(.micronutrient("sodium_mg"), ["Sodium (mg)"]),
    ImportColumn(.micronutrient("zinc_mg"), ["Zinc (mg)"]),
    ImportColumn(.micronutrient("cholesterol_mg"), ["Cholesterol (mg)"]),
    ImportColumn(.micronutrient("monounsaturated_fat_g"), ["Monounsaturated (g)"]),
    ImportColumn(.micronutrient("polyunsaturated_fat_g"), ["Polyunsaturated (g)"]),
    ImportColumn(.micronutrient("saturated_fat_g"), ["Saturated (g)"]),
    ImportColumn(.micronutrient("trans_fat_g"), ["Trans-Fats (g)"]),
    ImportColumn(.micronutrient("omega_3_g"), ["Omega-3 (g)"]),
    ImportColumn(.micronutrient("omega_6_g"), ["Omega-6 (g)"]),
  ]
}
