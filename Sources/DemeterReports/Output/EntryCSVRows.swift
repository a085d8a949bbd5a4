import CSVReport
import DemeterCore
import DemeterReporting

/// The rows of `entries -f csv` (`EntryCSVExport`), each made straight from its entry as the line is
/// read: the cells the CSV format writes for the entries table's row (`ReportBuilder.entryCells`),
/// an optional nutrient the line does not state empty, then the tags, the note and the
/// micronutrients, each cell escaped from the line's bytes (`CSVField`), numbers from their exact
/// values.
struct EntryCSVRows: EntryRecordRenderer {
  /// The micronutrient columns' names, in column order.
  private let micronutrients: [[UInt8]]
  let options: RenderOptions
  /// The bit of each of `Nutrient.all`'s keys in an entry's keys where it is optional (an absent one
  /// is empty), nil where it is required.
  private let optionalKeys: [UInt32?]

  init(micronutrients: [String], options: RenderOptions) {
    self.micronutrients = micronutrients.map { Array($0.utf8) }
    self.options = options
    optionalKeys = Nutrient.all.map { $0.isRequired ? nil : ScannedEntry.keyBit(of: $0) }
  }

  func append(
    _ entry: ScannedEntry, line: UnsafeBufferPointer<UInt8>, decoded: UnsafeBufferPointer<UInt8>,
    path: String,
    to out: inout [UInt8]
  ) {
    func bytes(_ span: ByteSpan) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: (span.inLine ? line : decoded)[span.range])
    }
    func cell(_ text: UnsafeBufferPointer<UInt8>) {
      CSVField.append(text: text, options: options, to: &out)
      out.append(UInt8(ascii: ","))
    }
    func text(_ span: ByteSpan?) {
      cell(span.map(bytes) ?? UnsafeBufferPointer(start: nil, count: 0))
    }
    func number(_ billionths: Int64) {
      CSVField.append(.exact(FixedSum(billionths: Int128(billionths))), decimals: options.decimals, to: &out)
      out.append(UInt8(ascii: ","))
    }
    // Date, time and timestamp (to the second): the timestamp's text is the date, `T`, the time.
    var timestamp = entry.timestamp
    timestamp.nanosecond = 0
    var written = timestamp.rfc3339
    written.withUTF8 { stamp in
      let time = stamp.firstIndex(of: UInt8(ascii: "T"))!
      cell(UnsafeBufferPointer(rebasing: stamp[..<time]))
      cell(UnsafeBufferPointer(rebasing: stamp[(time + 1)..<(time + 6)]))
      cell(stamp)
    }
    text(entry.id)
    text(entry.foodName)
    number(entry.quantity)
    text(entry.unit)
    for (position, nutrient) in Nutrient.all.enumerated() {
      if let key = optionalKeys[position], entry.keys & key == 0 {
        out.append(UInt8(ascii: ","))
      } else {
        number(entry.amounts[nutrient])
      }
    }
    number(entry.confidence)
    text(entry.meal)
    text(entry.matchedIngredientID)
    text(entry.rawDescription)
    // The source (`path:line`) and the tags joined, each a cell of bytes put together.
    var joined = Array(path.utf8)
    joined.append(UInt8(ascii: ":"))
    DecimalText.appendInteger(entry.line, to: &joined)
    joined.withUnsafeBufferPointer { cell($0) }
    joined.removeAll(keepingCapacity: true)
    for (position, tag) in entry.tags.enumerated() {
      if position > 0 { joined.append(UInt8(ascii: ";")) }
      joined.append(contentsOf: bytes(tag))
    }
    joined.withUnsafeBufferPointer { cell($0) }
    text(entry.note)
    // Each micronutrient column's amount: the entry's last of that name.
    for name in micronutrients {
      if let last = entry.micronutrientNames.lastIndex(where: { bytes($0).elementsEqual(name) }) {
        number(entry.micronutrientAmounts[last])
      } else {
        out.append(UInt8(ascii: ","))
      }
    }
    // The record's last cell ends the line, not a comma.
    out[out.count - 1] = UInt8(ascii: "\n")
  }
}
