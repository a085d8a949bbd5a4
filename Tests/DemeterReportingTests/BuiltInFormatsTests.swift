import DemeterReporting
import ReportFormats
import Testing

/// The registry of built-in formats (manual: output), iterated as SwiftLint's tests iterate its reporters:
/// each registered format is found by its name, describes itself, and renders every hostile report
/// to the same bytes twice. A format added to the registry is in every one of these tests.
@Suite struct BuiltInFormatsTests {
  @Test func namesAreSortedAndUnique() {
    #expect(BuiltInFormats.names == BuiltInFormats.names.sorted())
    #expect(Set(BuiltInFormats.names).count == BuiltInFormats.names.count)
  }

  @Test func fileExtensionsAreUnique() {
    let extensions = BuiltInFormats.generators.map(\.fileExtension)
    #expect(Set(extensions).count == extensions.count)
  }

  @Test(arguments: BuiltInFormats.names)
  func lookupByName(name: String) {
    #expect(BuiltInFormats.generator(named: name)?.name == name)
  }

  @Test(arguments: ["xml", "", "CSV", "md"])
  func unknownNames(text: String) {
    #expect(BuiltInFormats.generator(named: text) == nil)
  }

  @Test(arguments: BuiltInFormats.names)
  func describesItself(name: String) throws {
    let generator = try #require(BuiltInFormats.generator(named: name))
    #expect(name == name.lowercased() && !name.isEmpty)
    #expect(generator.fileExtension == generator.fileExtension.lowercased())
    #expect(!generator.fileExtension.isEmpty && !generator.fileExtension.contains("."))
    #expect(generator.mediaType.contains("/"))
    #expect(!generator.summary.isEmpty && !generator.summary.contains("\n"))
  }

  @Test(arguments: BuiltInFormats.names)
  func rendersEveryReportTheSameTwice(name: String) throws {
    let generator = try #require(BuiltInFormats.generator(named: name))
    for hostile in HostileReports.all {
      let first = try generator.render(hostile.report, options: RenderOptions())
      #expect(!first.isEmpty, "\(hostile.name)")
      #expect(try generator.render(hostile.report, options: RenderOptions()) == first, "\(hostile.name)")
    }
  }
}
