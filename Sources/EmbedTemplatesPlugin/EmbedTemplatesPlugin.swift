import Foundation
import PackagePlugin

/// Compiles the package's `Templates/*.mustache` into the target that uses this plugin, so the
/// binary carries its built-in templates and still works when copied alone.
@main
struct EmbedTemplatesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Templates")
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))) ?? []
    let templates = names.filter { $0.hasSuffix(".mustache") }.sorted().map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(templates.count) templates from Templates/",
        executable: try context.tool(named: "text-embedder").url,
        arguments: [output.path(percentEncoded: false), "EmbeddedTemplates"] + templates.map { $0.path(percentEncoded: false) },
        inputFiles: templates, outputFiles: [output])
    ]
  }
}
