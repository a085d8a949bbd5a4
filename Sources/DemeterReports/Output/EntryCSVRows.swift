import CSVReport
import DemeterCore
import DemeterReporting

/// The rows of `entries -f csv` (`EntryCSVExport`), each made straight from its entry as the line is
/// read: the cells the CSV format writes for the entries table's row (`ReportBuilder.entryCells`),
/// an optional nutrient the line does not state empty, then the tags, the note and the
/// micronutrients, each cell escaped from the line's bytes (`CSVField`), numbers from their exact
/// values. A record is put together in a buffer on the stack and appended at once.
struct EntryCSVRows: EntryRecordRenderer {
  /// The micronutrient columns' names, in column order.
  private let micronutrients: [[UInt8]]
  let options: RenderOptions
  /// The bit of each of `Nutrient.all`'s keys in an entry's keys where it is optional (an absent one
  /// is empty), nil where it is required.
  private let optionalKeys: [UInt32?]
  /// The size of the buffer a record is put together in; a longer record is appended in parts.
  private static let bufferSize = 4096

  init(micronutrients: [String], options: RenderOptions) {
    self.micronutrients = micronutrients.map { Array($0.utf8) }
    self.options = options
    optionalKeys = Nutrient.all.map { $0.isRequired ? nil : ScannedEntry.keyBit(of: $0) }
  }

  func append(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    path: [UInt8],
    to out: inout [UInt8]
  ) {
    func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.bufferSize) { buffer in
      var record = Record(buffer: buffer, options: options)
      // Date, time and timestamp (to the second): the timestamp's text is the date, `T`, the time.
      var timestamp = entry.timestamp
      timestamp.nanosecond = 0
      timestamp.withRFC3339Bytes { stamp in
        let time = stamp.firstIndex(of: UInt8(ascii: "T"))!
        record.cell(UnsafeBufferPointer(rebasing: stamp[..<time]), &out)
        record.cell(UnsafeBufferPointer(rebasing: stamp[(time + 1)..<(time + 6)]), &out)
        record.cell(stamp, &out)
      }
      record.cell(bytes(entry.id), &out)
      record.cell(bytes(entry.foodName), &out)
      record.number(entry.quantity, &out)
      record.cell(bytes(entry.unit), &out)
      for (position, nutrient) in Nutrient.all.enumerated() {
        let stated = optionalKeys[position].map { entry.keys & $0 != 0 } ?? true
        record.number(stated ? entry.amounts[nutrient] : nil, &out)
      }
      record.number(entry.confidence, &out)
      record.cell(entry.meal.map(bytes) ?? Record.empty, &out)
      record.cell(entry.matchedIngredientID.map(bytes) ?? Record.empty, &out)
      record.cell(bytes(entry.rawDescription), &out)
      // The source (`path:line`) and the tags joined, each a cell of bytes put together on the stack.
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: path.count + 21) { source in
        var end = source.initialize(fromContentsOf: path)
        source[end] = UInt8(ascii: ":")
        end += 1
        let digits = DecimalDigits.count(UInt64(entry.line))
        DecimalDigits.write(UInt64(entry.line), count: digits, into: source, at: end)
        record.cell(UnsafeBufferPointer(rebasing: source[..<(end + digits)]), &out)
      }
      let tagsCount = entry.tags.reduce(max(entry.tags.count - 1, 0)) { $0 + $1.range.count }
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: tagsCount) { tags in
        var end = 0
        for (position, tag) in entry.tags.enumerated() {
          if position > 0 {
            tags[end] = UInt8(ascii: ";")
            end += 1
          }
          end = tags[end...].initialize(fromContentsOf: bytes(tag))
        }
        record.cell(UnsafeBufferPointer(tags), &out)
      }
      record.cell(entry.note.map(bytes) ?? Record.empty, &out)
      // Each micronutrient column's amount: the entry's last of that name.
      for name in micronutrients {
        let last = entry.micronutrientNames.lastIndex { bytes($0).elementsEqual(name) }
        record.number(last.map { entry.micronutrientAmounts[$0] }, &out)
      }
      record.end(&out)
    }
  }

  /// A record being put together in `buffer`, each cell followed by a comma.
  private struct Record {
    static var empty: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: nil, count: 0) }
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let options: RenderOptions
    /// The length of what `buffer` holds.
    var count = 0

    /// Makes room for `needed` bytes in the buffer (appending what it holds to `out` where it has
    /// not); false where they would not fit in it at all.
    private mutating func room(_ needed: Int, _ out: inout [UInt8]) -> Bool {
      if count + needed > buffer.count {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        count = 0
      }
      return needed <= buffer.count
    }

    private mutating func comma() {
      buffer[count] = UInt8(ascii: ",")
      count += 1
    }

    /// Adds the text cell of UTF-8 `text` (`CSVField.append(text:options:to:)`).
    mutating func cell(_ text: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
      CSVField.withText(text, options: options) { text in
        if room(CSVField.maxCount(ofCell: text.count) + 1, &out) {
          count = CSVField.write(utf8: text, into: buffer, at: count)
        } else {
          CSVField.append(utf8: text, to: &out)
        }
      }
      comma()
    }

    /// Adds the cell of an exact number of `billionths`, empty for nil.
    mutating func number(_ billionths: Int64?, _ out: inout [UInt8]) {
      _ = room(DecimalText.maxBillionthsCount + 1, &out)
      if let billionths {
        count = CSVField.write(billionths: billionths, decimals: options.decimals, into: buffer, at: count)
      }
      comma()
    }

    /// Ends the record's line (its last comma becomes the line end) and appends what the buffer
    /// holds to `out`.
    mutating func end(_ out: inout [UInt8]) {
      buffer[count - 1] = UInt8(ascii: "\n")
      out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }
}
