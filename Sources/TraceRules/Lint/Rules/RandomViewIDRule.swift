/// `.id(UUID())` and friends: a new identity on every evaluation of the body.
public enum RandomViewIDRule: LintRule {
    /// Calls whose value differs every time they run.
    static let freshValues: Set<String> = ["UUID", "Date", "random", "arc4random", "arc4random_uniform"]

    public static let description = LintRuleDescription(
        identifier: "random_view_id",
        title: "Random view identity",
        runtimeRule: "identity_churn",
        summary: "`.id(...)` is given a value that is new on every evaluation (`UUID()`, `Date()`, `.random`), so the view is destroyed and re-created on every update of its parent.",
        rationale: """
            `.id(value)` ties a view's identity to `value`: when it changes, SwiftUI throws the \
            view away with its `@State`, runs `onDisappear`/`onAppear` and builds the subtree \
            again. A value made fresh in the body changes on every body evaluation, so every \
            update of the parent resets the view, often used by accident to "force a refresh". \
            `identity_churn` sees the resets in a trace.
            """,
        fix: "Pass a value that changes only when the view should start over (the model's `id`, a version counter you bump on purpose), or remove the `.id`.",
        swiftFix: [
            SwiftPair(
                note: "`.id(UUID())` gives `SalesChart` a new identity on every evaluation of the dashboard's body, so flipping the toggle throws the chart away with its selection and builds it again. Tie its identity to what should start it over: the report's `revision`, which changes only when new figures arrive. Which value that is, only a person can say.",
                before: #"""
                    import Foundation
                    import SwiftUI

                    struct SalesReport: Identifiable {
                        let id: Int
                        /// Bumped by the server when the figures are recomputed.
                        var revision: Int
                        var dailyTotals: [Double]
                    }

                    struct SalesChart: View {
                        let dailyTotals: [Double]
                        @State private var selectedDay: Int? = nil

                        var body: some View {
                            Text("\(dailyTotals.count) days, day \(selectedDay ?? 0) selected")
                                .onTapGesture { selectedDay = dailyTotals.count - 1 }
                        }
                    }

                    struct SalesDashboard: View {
                        let report: SalesReport
                        @State private var showsTargets = false

                        var body: some View {
                            VStack {
                                Toggle("Show targets", isOn: $showsTargets)
                                // A new UUID on every body: each update makes a new chart and loses its selection.
                                SalesChart(dailyTotals: report.dailyTotals)
                                    .id(UUID())
                            }
                        }
                    }
                    """#,
                after: #"""
                    import SwiftUI

                    struct SalesReport: Identifiable {
                        let id: Int
                        /// Bumped by the server when the figures are recomputed.
                        var revision: Int
                        var dailyTotals: [Double]
                    }

                    struct SalesChart: View {
                        let dailyTotals: [Double]
                        @State private var selectedDay: Int? = nil

                        var body: some View {
                            Text("\(dailyTotals.count) days, day \(selectedDay ?? 0) selected")
                                .onTapGesture { selectedDay = dailyTotals.count - 1 }
                        }
                    }

                    struct SalesDashboard: View {
                        let report: SalesReport
                        @State private var showsTargets = false

                        var body: some View {
                            VStack {
                                Toggle("Show targets", isOn: $showsTargets)
                                // The chart starts over only when new figures arrive.
                                SalesChart(dailyTotals: report.dailyTotals)
                                    .id(report.revision)
                            }
                        }
                    }
                    """#,
                lintRules: ["random_view_id"]
            ),
        ],
        seed: "001 (`@identity` in `_printChanges`), and `.id(UUID())` on a view",
        triggeringExamples: [
            LintExample("""
                struct ChartScreen: View {
                    var body: some View {
                        ChartView(points: points)
                            .padding()
                            .↓id(UUID())
                    }
                }
                """),
            LintExample(note: "Any fresh value: a date, a random number.", """
                struct Clock: View {
                    var body: some View {
                        Text("now").↓id(Date().timeIntervalSince1970)
                        Avatar().↓id(Int.random(in: 0...1000))
                        Badge().↓id(Date.now)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            LintExample(note: "A stable id, and a `UUID()` stored once, are fine.", """
                struct ChartScreen: View {
                    @State private var resetToken = UUID()
                    let item: Item
                    var body: some View {
                        ChartView(points: item.points).id(item.id)
                        Editor().id(resetToken)
                        Button("Reset") { resetToken = UUID() }
                    }
                }
                """),
        ]
    )

    public static func check(_ source: LintSource) -> [LintViolation] {
        let file = source.file
        var violations: [LintViolation] = []
        for index in file.tokens.indices where file.isIdentifier(index, "id") && file.isPunctuation(index - 1, ".") && file.isPunctuation(index + 1, "(") {
            let open = index + 1
            let close = file.end(of: open)
            // `.id(item.date)` reads a stored value; `Date()` and `UUID()` make one.
            guard ((open + 1)..<close).contains(where: { at in
                (file.tokens[at].isIdentifier && freshValues.contains(file.tokens[at].text) && file.isPunctuation(at + 1, "("))
                    || (file.isIdentifier(at, "Date") && file.isPunctuation(at + 1, ".") && file.isIdentifier(at + 2, "now"))
            }) else { continue }
            let head = file.chainHead(before: index - 1)
            let view = head.map { file.text($0) } ?? source.enclosingView(of: index)?.name
            let shown = file.code(index..<(close + 1))
            let owner = source.enclosingView(of: index).map { "In `\($0.name)`, " } ?? ""
            violations.append(LintViolation(
                token: index, view: view,
                message: "'.\(shown)' gives \(view ?? "the view") a new identity on every evaluation of the body, so its state resets on every update",
                fix: "\(owner)replace `.\(shown)` on \(view.map { "`\($0)`" } ?? "the view") with a value that changes only when it should start over (its model's `id`, a counter you bump on purpose), or remove the `.id`"
            ))
        }
        return violations
    }
}
