import DemeterFoundation
import DemeterJournal

/// A plan file as read (`<journal>/plans/NAME.json`, or a file given to `plan add`): the plan, nil
/// when the file has an error, and every problem found, located as `path:line:column` with the line
/// and a caret (`PlanReader` says what is checked). A byte order mark is tolerated.
public struct PlanDocument: Sendable {
  /// The file's path, as diagnostics name it.
  public let path: String
  /// The plan; nil when `diagnostics` holds an error.
  public private(set) var plan: MealPlan?
  /// Every problem found, in the order met.
  public private(set) var diagnostics: [Diagnostic]
  private let bytes: [UInt8]
  private let textStart: Int
  private let itemOffsets: [PlanItemPlace: Int]

  /// The plan in `bytes`; `path` names the file in diagnostics.
  public init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
    textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var reader = PlanReader()
    do throws(JSONSyntaxError) {
      let start = textStart
      let value = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
        try JSONParser().parse(UnsafeBufferPointer(rebasing: buffer[start...]))
      }
      plan = reader.plan(value)
    } catch {
      reader.values.fail(error.offset, error.message)
    }
    itemOffsets = reader.itemOffsets
    diagnostics = []
    for problem in reader.values.problems { report(at: problem.offset, problem.message) }
  }

  /// Reads the plan file at `path`; nil when there is no such file.
  /// - Throws: `ModelError.persistenceError` when it exists but cannot be read.
  public static func read(path: String) throws(ModelError) -> PlanDocument? {
    do throws(FileBytes.ReadError) {
      return PlanDocument(bytes: try FileBytes.read(path, limit: .plan), path: path)
    } catch {
      if !FileBytes.exists(path) { return nil }
      throw .persistenceError("'\(TerminalSafeText.sanitize(path).text)': \(error.message)")
    }
  }

  /// Requires the plan's name to be `name` (a file's name says which period it plans): else an
  /// error at the start, and no plan.
  public mutating func requireName(_ name: String) {
    guard let plan, plan.name != name else { return }
    report(
      at: 0,
      "the plan is for \(plan.name) but the file is named '\(name)\(JournalLayout.planFileExtension)'; "
        + "a plan file is named for its period")
    self.plan = nil
  }

  /// The plan with every item's nutrition and ingredients (`PlanNutrition.resolve`).
  /// - Throws: the first item that cannot be resolved, located at the item.
  public func resolved(recipe: (String) -> Recipe?, ingredient: (String) -> Ingredient?) throws(Diagnostic)
    -> PlanNutrition
  {
    guard let plan else {
      throw diagnostics.first
        ?? Diagnostic(.error, SourceLocation(path: path, line: 1, column: 1), "not a plan")
    }
    do throws(PlanNutritionError) {
      return try PlanNutrition.resolve(plan, recipe: recipe, ingredient: ingredient)
    } catch {
      let offset = itemOffsets[error.place] ?? 0
      throw Diagnostic(.error, at: offset, ofTextFrom: textStart, in: bytes, path: path, error.message)
    }
  }

  /// An error located at the first item planned on `date` (at the file's start when it has none).
  public func diagnostic(on date: CivilDate, _ message: String) -> Diagnostic {
    let offset = itemOffsets.filter { $0.key.date == date }.map(\.value).min() ?? 0
    return Diagnostic(.error, at: offset, ofTextFrom: textStart, in: bytes, path: path, message)
  }

  private mutating func report(at offset: Int, _ message: String) {
    diagnostics.append(Diagnostic(.error, at: offset, ofTextFrom: textStart, in: bytes, path: path, message))
  }
}
