import DemeterCore
import DemeterReporting
import DemeterReports

/// `ingredients add`, `rm` and `import`: the ingredient the options give, written by
/// `IngredientFileChanges`.
extension IngredientsCommand {
  static func add(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.isEmpty else {
      throw .usage(
        "ingredients add takes options only (got '\(TextEscaping.singleLine(arguments.positionals[0]))')")
    }
    let context = try JournalWriteContext(arguments)
    let ingredient: Ingredient
    if arguments.has(json) {
      guard let decoded = try ingredientFromJSON(arguments, &console) else { return 1 }
      ingredient = decoded
    } else {
      ingredient = try ingredientFromOptions(arguments)
    }
    try changes(context, arguments).add(ingredient, &console)
    return 0
  }

  static func remove(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32 {
    guard arguments.positionals.count == 1, let id = arguments.positionals.first else {
      throw .usage("ingredients rm needs one ID, e.g. 'demeter-report ingredients rm custom-granola'")
    }
    let context = try JournalWriteContext(arguments)
    try changes(context, arguments).remove(
      id, force: arguments.has(force), usesCache: CommonOptions.usesCache(arguments), &console)
    return 0
  }

  static func importFile(_ arguments: ParsedArguments, _ console: inout Console) throws(CommandError) -> Int32
  {
    guard arguments.positionals.count == 1, let source = arguments.positionals.first else {
      throw .usage(
        "ingredients import needs one FILE, e.g. 'demeter-report ingredients import my-foods.jsonl'")
    }
    let bytes: [UInt8]
    do throws(FileBytes.ReadError) {
      bytes = try FileBytes.read(source, limit: .ingredients)
    } catch {
      throw .io("cannot read '\(TextEscaping.singleLine(source))': \(error.message)")
    }
    let context = try JournalWriteContext(arguments)
    return try changes(context, arguments).importFile(bytes, source: source, &console) ? 0 : 1
  }

  // MARK: - Building the ingredient

  /// `--json LINE`: one ingredients.jsonl line, or nil when it is not a valid ingredient (its problem
  /// is printed, located in the line like a file's).
  private static func ingredientFromJSON(_ arguments: ParsedArguments, _ console: inout Console)
    throws(CommandError) -> Ingredient?
  {
    let fieldOptions =
      [id, name] + per100gOptions.map(\.option) + [category, servingGrams, servingDescription, alias]
    if let stray = fieldOptions.first(where: { arguments.has($0) }) {
      throw .usage("give either --json or --\(stray.long) and the other field options, not both")
    }
    let line = arguments.value(json) ?? ""
    let load = IngredientDatabase.load(bytes: Array(line.utf8), path: "--json")
    if let problem = load.diagnostics.first {
      console.error(problem.rendered)
      return nil
    }
    guard let ingredient = load.database.ingredients.first, load.database.count == 1 else {
      throw .usage("--json must be one ingredient object on one line")
    }
    return ingredient
  }

  /// The ingredient the field options describe (a custom, unverified one).
  private static func ingredientFromOptions(_ arguments: ParsedArguments) throws(CommandError) -> Ingredient {
    func missing(_ option: OptionSpec) -> CommandError {
      let needed = ([id, name] + requiredPer100gOptions).map { "--" + $0.long }.joined(separator: ", ")
      return .usage(
        "ingredients add needs \(needed) and --\(category.long) (or --json LINE); --\(option.long) is missing"
      )
    }
    func required(_ option: OptionSpec) throws(CommandError) -> String {
      guard let text = arguments.value(option) else { throw missing(option) }
      return text
    }
    func number(_ option: OptionSpec, _ text: String) throws(CommandError) -> Double {
      // JSON's number syntax: no inf, nan or hexadecimal, which Double(_:) would take.
      guard case .number? = try? JSONParser().parse(text), let value = Double(text) else {
        throw .usage("--\(option.long) must be a number (got '\(TextEscaping.singleLine(text))')")
      }
      return value
    }
    func optionalNumber(_ option: OptionSpec) throws(CommandError) -> Double? {
      guard let text = arguments.value(option) else { return nil }
      return try number(option, text)
    }
    let identifier = try required(id)
    let ingredientName = try required(name)
    var per100g = NutrientQuantities()
    for (nutrient, option) in per100gOptions where nutrient.isRequired {
      per100g[nutrient] = try number(option, try required(option))
    }
    guard let group = try categoryValue(arguments) else { throw missing(category) }
    for (nutrient, option) in per100gOptions where !nutrient.isRequired {
      per100g[nutrient] = try optionalNumber(option)
    }
    let servingSize = try optionalNumber(servingGrams) ?? 100
    do throws(ModelError) {
      return try Ingredient(
        id: identifier, name: ingredientName,
        aliases: arguments.value(alias).map { $0.split(separator: ",").map(String.init) } ?? [],
        nutrientsPer100g: per100g, commonServingSize: servingSize,
        commonServingDescription: arguments.value(servingDescription), category: group)
    } catch {
      throw .usage("ingredients add: \(optionNames(in: error.message))")
    }
  }

  /// A validation message in terms of the options: `"caloriesPer100g" must be …` → `--calories must be …`.
  private static func optionNames(in message: String) -> String {
    let keys =
      per100gOptions.map { ("\"\($0.nutrient.per100gKey)\"", "--" + $0.option.long) } + [
        ("\"commonServingSize\"", "--serving-grams"), ("\"id\"", "--id"), ("\"name\"", "--name"),
      ]
    var text = message
    for (key, option) in keys { text = text.replacingAll(key, with: option) }
    return text
  }

  /// The changes to the journal's ingredient file, said unless `--quiet`.
  private static func changes(_ context: JournalWriteContext, _ arguments: ParsedArguments)
    -> IngredientFileChanges
  {
    var changes = IngredientFileChanges(journal: context.journal, lockWaiting: context.lockWaiting)
    changes.quiet = arguments.has(CommonOptions.quiet)
    return changes
  }
}
