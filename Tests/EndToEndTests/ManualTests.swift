import Foundation
import Testing

/// The manual (manual: testing): its topics are built into the binary (`help`, `help TOPIC`, the man
/// page), every reference to a topic resolves, the README stays short and points at them, and the
/// Spark driver comes from the binary.
@Suite struct ManualTests {
  static let folder = DocumentationCommandsTests.manualFolder

  /// The topics the contents page lists, in order: its `- [NAME](NAME.md): …` lines.
  static let listed: [String] = {
    let contents = (try? String(contentsOf: folder.appendingPathComponent("Manual.md"), encoding: .utf8)) ?? ""
    return contents.split(separator: "\n").compactMap { line in
      line.firstMatch(of: /^- \[([a-z-]+)\]\(([a-z-]+)\.md\)/).flatMap {
        $0.output.1 == $0.output.2 ? String($0.output.1) : nil
      }
    }
  }()

  static let files: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".md") }

  @Test func theContentsPageListsEveryTopicFileOnce() {
    #expect(Self.listed.count >= 15)
    #expect(Set(Self.listed).count == Self.listed.count)
    #expect(Set(Self.listed.map { $0 + ".md" }) == Set(Self.files.filter { $0 != "Manual.md" }))
  }

  @Test func helpListsTheTopicsInOrderAndNoneIsNamedLikeACommand() throws {
    let run = try ToolRun.run(["help"])
    #expect(run.status == 0)
    let topics = HelpTests.section("TOPICS (the manual):", of: run.stdout).compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(topics == Self.listed)
    let commands = HelpTests.section("COMMANDS:", of: run.stdout).compactMap {
      $0.split(separator: " ").first.map(String.init)
    }
    #expect(Set(topics).isDisjoint(with: commands))
  }

  @Test(arguments: listed)
  func eachTopicRendersForATerminal(_ topic: String) throws {
    let run = try ToolRun.run(["help", topic])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 10)
    #expect(lines.first.map { $0 == $0.uppercased() && !$0.isEmpty } == true, "a title first")
    #expect(lines.dropFirst().first?.allSatisfy { $0 == "=" } == true)
    for line in lines where !line.hasPrefix("    ") {
      #expect(line.count <= 80, "wider than 80 columns: \(line)")
      #expect(!line.contains("](") && !line.contains("**"), "Markdown left in: \(line)")
    }
    #expect(!run.stdout.contains("\u{1B}"))
  }

  @Test func anUnknownTopicGetsDidYouMean() throws {
    let run = try ToolRun.run(["help", "reliabilty"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("did you mean 'reliability'?"), "\(run.stderr)")
  }

  @Test func theManPageHasEveryTopic() throws {
    let page = try ManPageTests.page()
    for topic in Self.listed {
      let title = try ToolRun.run(["help", topic]).stdout.split(separator: "\n").first.map(String.init) ?? ""
      let roff = "\"" + title.replacingOccurrences(of: "-", with: "\\-") + "\""
      #expect(page.contains(".SH \(roff)\n"), "\(topic): \(title)")
    }
  }

  /// Every `(manual: NAME, …)` and "the manual's `NAME` topic" in the sources, tests and CI script
  /// names a topic, and nothing cites a section of the product specification, which the repository
  /// does not hold.
  @Test func everyReferenceToTheManualResolves() throws {
    let topics = Set(Self.listed)
    var checked = 0
    for path in try Self.textFiles() {
      let text = try String(contentsOf: path, encoding: .utf8)
      #expect(!text.contains("SPEC " + "§"), "\(path.path) cites a section of a file the repository does not hold")
      for match in text.matches(of: /\(manual: ([a-z-]+(?:, [a-z-]+)*)/) {
        for name in match.output.1.split(separator: ", ") {
          #expect(topics.contains(String(name)), "\(path.lastPathComponent): 'manual: \(name)'")
          checked += 1
        }
      }
      for match in text.matches(of: /manual's `([a-z-]+)`/) {
        #expect(topics.contains(String(match.output.1)), "\(path.lastPathComponent): \(match.output.0)")
        checked += 1
      }
    }
    #expect(checked > 100)
  }

  static func textFiles() throws -> [URL] {
    var files = [ToolRun.packageRoot.appendingPathComponent("README.md")]
    for top in ["Sources", "Tests", "Reports", "Templates", ".ci"] {
      let root = ToolRun.packageRoot.appendingPathComponent(top)
      guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
      for case let url as URL in walker
      where ["swift", "md", "py", "sh", "c", "mustache", "run"].contains(url.pathExtension)
        || url.lastPathComponent == "run"
      {
        if !url.path.contains("/Fixtures/") && !url.path.contains("/Corpus/") { files.append(url) }
      }
    }
    return files
  }

  @Test func theReadmeIsShortAndPointsAtEveryTopic() throws {
    let readme = try String(
      contentsOf: ToolRun.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 250)
    #expect(readme.hasPrefix("# Demeter Report\n\n```sh\nswift run demeter-report week --sample\nswift test\n```"))
    for topic in Self.listed {
      #expect(readme.contains("(Sources/DemeterCommandLine/Documentation.docc/\(topic).md)"), "\(topic)")
    }
  }

  @Test func theReadmesHookIsTheManuals() throws {
    let readme = try String(
      contentsOf: ToolRun.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(!FirstWeekWritingTests.hook.isEmpty)
    #expect(readme.contains("cat > .git/hooks/pre-commit <<'EOF'\n" + FirstWeekWritingTests.hook + "EOF\n"))
  }

  @Test func theSparkDriverComesFromTheBinary() throws {
    let folder = try ToolRun.makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shipped = try Data(
      contentsOf: ToolRun.packageRoot.appendingPathComponent("Sources/DemeterCommandLine/Scripts/cohort_spark.py"))
    let printed = try ToolRun.run(["spark-driver"])
    #expect(printed.status == 0)
    #expect(Data(printed.stdout.utf8) == shipped)
    let file = folder.appendingPathComponent("driver.py")
    let written = try ToolRun.run(["spark-driver", "-o", file.path])
    #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
    #expect(try Data(contentsOf: file) == shipped)
    #expect(!FileManager.default.fileExists(
      atPath: ToolRun.packageRoot.appendingPathComponent("Tests/Tools/spark_cohort.py").path))
  }
}
