import DemeterCore

extension JournalSource {
  /// The journal's plan files (the sample's plan for the sample).
  public func plans() throws(CommandError) -> [PlanDocument] {
    switch self {
    case .folder(let layout):
      do throws(ModelError) {
        return try PlanStore(journal: layout.journal).readAll()
      } catch {
        throw .io(error.message)
      }
    case .sample(let last):
      let file = SampleJournal.planFile(endingOn: last)
      return [PlanDocument(bytes: file.bytes, path: "\(SampleJournal.folder)/\(file.path)")]
    }
  }

  /// The journal's plan named `name` (`MealPlan.name`), by its name or its file's.
  /// - Throws: a usage error naming the plans there are when there is none.
  public func plan(named name: String) throws(CommandError) -> PlanDocument {
    let documents = try plans()
    guard let document = documents.first(where: { $0.plan?.name == name || $0.fileName == name }) else {
      let known = documents.compactMap(\.fileName)
      throw .usage(
        "no plan for \(name)"
          + (known.isEmpty
            ? "; add one with 'demeter-report plan add FILE'"
            : "; the plans are \(known.joined(separator: ", "))"))
    }
    return document
  }

  /// The journal's valid recipes by id, as a lookup (the sample's for the sample).
  public func recipes() throws(CommandError) -> (String) -> Recipe? {
    let documents: [RecipeDocument]
    switch self {
    case .folder(let layout):
      do throws(ModelError) {
        documents = try RecipeStore(journal: layout.journal).readAll()
      } catch {
        throw .io(error.message)
      }
    case .sample:
      documents = SampleJournal.recipeDocuments
    }
    var byID: [String: Recipe] = [:]
    for document in documents { if let recipe = document.recipe { byID[recipe.id] = recipe } }
    return { byID[$0] }
  }
}

extension PlanDocument {
  /// The name of its file (`plans/NAME.json`).
  public var fileName: String? {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    guard file.hasSuffix(JournalLayout.planFileExtension) else { return nil }
    return String(file.dropLast(JournalLayout.planFileExtension.count))
  }

  /// The plan resolved against `recipe` and `ingredient`; its problems said on `console` and the run
  /// ended (journal errors) when it cannot be.
  public func resolved(
    recipe: (String) -> Recipe?, ingredient: (String) -> Ingredient?, _ console: inout Console
  ) throws(CommandError) -> PlanNutrition {
    for diagnostic in diagnostics { console.error(diagnostic.rendered) }
    do throws(Diagnostic) {
      return try resolved(recipe: recipe, ingredient: ingredient)
    } catch {
      console.error(error.rendered)
      throw .journalErrors(count: 1)
    }
  }
}
