import DemeterReporting
import Foundation
import Testing

/// `ExternalGeneratorFinder`: `demeter-report-NAME` programs on PATH, NAME `[a-z0-9-]+` only (manual: output, reliability).
@Suite struct ExternalGeneratorFinderTests {
  @Test(
    arguments: [
      ("demeter-report-pdf", "pdf"),
      ("demeter-report-ods-2", "ods-2"),
      ("demeter-report--", "-"),
      ("demeter-report-", nil),
      ("demeter-report-PDF", nil),
      ("demeter-report-pdf.sh", nil),
      ("demeter-report-with space", nil),
      ("demeter-report-é", nil),
      ("demeter-report-a_b", nil),
      ("demeter-reportpdf", nil),
      ("git-pdf", nil),
    ] as [(String, String?)])
  func generatorName(fileName: String, expected: String?) {
    #expect(ExternalGeneratorFinder.generatorName(fromFileName: fileName) == expected)
  }

  @Test func findsExecutableProgramsWithValidNamesFirstOneWins() throws {
    let folder = try OutputTestFolder()
    let script = "#!/bin/sh\ncat\n"
    // First PATH folder.
    let firstPDF = try folder.file("one/demeter-report-pdf", script, mode: 0o755)
    try folder.file("one/demeter-report-Upper", script, mode: 0o755)
    try folder.file("one/demeter-report-a.b", script, mode: 0o755)
    try folder.file("one/demeter-report-with space", script, mode: 0o755)
    try folder.file("one/demeter-report-", script, mode: 0o755)
    try folder.file("one/demeter-report-plain", script, mode: 0o644)
    try folder.file("one/other-program", script, mode: 0o755)
    try folder.folder("one/demeter-report-folder")
    let real = try folder.file("elsewhere/real-program", script, mode: 0o755)
    #expect(symlink(real, folder.join("one/demeter-report-linked")) == 0)
    #expect(symlink(folder.join("missing"), folder.join("one/demeter-report-dangling")) == 0)
    // Second PATH folder: a duplicate that loses, a new one, and an executable `plain` that wins
    // because the first folder's `plain` is not executable.
    try folder.file("two/demeter-report-pdf", script, mode: 0o755)
    let ods = try folder.file("two/demeter-report-ods", script, mode: 0o755)
    let plain = try folder.file("two/demeter-report-plain", script, mode: 0o700)

    let path = ":\(folder.join("one"))::\(folder.join("absent")):\(folder.join("two")):"
    let found = ExternalGeneratorFinder.find(path: path)
    #expect(
      found == [
        ExternalGenerator(name: "linked", executablePath: folder.join("one/demeter-report-linked")),
        ExternalGenerator(name: "ods", executablePath: ods),
        ExternalGenerator(name: "pdf", executablePath: firstPDF),
        ExternalGenerator(name: "plain", executablePath: plain),
      ])
  }

  @Test func folderWithTrailingSlash() throws {
    let folder = try OutputTestFolder()
    let program = try folder.file("bin/demeter-report-x", "#!/bin/sh\n", mode: 0o755)
    #expect(
      ExternalGeneratorFinder.find(path: folder.join("bin/"))
        == [ExternalGenerator(name: "x", executablePath: program)])
  }

  @Test(arguments: ["", ":", "::", "/nonexistent/demeter/folder"])
  func emptyOrMissingFoldersFindNothing(path: String) {
    #expect(ExternalGeneratorFinder.find(path: path).isEmpty)
  }
}
