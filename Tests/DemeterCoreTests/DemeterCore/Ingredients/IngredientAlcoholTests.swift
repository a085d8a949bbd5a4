import Foundation
import Synchronization
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// Deferred alcohol shares: named without being read, read once on first use, and a journal's
/// ingredient file named by what changes when it does.
@Suite struct IngredientAlcoholTests {
  static let wine = EnergyAlcoholTests.wine
  static let wineLine =
    #"{"id":"wine","name":"wine, red","caloriesPer100g":85,"proteinPer100g":0.07,"carbsPer100g":2.61,"#
    + #""fatPer100g":0,"category":"beverage","micronutrientsPer100g":{"alcohol_g":10.6}}"#

  @Test func deferredSharesAreReadOnceOnFirstUse() {
    let loads = Mutex(0)
    let alcohol = IngredientAlcohol(identity: "test 1") {
      loads.withLock { $0 += 1 }
      return IngredientAlcohol([Self.wine])
    }
    #expect(alcohol.identity == "test 1")
    #expect(alcohol == IngredientAlcohol(identity: "test 1") { IngredientAlcohol() })
    #expect(alcohol != IngredientAlcohol(identity: "test 2") { IngredientAlcohol([Self.wine]) })
    #expect(loads.withLock { $0 } == 0)
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      #expect(alcohol.grams(ofID: "wine", calories: 85_000_000_000) == 10_600_000_000)
    }
    #expect(alcohol.text == IngredientAlcohol([Self.wine]).text)
    #expect(loads.withLock { $0 } == 1)
  }

  @Test func knownSharesAreNamedByTheirText() {
    #expect(IngredientAlcohol([Self.wine]).identity == "shares wine=10600000000/85000000000=wine%2C red")
    #expect(IngredientAlcohol().identity == "shares ")
  }

  @Test func aJournalFileOverridesTheBuiltInSharesAndIsNamedByItsStamp() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alcohol-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(IngredientDatabase.fileName)
    let builtIn = IngredientAlcohol(identity: "built-in x") {
      IngredientAlcohol(text: "beer=4000000000/43000000000")!
    }
    let none = IngredientAlcohol.journal(file: file.path, over: builtIn)
    #expect(none.identity == "built-in x; no ingredient file")
    #expect(none.text == "beer=4000000000/43000000000")

    try Data((Self.wineLine + "\n").utf8).write(to: file)
    let fresh = IngredientAlcohol.journal(file: file.path, over: builtIn)
    #expect(fresh.text == "beer=4000000000/43000000000,wine=10600000000/85000000000=wine%2C red")
    // Just written: the bytes' hash is part of the name, so a same-size change is seen.
    let sameSize = Self.wineLine.replacingOccurrences(of: "10.6", with: "1.06")
    try Data((sameSize + "\n").utf8).write(to: file)
    let changed = IngredientAlcohol.journal(file: file.path, over: builtIn)
    #expect(changed != fresh)
    #expect(changed.text == "beer=4000000000/43000000000,wine=1060000000/85000000000=wine%2C red")
    // An old file is named by size, time and inode alone; touching it renames it.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
    let old = IngredientAlcohol.journal(file: file.path, over: builtIn)
    #expect(old == IngredientAlcohol.journal(file: file.path, over: builtIn))
    #expect(old.identity.split(separator: " ").count == 8)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: file.path)
    #expect(IngredientAlcohol.journal(file: file.path, over: builtIn) != old)
  }

  /// Lines of every kind that can change a share, or look as if they could: plain ids, ids that need
  /// trimming or unescaping, keys in another order, escaped keys, duplicates, invalid lines.
  static func randomLine(using generator: inout some RandomNumberGenerator) -> String {
    let id = ["wine", "beer", "oat", "w ine", " wine", "be\\u0065r", "oat\\n"].randomElement(
      using: &generator)!
    let alcohol = [nil, "0", "4.5", "10.6", "-1"].randomElement(using: &generator)!
    let calories = ["85", "0", "43", "\"x\""].randomElement(using: &generator)!
    let key = ["alcohol_g", "alcohol\\u005fg", "sodium_mg"].randomElement(using: &generator)!
    let micronutrients = alcohol.map { #","micronutrientsPer100g":{"\#(key)":\#($0)}"# } ?? ""
    let fields =
      #""name":"n","caloriesPer100g":\#(calories),"proteinPer100g":0,"carbsPer100g":1,"#
      + #""fatPer100g":0,"category":"beverage""# + micronutrients
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: return #"{\#(fields),"id":"\#(id)"}"#
    case 1: return #" {"id":"\#(id)",\#(fields)}"#
    case 2: return #"{"id":"\#(id)","id":"oat",\#(fields)}"#
    case 3: return #"{"id":"\#(id)""#
    default: return #"{"id":"\#(id)",\#(fields)}"#
    }
  }

  @Test func readingOnlyTheLinesThatCanChangeASharesEqualsDecodingEveryLine() {
    var generator = SystemRandomNumberGenerator()
    let builtIn = IngredientAlcohol(text: "beer=4000000000/43000000000,gin=33000000000/263000000000")!
    for _ in 0..<600 {
      let lines = (0..<Int.random(in: 0...8, using: &generator)).map { _ in Self.randomLine(using: &generator)
      }
      let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
      var reference = builtIn
      reference.update(with: IngredientDatabase.load(bytes: bytes, path: "i.jsonl").database.ingredients)
      #expect(builtIn.updated(withLines: bytes, path: "i.jsonl").text == reference.text, "\(lines)")
    }
  }
}
