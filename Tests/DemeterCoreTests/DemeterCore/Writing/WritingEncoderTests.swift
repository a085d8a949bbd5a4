import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// `EntryLineEncoder`: canonical key order, unknown keys kept, literals kept (manual: journal, writing).
@Suite struct WritingEncoderTests {
  private func object(_ text: String) throws -> JSONObject {
    guard case .object(let object) = try JSONParser().parse(text) else {
      Issue.record("not an object")
      return JSONObject(members: [])
    }
    return object
  }

  @Test func ordersKnownKeysThenUnknownKeysInTheirOrder() throws {
    let line = EntryLine().setting("zeta", "[1,{\"b\":2,\"a\":1}]").setting("note", "\"n\"")
      .setting("alpha", "null").setting("schemaVersion", "1").setting("meal", "\"lunch\"")
    let reversed = JSONObject(members: try object(line.text).members.reversed())
    let written = EntryLineEncoder.line(reversed)
    let keys = try object(written).members.map(\.key)
    #expect(
      keys == [
        "schemaVersion", "id", "timestamp", "rawDescription", "foodName", "quantity", "unit", "calories",
        "protein", "carbohydrates", "fat", "confidence", "matchedIngredientID", "meal", "note", "alpha",
        "zeta",
      ])
    #expect(written.contains(#""alpha":null,"zeta":[1,{"b":2,"a":1}]}"#))
  }

  @Test func keepsNumberLiteralsAsWritten() throws {
    let line = EntryLine(calories: "1.820e2").setting("fat", "13.40").setting("extra", "-0.0")
    let written = EntryLineEncoder.line(try object(line.text))
    #expect(written.contains(#""calories":1.820e2"#))
    #expect(written.contains(#""carbohydrates":2.0"#))
    #expect(written.contains(#""fat":13.40"#))
    #expect(written.hasSuffix(#""extra":-0.0}"#))
  }

  @Test func writesANewEntryInShortestForm() throws {
    let timestamp = try Timestamp.parse("2026-11-21T08:15:00-05:00").get()
    let entry = try FoodEntry(
      id: "6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11", timestamp: timestamp, rawDescription: "eggs",
      foodName: "scrambled eggs", quantity: 2, unit: "large", calories: 182, protein: 12.2,
      carbohydrates: 2.0, fat: 13.4, confidence: 0.92, sugar: 0.5, meal: .breakfast, tags: ["a"],
      micronutrients: ["zinc_mg": 1.25, "sodium_mg": 310])
    #expect(
      EntryLineEncoder.line(for: entry)
        == #"{"id":"6f0c9a52-3c1e-4a57-9a52-0d7f1d0e7b11","timestamp":"2026-11-21T08:15:00-05:00","#
        + #""rawDescription":"eggs","foodName":"scrambled eggs","quantity":2,"unit":"large","calories":182,"#
        + #""protein":12.2,"carbohydrates":2,"fat":13.4,"sugar":0.5,"confidence":0.92,"meal":"breakfast","#
        + #""tags":["a"],"micronutrients":{"sodium_mg":310,"zinc_mg":1.25}}"#)
    let read = EntryLineReader.read(EntryLineEncoder.line(for: entry), path: "x", lineNumber: 1)
    #expect(read.line?.entry == entry)
  }

  @Test func updatingKeepsUnchangedLiteralsAndUnknownKeys() throws {
    let text = EntryLine().setting("fat", "13.40").setting("custom", "{\"k\":true}").text
    let read = EntryLineReader.read(text, path: "x", lineNumber: 1)
    var entry = try #require(read.line).entry
    entry.calories = 200
    entry.note = "edited"
    let written = EntryLineEncoder.line(EntryLineEncoder.updating(try #require(read.line).object, to: entry))
    #expect(written.contains(#""calories":200,"#))
    #expect(written.contains(#""fat":13.40,"#))
    #expect(written.contains(#""carbohydrates":2.0,"#))
    #expect(written.hasSuffix(#""note":"edited","custom":{"k":true}}"#))
  }

  @Test func readerGivesAMissingIDOnlyWhenAsked() throws {
    let text = EntryLine().removing("id").text
    let strict = EntryLineReader.read(text, path: "<stdin>", lineNumber: 3)
    #expect(strict.line == nil)
    #expect(strict.diagnostics.first?.headline == "<stdin>:3:1: error: missing required key \"id\"")
    let given = "0b5e2c4a-1f7d-8e3a-9c41-2d6f8a0b1c3e"
    let generated = EntryLineReader.read(text, path: "<stdin>", lineNumber: 3, missingID: given)
    #expect(try #require(generated.line).entry.id == given)
    let withID = EntryLineReader.read(EntryLine().text, path: "<stdin>", lineNumber: 3, missingID: given)
    #expect(try #require(withID.line).entry.id != given)
  }

  @Test func readerLocatesSyntaxAndRuleErrors() {
    let syntax = EntryLineReader.read("{\"id\":", path: "--json", lineNumber: 1)
    #expect(syntax.diagnostics.map(\.headline).first?.hasPrefix("--json:1:7: error:") == true)
    let line = EntryLine(calories: "-5")
    let rule = EntryLineReader.read(line.text, path: "<stdin>", lineNumber: 2)
    #expect(rule.line == nil)
    #expect(rule.diagnostics.first?.location.column == line.valueColumn("calories"))
  }
}
