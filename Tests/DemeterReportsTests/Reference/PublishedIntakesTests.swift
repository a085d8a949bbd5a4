import DemeterCore
import DemeterReports
import Testing

/// The compiled-in Dietary Reference Intakes against the published tables, value by value (typed
/// from the source, not from the data file): the Food and Nutrition Board's DRI summary tables as
/// printed in Appendix J of "Dietary Reference Intakes for Sodium and Potassium" (National Academies,
/// 2019, doi:10.17226/25353), the tables the NIH Office of Dietary Supplements hosts.
@Suite struct PublishedIntakesTests {
  /// One published value: the table and row it is read from, the group, the key, the amount in the
  /// journal's unit and whether it is an AI (printed with `*`).
  struct Spot: Sendable, CustomTestStringConvertible {
    var source: String
    var group: String
    var key: String
    var amount: String
    var isAdequateIntake: Bool
    var testDescription: String { "\(source): \(key) \(amount)" }
  }

  static let intakes: [Spot] = [
    Spot(
      source: "RDA/AI Vitamins, Females 19–30 y, Vitamin A 700 µg", group: "females-19-30",
      key: "vitamin_a_rae_ug", amount: "700", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Vitamins, Males 31–50 y, Vitamin C 90 mg", group: "males-31-50", key: "vitamin_c_mg",
      amount: "90", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Vitamins, Males > 70 y, Vitamin D 20 µg", group: "males-71+", key: "vitamin_d_ug",
      amount: "20", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Vitamins, Females 51–70 y, Vitamin K 90* µg", group: "females-51-70",
      key: "vitamin_k_ug", amount: "90", isAdequateIntake: true),
    Spot(
      source: "RDA/AI Vitamins, Males 51–70 y, Vitamin B6 1.7 mg", group: "males-51-70", key: "vitamin_b6_mg",
      amount: "1.7", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Vitamins, Pregnancy 19–30 y, Folate 600 µg", group: "pregnancy-19-30",
      key: "folate_dfe_ug", amount: "600", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Vitamins, Lactation 31–50 y, Vitamin B12 2.8 µg", group: "lactation-31-50",
      key: "vitamin_b12_ug", amount: "2.8", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Vitamins, Females 19–30 y, Choline 425* mg", group: "females-19-30", key: "choline_mg",
      amount: "425", isAdequateIntake: true),
    Spot(
      source: "RDA/AI Vitamins, Children 4–8 y, Thiamin 0.6 mg", group: "children-4-8", key: "thiamin_mg",
      amount: "0.6", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Females 19–30 y, Iron 18 mg", group: "females-19-30", key: "iron_mg",
      amount: "18", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Females 51–70 y, Iron 8 mg", group: "females-51-70", key: "iron_mg",
      amount: "8", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Pregnancy 14–18 y, Iron 27 mg", group: "pregnancy-14-18", key: "iron_mg",
      amount: "27", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Females 51–70 y, Calcium 1,200 mg", group: "females-51-70", key: "calcium_mg",
      amount: "1200", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Males 31–50 y, Magnesium 420 mg", group: "males-31-50", key: "magnesium_mg",
      amount: "420", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Males 19–30 y, Zinc 11 mg", group: "males-19-30", key: "zinc_mg",
      amount: "11", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Males 19–30 y, Copper 900 µg", group: "males-19-30", key: "copper_mg",
      amount: "0.9", isAdequateIntake: false),
    Spot(
      source: "RDA/AI Elements, Males 19–30 y, Potassium 3,400* mg (2019)", group: "males-19-30",
      key: "potassium_mg", amount: "3400", isAdequateIntake: true),
    Spot(
      source: "RDA/AI Elements, Children 1–3 y, Sodium 800* mg (2019)", group: "children-1-3",
      key: "sodium_mg", amount: "800", isAdequateIntake: true),
    Spot(
      source: "RDA/AI Total Water and Macronutrients, Males 19–30 y, Total fiber 38* g", group: "males-19-30",
      key: "fiber", amount: "38", isAdequateIntake: true),
    Spot(
      source: "RDA/AI Total Water and Macronutrients, Females 19–30 y, Protein 46 g", group: "females-19-30",
      key: "protein", amount: "46", isAdequateIntake: false),
  ]

  static let limits: [Spot] = [
    Spot(
      source: "UL Vitamins, 19–70 y, Vitamin D 100 µg (2011)", group: "females-31-50", key: "vitamin_d_ug",
      amount: "100", isAdequateIntake: false),
    Spot(
      source: "UL Elements, 19–70 y, Iron 45 mg", group: "males-51-70", key: "iron_mg", amount: "45",
      isAdequateIntake: false),
    Spot(
      source: "UL Elements, 19–70 y, Zinc 40 mg", group: "males-19-30", key: "zinc_mg", amount: "40",
      isAdequateIntake: false),
    Spot(
      source: "UL Elements, > 70 y, Phosphorus 3 g", group: "females-71+", key: "phosphorus_mg",
      amount: "3000", isAdequateIntake: false),
    Spot(
      source: "Sodium CDRR (2019), 14 y and over, 2,300 mg", group: "males-31-50", key: "sodium_mg",
      amount: "2300", isAdequateIntake: false),
  ]

  static func group(_ id: String) throws -> LifeStageGroup {
    try #require(ReferenceIntakes.published.groups.first { $0.id == id })
  }

  static func amount(_ text: String) throws -> FixedDecimal {
    guard case .exact(let value) = FixedDecimal.read(jsonNumber: text) else {
      throw SpotError.notANumber(text)
    }
    return value
  }

  enum SpotError: Error { case notANumber(String) }

  @Test(arguments: intakes) func intakeMatchesThePublishedTable(_ spot: Spot) throws {
    let intake = try #require(ReferenceIntakes.published.intake(spot.key, try Self.group(spot.group)))
    #expect(intake.amount == (try Self.amount(spot.amount)))
    #expect(intake.kind == (spot.isAdequateIntake ? .adequateIntake : .recommendedAllowance))
  }

  @Test(arguments: limits) func upperLimitMatchesThePublishedTable(_ spot: Spot) throws {
    let limit = try #require(ReferenceIntakes.published.upperLimit(spot.key, try Self.group(spot.group)))
    #expect(limit.amount == (try Self.amount(spot.amount)))
  }

  /// The tables' footnotes: vitamin A's UL is for preformed vitamin A, magnesium's for supplements;
  /// thiamin has none (ND).
  @Test func limitScopesFollowTheFootnotes() throws {
    let adults = try Self.group("females-31-50")
    #expect(ReferenceIntakes.published.upperLimit("vitamin_a_rae_ug", adults)?.scope == .preformed)
    #expect(ReferenceIntakes.published.upperLimit("magnesium_mg", adults)?.scope == .supplements)
    #expect(ReferenceIntakes.published.upperLimit("thiamin_mg", adults) == nil)
  }

  /// AMDR, adults: protein 10–35 %, carbohydrates 45–65 %, fat 20–35 %; children 1–3: fat 30–40 %.
  @Test func macronutrientRangesMatchTheTable() throws {
    let adults = try Self.group("males-19-30")
    #expect(ReferenceIntakes.published.energyRange(.protein, adults) == 10...35)
    #expect(ReferenceIntakes.published.energyRange(.carbohydrates, adults) == 45...65)
    #expect(ReferenceIntakes.published.energyRange(.fat, adults) == 20...35)
    #expect(ReferenceIntakes.published.energyRange(.fat, try Self.group("children-1-3")) == 30...40)
  }

  /// Every group of the tables, at least 30 nutrients, each key a named one, every row complete.
  @Test func tablesAreCompleteAndNamed() throws {
    let reference = ReferenceIntakes.published
    #expect(reference.groups.count == 20)
    #expect(reference.keys.count >= 30)
    for key in reference.keys { #expect(NutrientLabel.targetKeys.contains(key), "\(key) has no name") }
    for group in reference.groups {
      for key in reference.keys { #expect(reference.intake(key, group) != nil, "\(group) \(key)") }
      #expect(reference.energyRange(.fat, group) != nil)
      #expect(reference.upperLimit("iron_mg", group) != nil, "\(group) has no upper limits")
    }
  }
}
