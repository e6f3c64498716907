/// Whether a body evaluation had to happen, as far as the log tells: the values of the
/// `causes.verdict` column, and what `views`, `why`, the rules that count evaluations and the
/// fix-first list count. Like why-did-you-render, a report is about the avoidable ones; the
/// expected ones stay in `views` and `why`, so a healthy launch never makes a finding.
///
/// What SwiftUI does (seeds 000 and 003): it evaluates a body when the view first gets an
/// identity, when a dynamic property the view reads (`@State`, `@ObservedObject`,
/// `@Environment`, an Observation dependency) changed, or when the parent made a new value of
/// the view that differs from the stored one (compared field by field). It skips the body when
/// none of that happened. So:
///
/// - `_printChanges()` naming `@identity` or one of the view's own properties: the view's input
///   really changed; **expected**.
/// - `@self` alone: the parent passed a value that differs. Usually a real new input (a new
///   `count` for `CountText(count:)`), so **expected** by itself; it is avoidable only where a
///   rule shows the difference is noise: a `UUID()` or closure in the value
///   (`unstable_view_value`), a view made and thrown away (`redundant_instance_creation`).
/// - `unchanged`: the body ran though none of the view's dynamic properties changed and its
///   value compared equal (a parent re-evaluating an inline stack, a non-equatable environment
///   value, an object the view holds but does not read): **avoidable**.
/// - A developer's body print (`Row body`) says no cause: **unknown**, except the first one of a
///   view, which cannot have been skipped (the view needs a body once), and a TraceProbe body of
///   a new identity: **expected**.
/// - Any evaluation inside a loop or storm that `excessive_body_evaluation` flags is avoidable,
///   whatever its tokens: it ran because of the loop. (Decided where findings are known:
///   `EvaluationVerdicts`.)
public enum Verdict: String, CaseIterable, Sendable, BitwiseCopyable {
    /// A first evaluation, a new identity, or a change of something the view reads.
    case expected
    /// Ran though nothing it reads changed, or a rule explains it as waste.
    case avoidable
    /// The log does not say why it ran.
    case unknown

    /// The verdict of a body evaluation from its own line alone (no rule's explanation):
    /// `firstOfView` is true for the view's first evaluation in the trace.
    ///
    /// `hasOwnProperty` is true when a token other than `@self` and `@identity` was printed
    /// (a dynamic property, `@dependencies`, a key path, an `@<offset>` field). `printed` is true
    /// for a `_printChanges()` line, where no token at all means `X: unchanged.`; an Instruments
    /// update without tokens only named no cause.
    @inline(__always)
    public static func of(
        printed: Bool, newIdentity: Bool, newValue: Bool, hasOwnProperty: Bool, firstOfView: Bool
    ) -> Verdict {
        if newIdentity || hasOwnProperty { return .expected }
        // `@self` alone is a value that differs: expected unless a rule explains it.
        if newValue { return .expected }
        if printed { return .avoidable }
        return firstOfView ? .expected : .unknown
    }

    /// The verdict of `event`'s body line alone, as if it were not the view's first evaluation:
    /// what a rule counts (only `avoidable` matters there, and it never depends on being first).
    @inline(__always)
    public static func of(_ event: LifecycleEvent) -> Verdict {
        of(printed: event.isPrintChanges && !event.isRecorded, newIdentity: event.newIdentity, newValue: event.newValue,
           hasOwnProperty: hasOwnProperty(event), firstOfView: false)
    }

    /// True when `event` printed a token besides `@self` and `@identity`: a line prints each
    /// token once, so counting them says it without reading them (a rule asks for every body).
    @inline(__always)
    public static func hasOwnProperty(_ event: LifecycleEvent) -> Bool {
        event.tokens.count > (event.newValue ? 1 : 0) + (event.newIdentity ? 1 : 0)
    }
}
