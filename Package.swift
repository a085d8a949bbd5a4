// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "DemeterReport",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "DemeterCore", targets: ["DemeterCore"]),
    .library(name: "DemeterReporting", targets: ["DemeterReporting"]),
    .executable(name: "demeter-report", targets: ["demeter-report"]),
  ],
  targets: [
    .target(name: "DemeterCore", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .target(name: "DemeterReporting", dependencies: ["DemeterCore"]),
    .target(name: "CSVReport", dependencies: ["DemeterReporting"], path: "Reports/CSV"),
    .target(name: "JSONReport", dependencies: ["DemeterReporting"], path: "Reports/JSON"),
    .executableTarget(
      name: "demeter-report", dependencies: ["DemeterCore", "DemeterReporting", "CSVReport", "JSONReport"]),
    .testTarget(name: "DemeterCoreTests", dependencies: ["DemeterCore"]),
    .testTarget(
      name: "DemeterReportingTests", dependencies: ["DemeterReporting", "CSVReport", "JSONReport"]),
    .testTarget(name: "EndToEndTests", dependencies: ["DemeterCore"]),
  ],
  swiftLanguageModes: [.v6]
)
