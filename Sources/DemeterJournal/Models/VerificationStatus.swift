/// How far an ingredient's data has been checked, as written in the `verificationStatus` key.
public enum VerificationStatus: String, Sendable, Hashable, Codable, CaseIterable {
  case verified
  case pending
  case unverified
}
