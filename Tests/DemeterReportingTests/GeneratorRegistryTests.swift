import CSVReport
import DemeterReporting
import JSONReport
import Testing

/// The registry of built-in generators (SPEC §7): lookup by name and by output file extension.
@Suite struct GeneratorRegistryTests {
  let registry = GeneratorRegistry([JSONGenerator(), CSVGenerator()])

  @Test func namesAreSorted() {
    #expect(registry.names == ["csv", "json"])
  }

  @Test(arguments: ["csv", "json"])
  func lookupByName(name: String) {
    #expect(registry.generator(named: name)?.name == name)
  }

  @Test(arguments: [("csv", "csv"), ("CSV", "csv"), ("json", "json"), ("Json", "json")])
  func lookupByExtension(fileExtension: String, name: String) {
    #expect(registry.generator(forExtension: fileExtension)?.name == name)
  }

  @Test(arguments: ["xml", "", "md"])
  func unknownNamesAndExtensions(text: String) {
    #expect(registry.generator(named: text) == nil)
    #expect(registry.generator(forExtension: text) == nil)
  }

  @Test func csvDescribesItself() {
    let generator = CSVGenerator()
    #expect(generator.fileExtension == "csv")
    #expect(generator.mediaType == "text/csv")
  }
}
