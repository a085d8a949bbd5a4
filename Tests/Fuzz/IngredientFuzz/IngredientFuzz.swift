@testable import DemeterCore
@testable import DemeterDigests
@testable import DemeterFoundation
@testable import DemeterJournal

/// libFuzzer entry: the input is an ingredient file (`ingredients.jsonl`). Reading it never fails;
/// every problem is located; writing it back gives the same bytes, and reading those gives the same
/// ingredients; a search for the first ingredient's name finds it.
@_cdecl("LLVMFuzzerTestOneInput")
public func ingredientFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let file = IngredientFile(bytes: bytes, path: "ingredients.jsonl")
  for diagnostic in file.diagnostics {
    FuzzCheck.that(
      diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "unlocated: \(diagnostic)")
  }
  FuzzCheck.same(file.bytes, bytes, "an unchanged ingredient file was not written back byte for byte")
  let ingredients = file.ingredients
  FuzzCheck.same(ingredients.count, file.count, "ingredients and their index disagree")
  for ingredient in ingredients.prefix(4) {
    FuzzCheck.same(file.ingredient(withID: ingredient.id), ingredient, "an ingredient is not found by its id")
    let line = IngredientFile.encode(ingredient)
    let reread = IngredientFile(bytes: line + [0x0A], path: "encoded.jsonl")
    FuzzCheck.same(reread.ingredients, [ingredient], "an encoded ingredient does not read back the same")
    let found = IngredientSearch.search(ingredients, query: ingredient.name)
    FuzzCheck.that(
      ingredient.name.allSatisfy(\.isWhitespace) || found.contains(ingredient),
      "searching for an ingredient's own name does not find it: \(ingredient.name)")
  }
  return 0
}
