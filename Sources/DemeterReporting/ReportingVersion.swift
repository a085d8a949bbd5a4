/// The version of the report model's JSON form (`"schema"`).
public let reportSchemaVersion = 1
