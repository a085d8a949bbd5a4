// swift-tools-version:6.0
import PackageDescription

/// The built-in report generators: one target per folder under `Reports/` (manual: architecture, output). This is a
/// format's one registration line: `ReportFormats` depends on each, and its build writes
/// `BuiltInFormats` from those dependencies (`RegisterFormatsPlugin`). Listed by name, not found by
/// listing the folder: SwiftPM caches the manifest by its text, so a listed folder would go unseen
/// until this file changed.
let generators = ["CSV", "HTML", "JSON", "Markdown", "Text"]

/// Release code reaches the metadata of generic types (`[FlaggedEntry]`, `[String: Tally]`, …)
/// through their accessor functions, not by demangling their names at run time. An unsafe flag, so
/// only on executables: SwiftPM refuses a dependency whose library product has one (manual:
/// architecture). The libraries' own generic types then cost 6–8 % of a warm small report's
/// instructions, which `swift build -c release -Xswiftc -Xfrontend -Xswiftc <this flag>` wins back.
let directMetadata: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]

let package = Package(
  name: "DemeterReport",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "DemeterCore", targets: ["DemeterCore"]),
    .library(name: "DemeterReporting", targets: ["DemeterReporting"]),
    /// The built-in report formats by name (`BuiltInFormats`), for a package that renders reports.
    .library(name: "ReportFormats", targets: ["ReportFormats"]),
    /// The USDA SR28 food table and its alcohol, which the energy check of reports uses.
    .library(name: "BuiltInIngredients", targets: ["BuiltInIngredients"]),
    /// Any report from any source: a `ReportRequest` made and written by `ReportMaker`.
    .library(name: "DemeterReports", targets: ["DemeterReports"]),
    .executable(name: "demeter-report", targets: ["demeter-report"]),
    .executable(name: "demeter-bench", targets: ["demeter-bench"]),
  ],
  targets: [
    /// The engine in three layers, each importing only those below it (manual: architecture):
    /// numbers, text, time, JSON, system calls and diagnostics; the journal's entries, files, reading,
    /// transactions and cache files; day digests, their cache, cohorts, digest files and summaries.
    .target(
      name: "DemeterFoundation",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "DemeterJournal", dependencies: ["DemeterFoundation"]),
    .target(name: "DemeterDigests", dependencies: ["DemeterFoundation", "DemeterJournal"]),
    /// What a journal holds beyond its entries (config, foods, recipes, plans), writing to it, importing into
    /// it and the sample; `import DemeterCore` also brings the three layers below.
    .target(name: "DemeterCore", dependencies: ["DemeterFoundation", "DemeterJournal", "DemeterDigests"]),
    .target(
      name: "DemeterReporting", dependencies: ["DemeterCore"], plugins: ["EmbedTemplatesPlugin"]),
    .executableTarget(name: "text-embedder"),
    .plugin(
      name: "EmbedTemplatesPlugin", capability: .buildTool(), dependencies: ["text-embedder"],
      path: "Sources/EmbedTemplatesPlugin"),
    .plugin(
      name: "EmbedShippedFilesPlugin", capability: .buildTool(), dependencies: ["text-embedder"],
      path: "Sources/EmbedShippedFilesPlugin"),
    /// The USDA SR28 table of its `Table/` folder, compiled in with its search index (manual: journal).
    .target(
      name: "BuiltInIngredients", dependencies: ["DemeterCore"], exclude: ["Table"],
      plugins: ["EmbedIngredientsPlugin"]),
    .executableTarget(name: "ingredient-embedder", dependencies: ["DemeterCore"]),
    .plugin(
      name: "EmbedIngredientsPlugin", capability: .buildTool(), dependencies: ["ingredient-embedder"],
      path: "Sources/EmbedIngredientsPlugin"),
    /// What the application does with a request (manual: architecture): journals, cohorts and digest files as
    /// report sources, the settings resolved once, the output format chosen once, and the one maker of
    /// every report kind; the console it writes to. The entries export's CSV rows are escaped by the
    /// CSV format's own cells (`CSVReport`). The Dietary Reference Intakes (`Reference/Data`) are
    /// compiled in.
    .target(
      name: "DemeterReports",
      dependencies: ["DemeterCore", "DemeterReporting", "BuiltInIngredients", "ReportFormats", "CSVReport"],
      exclude: ["Reference/Data"], plugins: ["EmbedShippedFilesPlugin"]),
    /// The command layer: arguments, commands, help, the `Console` they write to. A library so that
    /// tests run commands in-process; its manual (`Documentation.docc`) and the scripts users run
    /// beside the tool (`Scripts/`) are compiled in.
    .target(
      name: "DemeterCommandLine",
      dependencies: ["DemeterCore", "DemeterReporting", "BuiltInIngredients", "ReportFormats", "DemeterReports"],
      exclude: ["Scripts"],
      plugins: ["EmbedShippedFilesPlugin"]),
    /// Linked as one static, position-dependent executable on Linux: no shared library to load, no
    /// symbol to bind and no relocation to apply at start (a dynamic one applies some 27 000), which
    /// is a large part of a small journal's run. Linked by lld: gold warns about the optional `dlopen`
    /// inside the static Swift runtime.
    .executableTarget(
      name: "demeter-report",
      dependencies: ["DemeterCommandLine"],
      swiftSettings: directMetadata,
      linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux]))]),
    /// The release-mode benchmark of the manual's `performance` topic: the week report query of `shared/bench/QUERY.md`.
    .executableTarget(
      name: "demeter-bench",
      dependencies: ["DemeterCore", "DemeterReporting", "BuiltInIngredients", "CSVReport", "HTMLReport"],
      swiftSettings: directMetadata),
    /// The registry of built-in formats: every target under `Reports/`, its list written at build
    /// time from these dependencies.
    .target(
      name: "ReportFormats",
      dependencies: ["DemeterReporting"] + generators.map { .target(name: "\($0)Report") },
      plugins: ["RegisterFormatsPlugin"]),
    .executableTarget(name: "format-registrar"),
    .plugin(
      name: "RegisterFormatsPlugin", capability: .buildTool(), dependencies: ["format-registrar"],
      path: "Sources/RegisterFormatsPlugin"),
    .testTarget(name: "DemeterCoreTests", dependencies: ["DemeterCore"]),
    .testTarget(
      name: "DemeterReportsTests",
      dependencies: ["DemeterCore", "DemeterReporting", "DemeterReports", "CSVReport", "TestSupport"]),
    .testTarget(name: "BuiltInIngredientsTests", dependencies: ["DemeterCore", "BuiltInIngredients"]),
    /// Helpers shared by the test targets (the strict CSV reader); not part of any product.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "DemeterReportingTests",
      dependencies: ["DemeterCore", "DemeterReporting", "ReportFormats", "TestSupport"]
        + generators.map { .target(name: "\($0)Report") }),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "DemeterCore", "DemeterReporting", "ReportFormats", "TestSupport", "DemeterReports", "DemeterCommandLine",
      ]),
  ]
    + generators.map {
      .target(
        name: "\($0)Report", dependencies: ["DemeterReporting"], path: "Reports/\($0)")
    },
  swiftLanguageModes: [.v6]
)
