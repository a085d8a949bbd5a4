// swift-tools-version:6.0
import PackageDescription

/// The built-in report generators: one target per folder under `Reports/` (SPEC §1, §7), registered
/// in `BuiltInFormats` (target ReportFormats). Listed by name, not found by listing the folder:
/// SwiftPM caches the manifest by its text, so a listed folder would go unseen until this file changed.
let generators = ["CSV", "HTML", "JSON", "Markdown", "Text"]

let package = Package(
  name: "DemeterReport",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "DemeterCore", targets: ["DemeterCore"]),
    .library(name: "DemeterReporting", targets: ["DemeterReporting"]),
    .executable(name: "demeter-report", targets: ["demeter-report"]),
    .executable(name: "demeter-bench", targets: ["demeter-bench"]),
  ],
  targets: [
    .target(name: "DemeterCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "DemeterReporting", dependencies: ["DemeterCore"], plugins: ["EmbedTemplatesPlugin"]),
    .executableTarget(name: "template-embedder"),
    .plugin(
      name: "EmbedTemplatesPlugin", capability: .buildTool(), dependencies: ["template-embedder"],
      path: "Sources/EmbedTemplatesPlugin"),
    /// Linked as one static, position-dependent executable on Linux: no shared library to load, no
    /// symbol to bind and no relocation to apply at start (a dynamic one applies some 27 000), which
    /// is a large part of a small journal's run. Linked by lld: gold warns about the optional `dlopen`
    /// inside the static Swift runtime.
    .executableTarget(
      name: "demeter-report",
      dependencies: ["DemeterCore", "DemeterReporting", "ReportFormats"],
      linkerSettings: [.unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux]))]),
    /// The release-mode benchmark of SPEC §10: the week report query of `shared/bench/QUERY.md`.
    .executableTarget(
      name: "demeter-bench", dependencies: ["DemeterCore", "DemeterReporting", "CSVReport", "HTMLReport"]),
    /// The registry of built-in formats: every target under `Reports/`, one line each.
    .target(
      name: "ReportFormats",
      dependencies: ["DemeterReporting"] + generators.map { .target(name: "\($0)Report") }),
    .testTarget(name: "DemeterCoreTests", dependencies: ["DemeterCore"]),
    /// Helpers shared by the test targets (the strict CSV reader); not part of any product.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "DemeterReportingTests",
      dependencies: ["DemeterCore", "DemeterReporting", "ReportFormats", "TestSupport"]
        + generators.map { .target(name: "\($0)Report") }),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["DemeterCore", "DemeterReporting", "ReportFormats", "TestSupport"]),
  ]
    + generators.map {
      .target(name: "\($0)Report", dependencies: ["DemeterReporting"], path: "Reports/\($0)")
    },
  swiftLanguageModes: [.v6]
)
