import Testing
import TraceModel

func parseStructured(_ text: String) -> StructuredMessage.Result {
    Array(text.utf8).withUnsafeBytes { StructuredMessage.parse($0) }
}

@Suite struct StructuredMessageTests {
    @Test func parsesEveryKey() {
        #expect(parseStructured("trace-analyze: kind=init view=DetailView id=0x600003a0c000 owner=RootView ms=0.42") == .parsed(.init(
            kind: .`init`, view: "DetailView", instance: "0x600003a0c000", owner: "RootView", durationMs: 0.42
        )))
    }

    @Test func parsesTheProbesKeys() {
        #expect(parseStructured("trace-analyze: kind=body view=Row type=\"App.Row<Swift.Int, Swift.String>\" id=3 t=1042.000431207 ms=0.612 identity=new") == .parsed(.init(
            kind: .body, view: "Row", instance: "3", durationMs: 0.612, type: "App.Row<Swift.Int, Swift.String>", time: 1042.000431207, newIdentity: true
        )))
        #expect(parseStructured("trace-analyze: kind=deinit view=Row id=4 t=1.5 seen=0") == .parsed(.init(
            kind: .`deinit`, view: "Row", instance: "4", time: 1.5, seen: false
        )))
    }

    @Test func theProbesFactsBecomeTokensAndItsClockATime() {
        var classifier = MessageClassifier()
        var stats = ParseStats()
        func event(_ text: String, timestamp: Double? = nil) -> Event {
            Array(text.utf8).withUnsafeBytes {
                classifier.classify($0, text: text, line: 1, envelope: Envelope(format: .plain, timestamp: timestamp), stats: &stats)
            }
        }
        let body = event("trace-analyze: kind=body view=Row id=3 t=12.5 ms=0.6 identity=new")
        #expect(body.tokens == ["@identity"] && body.envelope.timestamp == 12.5 && body.durationMs == 0.6)
        #expect(event("trace-analyze: kind=deinit view=Row id=3 t=13 seen=1").tokens == ["@ended"])
        #expect(event("trace-analyze: kind=deinit view=Row id=4 seen=0").tokens == ["@discarded"])
        // The wrapper's wall-clock time wins over the probe's clock: it is the one every other line is on.
        #expect(event("trace-analyze: kind=appear view=Row t=12.5", timestamp: 1_700_000_000).envelope.timestamp == 1_700_000_000)
        #expect(event("trace-analyze: kind=appear view=Row").tokens.isEmpty)
    }

    @Test func quotedValuesParentAliasExponentsAndUnknownKeys() {
        #expect(parseStructured(#"  trace-analyze: view="Row<Dictionary<String, Int>>" kind=body parent="A \"B\"" ms=1e-05 screen=home"#) == .parsed(.init(
            kind: .body, view: "Row<Dictionary<String, Int>>", instance: nil, owner: "A \"B\"", durationMs: 0.00001
        )))
        #expect(parseStructured("trace-analyze: kind=appear view=FeedView") == .parsed(.init(kind: .appear, view: "FeedView")))
    }

    @Test(arguments: [
        ("trace-analyze: view=A", "missing kind"),
        ("trace-analyze: kind=init", "missing view"),
        ("trace-analyze:", "missing kind"),
        ("trace-analyze: kind=start view=A", "unknown kind 'start'; valid: body, init, deinit, appear, disappear, task, layout"),
        ("trace-analyze: kind=text view=A", "unknown kind 'text'; valid: body, init, deinit, appear, disappear, task, layout"),
        ("trace-analyze: kind=init view=A ms=fast", "ms must be a non-negative number, found 'fast'"),
        ("trace-analyze: kind=init view=A ms=-1", "ms must be a non-negative number, found '-1'"),
        ("trace-analyze: kind=init view=A view=B", "view given twice"),
        ("trace-analyze: kind=init view=\"A", "unterminated quoted value for view"),
        ("trace-analyze: kind=init view=A oops", "expected key=value at byte 33"),
        ("trace-analyze: error: no such file", "expected key=value at byte 16"),
        ("trace-analyze: kind=body view=A t=soon", "t must be a non-negative number of seconds, found 'soon'"),
        ("trace-analyze: kind=body view=A t=1 t=2", "t given twice"),
        ("trace-analyze: kind=body view=A identity=old", "identity must be 'new', found 'old'"),
        ("trace-analyze: kind=init view=A identity=new", "identity=new belongs on a body line, found kind=init"),
        ("trace-analyze: kind=deinit view=A seen=yes", "seen must be 0 or 1, found 'yes'"),
        ("trace-analyze: kind=body view=A seen=1", "seen belongs on a deinit line, found kind=body"),
        ("trace-analyze: kind=init view=A type=X type=Y", "type given twice"),
        // The value or key it most likely meant, where one stands out.
        ("trace-analyze: kind=bodyy view=A", "unknown kind 'bodyy' (did you mean 'body'?); valid: body, init, deinit, appear, disappear, task, layout"),
        ("trace-analyze: kind=dienit view=A", "unknown kind 'dienit' (did you mean 'deinit'?); valid: body, init, deinit, appear, disappear, task, layout"),
        ("trace-analyze: kind=init veiw=A", "missing view ('veiw=' given: did you mean 'view='?)"),
        ("trace-analyze: knid=init view=A", "missing kind ('knid=' given: did you mean 'kind='?)"),
        ("trace-analyze: kind=init screen=A", "missing view"),
    ])
    func brokenLinesSayWhy(line: String, reason: String) {
        #expect(parseStructured(line) == .malformed(reason))
    }

    @Test(arguments: ["trace-analyzer: kind=init view=A", "x trace-analyze: kind=init view=A", "FirstView init", ""])
    func otherMessagesAreNotStructured(line: String) {
        #expect(parseStructured(line) == .notStructured)
    }

    @Test func structuredLinesBecomeEventsWithTheirDuration() {
        let (events, stats) = parseEvents("""
            2024-03-02 09:15:01.100204+0100 Recipes[4120:2279311] trace-analyze: kind=init view=DetailView id=7 owner=RecipeList ms=12.5
            trace-analyze: kind=initt view=DetailView

            """)
        #expect(events[0].kind == .`init`)
        #expect(events[0].origin == .structured)
        #expect(events[0].view == "DetailView")
        #expect(events[0].owner == "RecipeList")
        #expect(events[0].instance == "7")
        #expect(events[0].durationMs == 12.5)
        #expect(events[0].envelope.format == .nslog)
        #expect(events[1].kind == .text)
        #expect(stats.malformedStructured == 1)
    }
}
