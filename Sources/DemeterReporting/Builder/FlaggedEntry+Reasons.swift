import DemeterCore

extension FlaggedEntry {
  /// Each of the entry's reasons as a reader is told it, in `ReviewReason.allCases` order: low
  /// confidence with the confidence; energy inconsistent with the energy it was checked against,
  /// the alcohol's (at 7 kcal/g, as `tolerance` counts it) apart from the macronutrients'; and,
  /// for an unmatched entry whose alcohol is a food's of the same name, that food.
  public func reasonTexts(_ tolerance: EnergyConsistencyTolerance) -> [String] {
    var texts = reasons.reasons.map { reason in
      switch reason {
      case .lowConfidence: "\(reason.name) \(FixedSum(confidence).rounded(2))"
      case .energyInconsistent:
        "\(reason.name): \(FixedSum(calories).rounded(0)) kcal stated, \(macroCalories.rounded(0)) from macros"
          + (alcoholCalories(tolerance).billionths > 0
            ? " + \(alcoholCalories(tolerance).rounded(0)) from alcohol" : "")
      case .unmatched: reason.name
      case .recipeChanged: "\(reason.name) since it was logged"
      }
    }
    if let food = alcoholFood(tolerance) {
      texts.append("alcohol as the food \(food.id) (\(food.name)) of the same name")
    }
    return texts
  }
}
