import DemeterFoundation

extension BodyMeasurement {
  /// The measurement as one canonical body log line, without its newline (manual: body-log): the keys
  /// in `BodyField` order, numbers as their shortest exact decimals, the timestamp in canonical RFC
  /// 3339, then the unknown keys in the order they were written. Reading it gives an equal
  /// measurement.
  public var canonicalLine: String {
    var line = "{\"timestamp\":"
    JSONWriter.writeQuoted(timestamp.rfc3339, into: &line)
    line += ",\"\(unit.key)\":\(weight)"
    if let bodyFatPercent { line += ",\"\(BodyField.bodyFatPercent.rawValue)\":\(bodyFatPercent)" }
    if let waistCentimetres { line += ",\"\(BodyField.waistCentimetres.rawValue)\":\(waistCentimetres)" }
    if let note {
      line += ",\"\(BodyField.note.rawValue)\":"
      JSONWriter.writeQuoted(note, into: &line)
    }
    if let id {
      line += ",\"\(BodyField.id.rawValue)\":"
      JSONWriter.writeQuoted(id, into: &line)
    }
    for member in otherMembers {
      line += ","
      JSONWriter.writeQuoted(member.key, into: &line)
      line += ":"
      JSONWriter.write(member.value, into: &line)
    }
    return line + "}"
  }
}
