import Foundation
import PackagePlugin

/// Compiles what a target ships into it, so the binary carries it and still works when copied alone:
/// the command-line tool's manual (`Documentation.docc/*.md`, read by `help TOPIC` and the man page)
/// and the scripts users run beside it (`Scripts/*`, written out by `spark-driver`); the reports'
/// reference data (`DemeterReports/Reference/Data/*.csv`, the Dietary Reference Intakes).
@main
struct EmbedShippedFilesPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let source = context.package.directoryURL.appending(path: "Sources/\(target.name)")
    let embedder = try context.tool(named: "text-embedder").url
    return (Self.folders[target.name] ?? []).map { folderName, suffix, typeName in
      let folder = source.appending(path: folderName)
      let names =
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path(percentEncoded: false))) ?? []
      let files = names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.sorted().map {
        folder.appending(path: $0)
      }
      let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName).swift")
      return .buildCommand(
        displayName: "Embedding \(files.count) files of \(target.name)/\(folderName) as \(typeName)",
        executable: embedder,
        arguments: [output.path(percentEncoded: false), typeName]
          + files.map { $0.path(percentEncoded: false) },
        inputFiles: files, outputFiles: [output])
    }
  }

  /// Each target's embedded folders: the folder, the suffix of its files, the generated type.
  static let folders: [String: [(String, String, String)]] = [
    "DemeterCommandLine": [("Documentation.docc", ".md", "EmbeddedManual"), ("Scripts", "", "EmbeddedScripts")],
    "DemeterReports": [("Reference/Data", ".csv", "EmbeddedReferenceData")],
  ]
}
