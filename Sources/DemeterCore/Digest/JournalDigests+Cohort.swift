extension JournalDigests {
  /// One person's part of a cohort report (SPEC §8): a member per bucket, in the order given, and
  /// one over the union of the buckets' days. Each is what `CohortMember(_:options:)` makes of the
  /// matching summary of `summarize(buckets:options:detail: false)`, added up from the day totals
  /// alone.
  /// - Precondition: `buckets` is not empty and `options` imply the digests' `rules`.
  /// - Complexity: O(Σ dᵢ) for dᵢ days in each bucket.
  public func cohortMembers(buckets: [Period], options: AggregationOptions) -> (
    buckets: [CohortMember], whole: CohortMember
  ) {
    precondition(!buckets.isEmpty, "a cohort report needs at least one bucket")
    precondition(DigestRules(options) == rules, "the digests were made under other rules")
    let ordinals = GoalNutrient.allCases.map(\.nutrient.ordinal)
    func member(_ intervals: [ClosedRange<Int>]) -> CohortMember {
      var (entries, needsReview, daysLogged, sums) = (0, 0, 0, NutrientSums())
      for interval in intervals {
        let first = CivilDate(dayNumber: interval.lowerBound)
        let logged = days(in: Period(first: first, last: CivilDate(dayNumber: interval.upperBound)))
        daysLogged += logged.count
        for day in logged {
          entries += Int(day.entries)
          needsReview += Int(day.needsReview)
          sums += day.sums
        }
      }
      return CohortMember(
        entries: entries, daysLogged: daysLogged, needsReview: needsReview,
        totals: ordinals.map { FixedSum(billionths: sums[$0]) }, goals: options.goals,
        goalTolerance: options.goalTolerance)
    }
    return (buckets.map { member([$0.dayNumbers]) }, member(Period.union(of: buckets.map(\.dayNumbers))))
  }
}
