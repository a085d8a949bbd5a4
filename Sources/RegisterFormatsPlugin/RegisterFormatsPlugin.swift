import PackagePlugin

/// Writes the list of built-in generators of the target that uses this plugin from that target's
/// dependencies: one generator for each dependency `<Name>Report` (the target of `Reports/<Name>/`,
/// as Package.swift names them). Package.swift's `generators` is then the one registration line a
/// format needs (manual: output).
@main
struct RegisterFormatsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let formats: [String] = target.dependencies.compactMap {
      guard case .target(let format) = $0, format.name.hasSuffix("Report") else { return nil }
      return "\(format.name)=\(format.name.dropLast("Report".count))"
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "RegisteredFormats.swift")
    return [
      .buildCommand(
        displayName: "Registering \(formats.count) built-in formats from Reports/",
        executable: try context.tool(named: "format-registrar").url,
        arguments: [output.path(percentEncoded: false)] + formats.sorted(),
        inputFiles: [], outputFiles: [output])
    ]
  }
}
