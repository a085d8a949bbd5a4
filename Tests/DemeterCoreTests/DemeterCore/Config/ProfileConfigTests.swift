import Testing

@testable import DemeterCore
@testable import DemeterFoundation

/// The `profile` and `targets` of `.demeter.json` (manual: targets).
@Suite struct ProfileConfigTests {
  static func parse(_ text: String) -> JournalConfig.Load {
    JournalConfig.parse(Array(text.utf8), path: "j/.demeter.json")
  }

  @Test func readsTheProfileAndTargets() {
    let load = Self.parse(
      #"{"profile":{"sex":"female","birthYear":1990,"pregnant":false,"lactating":true,"heightCm":168.5,"#
        + #""weightKg":61.2,"activity":"very-active"},"targets":{"iron_mg":12,"fiber":30}}"#)
    #expect(load.diagnostics.isEmpty)
    #expect(
      load.config.profile
        == PersonProfile(
          sex: .female, birthYear: 1990, pregnant: false, lactating: true,
          heightCm: FixedDecimal(billionths: 168_500_000_000), weightKg: FixedDecimal(billionths: 61_200_000_000),
          activity: .veryActive))
    #expect(load.config.targets == ["iron_mg": FixedDecimal(12)!, "fiber": FixedDecimal(30)!])
  }

  /// Unknown keys are warned about at the key (a misspelt nutrient with the closest one) and left
  /// out; a wrong value is an error at the value.
  @Test func unknownKeysWarnAndWrongValuesAreErrors() {
    let load = Self.parse(
      "{\n\"profile\": {\"sex\": \"other\", \"weight\": 80, \"activity\": \"lazy\"},\n\"targets\": {\"iron_gm\": 12, \"zinc_mg\": -1}\n}\n"
    )
    #expect(
      load.diagnostics.map(\.headline) == [
        "j/.demeter.json:2:20: error: \"sex\" must be \"female\" or \"male\"",
        "j/.demeter.json:2:29: warning: unknown profile key \"weight\" is ignored "
          + "(sex, birthYear, pregnant, lactating, heightCm, weightKg, activity)",
        "j/.demeter.json:2:55: error: \"activity\" must be inactive, low-active, active or very-active",
        "j/.demeter.json:3:13: warning: unknown target \"iron_gm\" is ignored; did you mean \"iron_mg\"?",
        "j/.demeter.json:3:39: error: target \"zinc_mg\" must be a positive number",
      ])
    #expect(load.config.targets.isEmpty)
    #expect(load.config.profile == PersonProfile())
  }
}
