// swift-tools-version:6.0
import PackageDescription

/// The built-in report generators: one target per folder under `Reports/` (SPEC §1, §7).
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
    /// Linked with the Swift runtime inside on Linux: a report starts in about 2 ms instead of 3
    /// (no shared Swift libraries to load and bind), which is most of a small journal's run.
    .executableTarget(
      name: "demeter-report",
      dependencies: ["DemeterCore", "DemeterReporting"] + generators.map { .target(name: "\($0)Report") },
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),
    /// The release-mode benchmark of SPEC §10: the week report query of `shared/bench/QUERY.md`.
    .executableTarget(
      name: "demeter-bench", dependencies: ["DemeterCore", "DemeterReporting", "CSVReport", "HTMLReport"]),
    .testTarget(name: "DemeterCoreTests", dependencies: ["DemeterCore"]),
    /// Helpers shared by the test targets (the strict CSV reader); not part of any product.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "DemeterReportingTests",
      dependencies: ["DemeterCore", "DemeterReporting", "TestSupport"]
        + generators.map { .target(name: "\($0)Report") }),
    .testTarget(name: "EndToEndTests", dependencies: ["DemeterCore", "TestSupport"]),
  ]
    + generators.map {
      .target(name: "\($0)Report", dependencies: ["DemeterReporting"], path: "Reports/\($0)")
    },
  swiftLanguageModes: [.v6]
)
