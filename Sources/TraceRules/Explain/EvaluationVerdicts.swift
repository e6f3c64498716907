/// The verdict `views` and `why` show for a body evaluation: its own line's (`causes.verdict`,
/// decided in the scan by `Verdict.of`), made avoidable where a finding explains it as waste.
///
/// A rule's explanation is read where the findings are, not in the scan: it depends on the
/// thresholds in force, while `causes` rows are kept across analyses with other thresholds.
/// A new identity that replaced one still on screen (`causes.lifetime` = reset, the verdict
/// `identity_churn` reports) is avoidable: it ran only because the view's state was lost.
/// An evaluation of a finding's view is explained
/// - by `excessive_body_evaluation`, whatever its tokens but for a new identity: the view runs
///   in a loop or storm, or far more than the rest, because something it depends on keeps
///   changing; its evaluations beyond one per identity are the waste the finding counts (the
///   view needs one body per identity);
/// - by `unstable_view_value` and `redundant_instance_creation` anywhere in the trace, when its
///   cause is `parent` (`@self` alone, or made anew by its parent): those rules show that the
///   view's value differs on every init, a property of its type, and cite only the first
///   update per cause, so their lines do not bound the waste.
public enum EvaluationVerdicts {
    /// The rules whose findings make evaluations avoidable, as `sql` reads them.
    public static let explainingRules = ["excessive_body_evaluation", "unstable_view_value", "redundant_instance_creation"]

    /// A SQL expression for the verdict of the body event aliased `event`, whose `causes` row
    /// (LEFT JOINed) is aliased `cause`: 'expected', 'avoidable' or 'unknown' (a body never
    /// analysed counts as unknown).
    ///
    /// One `EXISTS` per kind of explanation, each naming its rules with `=` or `IN`, so that
    /// SQLite looks the finding up in `findings_by_subject` (trace, rule, view): an `OR` of rules
    /// inside one subquery scanned the trace's findings for every body (`views` at 1M lines took
    /// 50 s instead of under one).
    public static func sql(event e: String = "e", cause c: String = "c") -> String {
        """
        CASE WHEN \(c).verdict = 'avoidable' OR \(c).lifetime = 'reset'
               OR coalesce(\(c).cause, 'unknown') <> 'identity' AND EXISTS (
                   SELECT 1 FROM findings AS f
                   WHERE f.trace_id = \(e).trace_id AND f.rule = 'excessive_body_evaluation' AND f.view = \(e).view)
               OR \(c).cause = 'parent' AND EXISTS (
                   SELECT 1 FROM findings AS f
                   WHERE f.trace_id = \(e).trace_id AND f.rule IN ('unstable_view_value', 'redundant_instance_creation')
                     AND f.view = \(e).view)
             THEN 'avoidable' ELSE coalesce(\(c).verdict, 'unknown') END
        """
    }
}
