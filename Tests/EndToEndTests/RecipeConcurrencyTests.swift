import Foundation
import TestSupport
import Testing

/// Recipe files under concurrent writers and `fmt` (issue 18): every change to a recipe is read,
/// applied and written under one hold of the journal lock, so several processes changing one
/// recipe at once lose nothing, and `fmt` (which formats day files) leaves recipe files alone.
@Suite(.tags(.slow), .slowSuite) struct RecipeConcurrencyTests {
  static let writers = 6
  static let notesPerWriter = 6

  @Test func processesAddingNotesAndBooksToOneRecipeAtOnceLoseNothing() throws {
    let (folder, journal) = try RecipeCommandTests.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    let journalOption = ["--journal", journal]
    #expect(
      try ToolRun.run(["recipe", "add", "-q", "--json", RecipeCommandTests.smallest] + journalOption).status
        == 0)

    let done = DispatchGroup()
    let failures = Failures()
    for writer in 0..<Self.writers {
      DispatchQueue.global().async(group: done) {
        do {
          let book = try ToolRun.run(
            ["recipe", "book", "add", "-q", "Book \(writer)", "oat-banana"] + journalOption)
          if book.status != 0 { failures.add("book \(writer): \(book.stderr)") }
          for note in 0..<Self.notesPerWriter {
            let run = try ToolRun.run(
              [
                "recipe", "note", "-q", "oat-banana", "writer \(writer) note \(note)", "--today",
                "2026-11-21",
              ]
                + journalOption)
            if run.status != 0 { failures.add("note \(writer)/\(note): \(run.stderr)") }
          }
        } catch {
          failures.add("writer \(writer): \(error)")
        }
      }
    }
    // fmt again and again while they write.
    var fmtRuns = 0
    while done.wait(timeout: .now()) == .timedOut {
      let run = try ToolRun.run(["fmt", "-q"] + journalOption)
      #expect(run.status == 0, "\(run.stderr)")
      fmtRuns += 1
    }
    #expect(failures.messages.isEmpty, "\(failures.messages)")

    let show = try ToolRun.run(["recipe", "show", "oat-banana", "-f", "json"] + journalOption)
    #expect(show.status == 0, "\(show.stderr)")
    let stored = try String(
      contentsOfFile: RecipeCommandTests.recipeFile(journal, "oat-banana"), encoding: .utf8)
    for writer in 0..<Self.writers {
      #expect(stored.contains("\"Book \(writer)\""), "book \(writer)")
      // Each writer's notes, in the order it wrote them.
      let positions = (0..<Self.notesPerWriter).compactMap {
        stored.range(of: "{\"text\":\"writer \(writer) note \($0)\",\"created\":\"2026-11-21\"}")?.lowerBound
      }
      #expect(positions.count == Self.notesPerWriter, "writer \(writer)")
      #expect(positions == positions.sorted(), "writer \(writer)")
    }
    #expect(stored.components(separatedBy: "\"text\":").count - 1 == Self.writers * Self.notesPerWriter)
    // Still canonical: re-adding the file as it is changes nothing.
    let file = folder.appendingPathComponent("copy.json").path
    try stored.write(toFile: file, atomically: true, encoding: .utf8)
    let again = try ToolRun.run(["recipe", "add", file, "--replace"] + journalOption)
    #expect(again.stdout.hasPrefix("unchanged: recipe oat-banana"), "\(again.stderr)")
    #expect(try ToolRun.run(["check", "-q"] + journalOption).status == 0)
  }

  @Test func fmtLeavesRecipeFilesByteForByte() throws {
    let (folder, journal) = try RecipeCommandTests.journal()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.removeItem(atPath: journal)
    try FileManager.default.copyItem(
      at: ToolRun.fixtures.appendingPathComponent("recipe-journal"), to: URL(fileURLWithPath: journal))
    // A recipe file in a layout of its own (valid, not canonical) is left as it is too.
    let handMade =
      #"{ "title": "Tea", "id": "tea", "servings": 1, "ingredients": [ {"grams": 240, "ingredient": "#
        + #""usda-sr-14355"} ] }"#
    try handMade.write(
      toFile: RecipeCommandTests.recipeFile(journal, "tea"), atomically: true, encoding: .utf8)
    let recipes = try FileManager.default.contentsOfDirectory(atPath: journal + "/recipes").sorted()
    let before = try recipes.map { try Data(contentsOf: URL(fileURLWithPath: journal + "/recipes/" + $0)) }
    let fmt = try ToolRun.run(["fmt", "--journal", journal])
    #expect(fmt.status == 0, "\(fmt.stderr)")
    let after = try recipes.map { try Data(contentsOf: URL(fileURLWithPath: journal + "/recipes/" + $0)) }
    #expect(recipes == ["lentil-soup.json", "oat-banana.json", "tea.json"])
    #expect(after == before)
    #expect(try ToolRun.run(["check", "-q", "--journal", journal]).status == 0)
  }
}
