import Foundation
import Testing

/// The seed scenarios, played on simulated SwiftUI with the probe on, read by the built
/// binary's `check`: exact counts and measured durations, no guessing; the healthy scenarios
/// give nothing. The same scenarios without the probe show what the rules infer instead.
@Suite struct ProbeHarnessEndToEndTests {
    struct Finding {
        let rule: String, severity: String, view: String, message: String, count: Int, lines: [Int]
    }

    /// `check --format json` on the scenario's log: the findings, and the exit status.
    private func check(_ scenario: Scenario, probe: Bool = true, failOn: String = "never") throws -> (findings: [Finding], status: Int32, log: String) {
        let log = scenario.log(probe: probe)
        let result = try Tool.run(["check", "--format", "json", "--fail-on", failOn, "-"], stdin: log)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let findings = (json["findings"] as? [[String: Any]] ?? []).map { finding in
            Finding(
                rule: finding["rule"] as? String ?? "", severity: finding["severity"] as? String ?? "",
                view: finding["view"] as? String ?? "", message: finding["message"] as? String ?? "",
                count: finding["count"] as? Int ?? 0,
                lines: (finding["evidence"] as? [[String: Any]] ?? []).compactMap { $0["line"] as? Int }
            )
        }
        let coverage = try #require((json["coverage"] as? [[String: Any]])?.first)
        #expect(coverage["lines"] as? Int == coverage["lifecycle_events"] as? Int, "every line the app wrote is an event")
        return (findings, result.status, log)
    }

    /// The line numbers of `log` whose text contains every one of `parts`.
    private func lines(of log: String, containing parts: String...) -> [Int] {
        log.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { line in parts.allSatisfy { line.element.contains($0) } }.map { $0.offset + 1 }
    }

    /// Words that mark a guess; exact findings must not use them.
    static let heuristicWords = ["probably", "likely", "looks like", "seems", "may have", "heuristic"]

    /// The `if` toggled off and on: each identity's token dies in the update that hides the
    /// button, and the next begins in a later one. Shown again, a new lifetime: a warning, not
    /// the error of a view replaced while shown.
    @Test func toggleReinsertionsAreExactIdentityEndsAndStarts() throws {
        let (findings, status, log) = try check(.toggleResets, failOn: "error")
        #expect(findings.map(\.rule) == ["identity_churn"])
        let churn = try #require(findings.first)
        #expect(churn.severity == "warning" && churn.view == "PlayButton" && churn.count == 2)
        #expect(churn.message == "PlayButton was removed and shown again 2 times (exact, from TraceProbe's state tokens: each identity ended in an update before the next began): each a new lifetime whose @State started over, as an `if`/`else` branch shown again or a sheet or screen presented again does; nothing on screen lost its state.")
        // Each cites the kept token's deinit and the next identity's first body.
        let ends = lines(of: log, containing: "kind=deinit view=PlayButton", "seen=1")
        let starts = lines(of: log, containing: "kind=body view=PlayButton", "identity=new")
        #expect(churn.lines == [ends[0], starts[1], ends[1], starts[2]])
        #expect(status == 0)
    }

    @Test func rowsGivenNewIDsOnEveryUpdateAreSixExactResets() throws {
        let (findings, _, log) = try check(.rowsWithNewIDs)
        #expect(findings.map(\.rule) == ["identity_churn"])
        let churn = try #require(findings.first)
        #expect(churn.view == "PostRow" && churn.count == 6 && churn.severity == "error")
        #expect(churn.message.hasPrefix("PostRow's identity ended and a new one began 6 times (exact, from TraceProbe's state tokens: #2 → #5, #3 → #6, #4 → #7, #5 → #8, #6 → #9, …)"))
        #expect(churn.lines.count == 12)
        #expect(Set(churn.lines).isSubset(of: lines(of: log, containing: "view=PostRow", "seen=1") + lines(of: log, containing: "view=PostRow", "identity=new")))
    }

    @Test func stateModelRecreationIsCountedAndTimedExactly() throws {
        let (findings, _, log) = try check(.stateModelRecreation)
        #expect(findings.map(\.rule).sorted() == ["heavy_initializer", "redundant_instance_creation", "state_model_reinit"])
        let reinit = try #require(findings.first { $0.rule == "state_model_reinit" })
        #expect(reinit.count == 5 && reinit.message.contains("(exact, from TraceProbe: each time PlayButton's new value died unread)"))
        #expect(reinit.lines == Array(lines(of: log, containing: "kind=init view=DataModel").dropFirst()))
        let heavy = try #require(findings.first { $0.rule == "heavy_initializer" })
        #expect(heavy.message.hasPrefix("PlayButton's init created DataModel (6 times; measured: 15 ms in all, up to 2.5 ms each)"))
        #expect(heavy.lines == lines(of: log, containing: "kind=init view=DataModel"))
        let redundant = try #require(findings.first { $0.rule == "redundant_instance_creation" })
        #expect(redundant.message == "PlayButton was initialised 6 times but its body was evaluated only once (exact, from TraceProbe's lines); 5 instances were built and dropped before any use.")
        #expect(lines(of: log, containing: "kind=deinit view=PlayButton", "seen=0").count == 5)
        // SwiftUI kept the first model and dropped five as they were made; the kept one goes at the end.
        let modelEnds = lines(of: log, containing: "kind=deinit view=DataModel")
        #expect(modelEnds.count == 6)
        #expect(modelEnds.dropLast().allSatisfy { $0 < lines(of: log, containing: "kind=deinit view=ContentView")[0] })
    }

    @Test func eagerDestinationsAreAllFoundWithTheirMeasuredCoordinators() throws {
        let (findings, _, log) = try check(.eagerDestinations)
        let eager = try #require(findings.first { $0.rule == "non_lazy_navigation_destination" })
        #expect(eager.view == "MyRootView" && eager.count == 3)
        #expect(eager.message.contains("FirstView (17.0 s later)") && eager.message.contains("ThirdView (never)"))
        #expect(eager.lines == [lines(of: log, containing: "kind=appear view=MyRootView")[0]]
            + lines(of: log, containing: "kind=init view=", "View type=").filter { !log.split(separator: "\n")[$0 - 1].contains("MyRootView") })
        for (view, coordinator) in [("FirstView", "FirstCoordinator"), ("SecondView", "SecondCoordinator"), ("ThirdView", "ThirdCoordinator")] {
            let heavy = try #require(findings.first { $0.rule == "heavy_initializer" && $0.view == view })
            #expect(heavy.message.hasPrefix("\(view)'s init created \(coordinator) (once; measured: 0.8 ms in all, up to 0.8 ms each)"))
        }
        // ThirdView was never shown: its token died unseen, so it is a view, not an object.
        #expect(lines(of: log, containing: "kind=deinit view=ThirdView", "seen=0").count == 1)
    }

    @Test func aSlowBodyIsALongBodyUpdateWithItsMeasuredTime() throws {
        let (findings, status, log) = try check(.slowFeed, failOn: "error")
        #expect(findings.map(\.rule) == ["long_body_update"])
        let slow = try #require(findings.first)
        #expect(slow.severity == "error" && slow.view == "PostRow" && slow.count == 4)
        #expect(slow.message == "PostRow's body took 1.8 ms at most (measured): 4 of 4 measured evaluations above 0.5 ms, 4 above 1 ms, 7.2 ms in all.")
        #expect(slow.lines == lines(of: log, containing: "kind=body view=PostRow"))
        #expect(status == 2)
    }

    @Test(arguments: [Scenario.healthyCounter, .healthyFeed, .healthyNavigation])
    func healthyScenariosGiveNoFinding(_ scenario: Scenario) throws {
        let (findings, status, _) = try check(scenario, failOn: "info")
        #expect(findings.isEmpty, "\(findings.map { "\($0.rule): \($0.message)" })")
        #expect(status == 0)
    }

    @Test(arguments: [Scenario.toggleResets, .stateModelRecreation, .eagerDestinations, .slowFeed])
    func exactFindingsUseNoHeuristicWording(_ scenario: Scenario) throws {
        let (findings, _, _) = try check(scenario)
        for finding in findings where ["identity_churn", "redundant_instance_creation", "long_body_update", "state_model_reinit"].contains(finding.rule) {
            #expect(finding.message.contains("exact") || finding.message.contains("measured"), "\(finding.message)")
            for word in Self.heuristicWords { #expect(!finding.message.contains(word), "\(finding.message)") }
        }
    }

    /// Probe lines beside `_printChanges()` output (a developer keeps both): each problem is
    /// reported once, in the exact words; the heuristic stands aside for probed views.
    @Test func probeLinesBesidePrintChangesAreReportedOnceExactly() throws {
        for scenario in [Scenario.toggleResets, .stateModelRecreation, .healthyNavigation, .healthyFeed] {
            let log = scenario.log(probe: true, keepsPrintChanges: true)
            #expect(log.contains(": @self, @identity changed.") && log.contains("trace-analyze: kind=body"))
            let result = try Tool.run(["check", "--format", "json", "--fail-on", "never", "-"], stdin: log)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let findings = json["findings"] as? [[String: Any]] ?? []
            let plainFindings = try check(scenario).findings
            #expect(findings.map { $0["rule"] as? String ?? "" } == plainFindings.map(\.rule), "\(scenario): \(findings)")
            #expect(findings.map { $0["message"] as? String ?? "" } == plainFindings.map(\.message))
        }
    }

    /// Without the probe the same toggle scenario is inferred from `_printChanges()`: found, but
    /// in the heuristic's words, and a slow body cannot be seen at all.
    @Test func withoutTheProbeTheRulesInfer() throws {
        let toggle = try check(.toggleResets, probe: false).findings
        #expect(toggle.map(\.rule) == ["identity_churn"])
        #expect(toggle.first.map { !$0.message.contains("exact") } == true)
        #expect(try check(.slowFeed, probe: false).findings.isEmpty)
    }
}

/// The line format is documented where users look: every key a probe line carries is in `schema`.
@Suite struct ProbeFormatDocumentationTests {
    @Test func everyKeyTheProbeWritesIsInSchema() throws {
        let log = Scenario.toggleResets.log(probe: true) + Scenario.stateModelRecreation.log(probe: true)
        var keys = Set<String>()
        for line in log.split(separator: "\n") {
            for pair in line.dropFirst("trace-analyze: ".count).split(separator: " ") {
                if let equals = pair.firstIndex(of: "=") { keys.insert(String(pair[..<equals])) }
            }
        }
        #expect(keys == ["kind", "view", "type", "id", "t", "ms", "owner", "identity", "seen"])
        let schema = try Tool.run(["schema"]).stdout
        for key in keys {
            #expect(schema.split(separator: "\n").contains { $0.hasPrefix("  \(key) ") }, "schema does not document \(key)")
        }
    }
}

/// The harness's logs kept in `fixtures/probe/` (with the probe: `NAME.log`; without it:
/// `NAME-plain.log`), so a user can run `check` on them and docs/exact-mode.md's before/after stays
/// what the harness writes. `UPDATE_GOLDEN=1 swift test` rewrites them.
@Suite struct ProbeFixtureTests {
    @Test(arguments: Scenario.allCases)
    func theFixturesAreWhatTheHarnessWrites(_ scenario: Scenario) throws {
        try Golden.expect(scenario.log(probe: true), "probe/\(scenario.rawValue).log")
        try Golden.expect(scenario.log(probe: false), "probe/\(scenario.rawValue)-plain.log")
    }
}
