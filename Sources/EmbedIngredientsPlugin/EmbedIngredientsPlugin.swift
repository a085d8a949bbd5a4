import Foundation
import PackagePlugin

/// Compiles the target's ingredient table (`Table/ingredients.jsonl`, its added common names
/// and its source note) into the target that uses this plugin, in `IngredientTable` form with its
/// search index, so the binary carries the foods and still works when copied alone.
@main
struct EmbedIngredientsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Sources/BuiltInIngredients/Table")
    let inputs = ["ingredients.jsonl", "aliases.tsv", "SOURCE.md"].map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedIngredients.swift")
    return [
      .buildCommand(
        displayName: "Embedding the ingredient table from \(target.name)/Table/",
        executable: try context.tool(named: "ingredient-embedder").url,
        arguments: [output.path(percentEncoded: false)] + inputs.map { $0.path(percentEncoded: false) },
        inputFiles: inputs, outputFiles: [output])
    ]
  }
}
