import BuiltInIngredients
import DemeterCore

/// The "1000+ ingredients supported" contract: an ingredient file loaded with `IngredientDatabase`,
/// indexed once (`IngredientIndex`) and searched in the index. A file with fewer than 1000 ingredients (a
/// corpus's own, the
/// sample's) is grown to 10 000 with renamed copies, so the contract is always tested at scale. Then
/// the built-in USDA table: opening it and one search in it (`IngredientCatalog`, as `ingredients
/// search` does), which must take under 1 ms.
struct IngredientBenchmark: Sendable {
  /// Searches a person might type, taken in turn.
  static let queries = [
    "butter", "chicken breast", "rice", "apple", "egg", "cheddar cheese", "milk", "bread",
  ]
  static let minimumCount = 1000
  static let syntheticCount = 10_000

  /// Where the ingredients come from, for the row names.
  var source: String
  /// The ingredient lines that are loaded.
  var bytes: [UInt8]
  var database: IngredientDatabase
  var errors: Int

  /// The ingredients of `path`, else of the corpus folder's `ingredients.jsonl`, else of the sample.
  static func prepare(path: String?, corpus: Corpus) throws(BenchError) -> IngredientBenchmark {
    var source: String
    var bytes: [UInt8]
    let corpusFile = corpus.folder.map { $0 + "/" + IngredientDatabase.fileName }
    if let path = path ?? corpusFile.flatMap({ FileBytes.exists($0) ? $0 : nil }) {
      do throws(FileBytes.ReadError) {
        bytes = try FileBytes.read(path, limit: .ingredients)
      } catch {
        throw BenchError("\(path): \(error.message)")
      }
      source = path
    } else {
      bytes = SampleJournal.ingredientsText
      source = "the sample journal's"
    }
    var load = IngredientDatabase.load(bytes: bytes, path: source)
    if load.database.count < minimumCount, load.database.count > 0 {
      source = "\(syntheticCount) copies of \(load.database.count) from \(source)"
      bytes = grown(load.database.ingredients)
      load = IngredientDatabase.load(bytes: bytes, path: source)
    }
    return IngredientBenchmark(
      source: source, bytes: bytes, database: load.database,
      errors: load.diagnostics.count { $0.severity == .error })
  }

  /// `syntheticCount` ingredient lines: the given ones, then copies with `-N` ids and ` N` names.
  private static func grown(_ ingredients: [Ingredient]) -> [UInt8] {
    var text = ""
    for index in 0..<syntheticCount {
      let copy = index / ingredients.count
      var object = ingredients[index % ingredients.count].jsonObject()
      if copy > 0 {
        for member in object.members.indices {
          guard case .string(let value) = object.members[member].value else { continue }
          if object.members[member].key == "id" { object.members[member].value = .string("\(value)-\(copy)") }
          if object.members[member].key == "name" {
            object.members[member].value = .string("\(value) \(copy)")
          }
        }
      }
      JSONWriter.write(.object(object), into: &text)
      text += "\n"
    }
    return Array(text.utf8)
  }

  func results(batches: Int) -> [ContractResult] {
    let count = database.count
    let load = OperationTimer.secondsPerCall(batches: batches) { _ in
      IngredientDatabase.load(bytes: bytes, path: source).database.count
    }
    let indexing = OperationTimer.secondsPerCall(batches: batches) { _ in
      IngredientIndex(database.ingredients).foodCount
    }
    let index = IngredientIndex(database.ingredients)
    let search = OperationTimer.secondsPerCall(batches: batches) { call in
      index.search(Self.queries[call % Self.queries.count]).hits.count
    }
    let table = BuiltInIngredients.table
    let open = OperationTimer.secondsPerCall(batches: batches) { _ in
      (try? IngredientTable(bytes: BuiltInIngredients.tableBytes, verified: true).makeIndex())?.foodCount ?? 0
    }
    let catalog = BuiltInIngredients.catalog(own: IngredientDatabase())
    let builtInSearch = OperationTimer.secondsPerCall(batches: batches) { index in
      catalog.search(Self.queries[index % Self.queries.count], limit: 20).total
    }
    return [
      ContractResult(
        name: "1000+ ingredients supported (\(source), \(errors) errors)", unit: .count,
        measured: Double(errors == 0 ? count : 0), limit: Double(Self.minimumCount), isMinimum: true),
      ContractResult(name: "  loading those \(count) ingredients", unit: .seconds, measured: load),
      ContractResult(name: "  indexing them (IngredientIndex)", unit: .seconds, measured: indexing),
      ContractResult(
        name: "  one search among them (IngredientIndex.search, as a typical query)", unit: .seconds,
        measured: search, limit: 0.010),
      ContractResult(
        name: "built-in table (\(table.count) USDA foods): opening it and reading its index", unit: .seconds,
        measured: open),
      ContractResult(
        name: "  one search in it, 20 best decoded (IngredientCatalog)", unit: .seconds,
        measured: builtInSearch,
        limit: 0.001),
    ]
  }
}
