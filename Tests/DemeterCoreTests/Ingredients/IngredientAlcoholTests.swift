import Foundation
import Synchronization
import Testing

@testable import DemeterCore

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
    #expect(IngredientAlcohol([Self.wine]).identity == "shares wine=10600000000/85000000000")
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
    #expect(fresh.text == "beer=4000000000/43000000000,wine=10600000000/85000000000")
    // Just written: the bytes' hash is part of the name, so a same-size change is seen.
    let sameSize = Self.wineLine.replacingOccurrences(of: "10.6", with: "1.06")
    try Data((sameSize + "\n").utf8).write(to: file)
    let changed = IngredientAlcohol.journal(file: file.path, over: builtIn)
    #expect(changed != fresh)
    #expect(changed.text == "beer=4000000000/43000000000,wine=1060000000/85000000000")
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
}
