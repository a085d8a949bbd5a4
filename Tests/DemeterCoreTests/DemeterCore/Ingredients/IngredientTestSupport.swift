import Foundation
import Testing

@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// The ingredient database tests (manual: journal, writing), grouped so `swift test --filter Ingredient` runs them.
@Suite enum IngredientDatabaseTests {}

/// Builders and fixtures shared by the ingredient database tests.
enum IngredientFixtures {
  /// `Tests/Fixtures/ingredients-excerpt.jsonl`: 50 lines of the shared USDA SR28 table, byte for byte.
  static let excerptPath = JournalTesting.packageRoot + "/Tests/Fixtures/ingredients-excerpt.jsonl"

  /// The whole shared table (8 789 foods), when this checkout sits next to `shared/`.
  static let sharedTablePath: String? = {
    let candidates = [
      JournalTesting.packageRoot + "/../shared/data/ingredients/ingredients.jsonl",
      "/work/shared/data/ingredients/ingredients.jsonl",
    ]
    return candidates.first { FileManager.default.fileExists(atPath: $0) }
  }()

  static func excerpt() throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: excerptPath)))
  }

  /// The excerpt's lines (without line ends).
  static func excerptLines() throws -> [String] {
    String(decoding: try excerpt(), as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// A custom ingredient with the given id and name.
  static func custom(
    _ id: String, _ name: String, aliases: [String] = [], calories: Double = 100,
    category: IngredientCategory = .grain, verification: VerificationStatus = .unverified
  ) throws -> Ingredient {
    try Ingredient(
      id: id, name: name, aliases: aliases, caloriesPer100g: calories, proteinPer100g: 1, carbsPer100g: 2,
      fatPer100g: 3, category: category, verificationStatus: verification)
  }

  /// The bytes of the file at `path`.
  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The file's lines, each with its line end, so tests can compare them byte for byte.
  static func rawLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in bytes {
      current.append(byte)
      if byte == 0x0A {
        lines.append(current)
        current = []
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
