import Foundation
import XCTest

/// `export --format chrome-trace`, checked against the Trace Event Format's documented fields
/// (the JSON Object Format: `traceEvents`, `displayTimeUnit`, `otherData`; per event `name`,
/// `ph`, `ts` in microseconds, `pid`, `tid`, `args`; `dur` on complete events, `s` on instant
/// events, `args.name` / `args.sort_index` on metadata events).
final class ChromeTraceEndToEndTests: XCTestCase {
    private func export(_ fixture: String) throws -> [String: Any] {
        let result = try Tool.run(["export", Tool.fixture(fixture), "--format", "chrome-trace"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let document = try XCTUnwrap(object as? [String: Any], "the file must be the JSON Object Format")
        try validate(document)
        return document
    }

    /// Every field the format documents, on every event.
    private func validate(_ document: [String: Any]) throws {
        let events = try XCTUnwrap(document["traceEvents"] as? [[String: Any]], "traceEvents must be an array of objects")
        XCTAssertTrue(["ms", "ns"].contains(document["displayTimeUnit"] as? String), "displayTimeUnit is ms or ns")
        XCTAssertNotNil(document["otherData"] as? [String: Any], "otherData is an object of metadata")
        let metadataNames: Set = ["process_name", "process_labels", "process_sort_index", "thread_name", "thread_sort_index"]
        for (index, event) in events.enumerated() {
            let at = "traceEvents[\(index)] \(event)"
            let phase = try XCTUnwrap(event["ph"] as? String, at)
            XCTAssertTrue(["X", "i", "M", "b", "e"].contains(phase), "unexpected ph: \(at)")
            XCTAssertNotNil(event["name"] as? String, "name: \(at)")
            let ts = try XCTUnwrap(event["ts"] as? Double, "ts is a number of microseconds: \(at)")
            XCTAssertGreaterThanOrEqual(ts, 0, at)
            XCTAssertNotNil(event["pid"] as? Int, "pid: \(at)")
            XCTAssertNotNil(event["tid"] as? Int, "tid: \(at)")
            if let args = event["args"] { XCTAssertNotNil(args as? [String: Any], "args is an object: \(at)") }
            switch phase {
            case "X":
                let dur = try XCTUnwrap(event["dur"] as? Double, "a complete event has dur: \(at)")
                XCTAssertGreaterThanOrEqual(dur, 0, at)
            case "i":
                XCTAssertTrue(["g", "p", "t"].contains(event["s"] as? String), "an instant event's scope is g, p or t: \(at)")
            case "M":
                XCTAssertTrue(metadataNames.contains(event["name"] as? String ?? ""), at)
                let args = try XCTUnwrap(event["args"] as? [String: Any], at)
                XCTAssertTrue(args["name"] is String || args["sort_index"] is Int, at)
            default:
                break
            }
        }
    }

    private func events(_ document: [String: Any]) -> [[String: Any]] {
        document["traceEvents"] as? [[String: Any]] ?? []
    }

    func testSeedHasAThreadPerViewLifetimesEvaluationsAndTheChurnFinding() throws {
        let document = try export("seeds/001-playbutton-toggle-twice.log")
        let events = events(document)
        let other = try XCTUnwrap(document["otherData"] as? [String: Any])
        XCTAssertTrue((other["time_axis"] as? String ?? "").hasPrefix("line order"), "no times in the log: \(other)")

        let threads = events.filter { $0["name"] as? String == "thread_name" }
        let names = Dictionary(uniqueKeysWithValues: threads.map {
            (($0["args"] as? [String: Any])?["name"] as? String ?? "", $0["tid"] as? Int ?? -1)
        })
        XCTAssertEqual(Set(names.keys), ["ContentView", "PlayButton"])
        let playButton = try XCTUnwrap(names["PlayButton"])

        let evaluations = events.filter { $0["ph"] as? String == "i" && $0["cat"] as? String == "body" }
        XCTAssertEqual(evaluations.count, 10, "one instant event per line of the seed, each a body")
        XCTAssertEqual(evaluations.map { ($0["args"] as? [String: Any])?["line"] as? Int }, Array(1...10))
        let second = try XCTUnwrap(evaluations.first { ($0["args"] as? [String: Any])?["line"] as? Int == 2 })
        XCTAssertEqual(second["tid"] as? Int, playButton)
        XCTAssertEqual((second["args"] as? [String: Any])?["tokens"] as? String, "@self, @identity, _isPlaying")
        XCTAssertEqual(second["ts"] as? Double, 2, "line 2 at 2 µs")

        let lifetimes = events.filter { $0["ph"] as? String == "X" && $0["tid"] as? Int == playButton }
        XCTAssertEqual(lifetimes.map { $0["ts"] as? Double }, [2, 6, 10], "a lifetime per identity")
        // Shown again after the toggle removed it: each lifetime ends as removed, the next is a
        // re-insertion the log does not confirm, never a reset.
        XCTAssertEqual(lifetimes.map { ($0["args"] as? [String: Any])?["ended_by"] as? String }, ["removed", "removed", "end"])
        XCTAssertEqual(lifetimes.map { ($0["args"] as? [String: Any])?["verdict"] as? String }, [nil, "reinserted_unconfirmed", "reinserted_unconfirmed"])

        let finding = try XCTUnwrap(events.first { $0["name"] as? String == "identity_churn" })
        XCTAssertEqual(finding["ph"] as? String, "i")
        XCTAssertEqual(finding["tid"] as? Int, playButton)
        let args = try XCTUnwrap(finding["args"] as? [String: Any])
        // The `if` shows PlayButton again: a warning naming the change.
        XCTAssertEqual(args["severity"] as? String, "warning")
        XCTAssertEqual(args["lines"] as? [Int], [5, 6, 9, 10])
        XCTAssertTrue((args["message"] as? String ?? "").contains("PlayButton was removed and shown again"))
    }

    func testTimesBecomeMicrosecondsFromTheFirstEvent() throws {
        let document = try export("seeds/004-navigation-eager.log")
        let other = try XCTUnwrap(document["otherData"] as? [String: Any])
        XCTAssertTrue((other["time_axis"] as? String ?? "").hasPrefix("seconds"), "\(other)")
        let instants = events(document).filter { $0["ph"] as? String == "i" && ($0["cat"] as? String ?? "").hasPrefix("finding") == false }
        XCTAssertEqual(instants.first?["ts"] as? Double, 0)
        // Lines 1 and 2 of the seed are 46.546218 s and 46.553204 s: 6986 µs apart.
        let second = try XCTUnwrap(instants.first { ($0["args"] as? [String: Any])?["line"] as? Int == 2 })
        XCTAssertEqual(try XCTUnwrap(second["ts"] as? Double), 6986, accuracy: 0.5)
    }

    /// Times are written as the exact whole microseconds the log printed, not as floating-point
    /// differences of seconds since 1970 (which made 20 ms `19999.98`).
    func testTimesAreExactWholeMicroseconds() throws {
        let workspace = try Workspace()
        let lines = (0..<50).map { index in
            String(format: "2024-10-06 00:31:18.%06d+0900 App[5224:13983] Row%d init", 68529 + index * 20000 % 900000, index)
        }
        let log = try workspace.write("timed.log", lines.joined(separator: "\n") + "\n")
        let result = try Tool.run(["export", log, "--format", "chrome-trace"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let values = try NSRegularExpression(pattern: "\"(ts|dur)\":([^,}]+)")
            .matches(in: result.stdout, range: NSRange(result.stdout.startIndex..., in: result.stdout))
            .map { (result.stdout as NSString).substring(with: $0.range(at: 2)) }
        XCTAssertFalse(values.isEmpty)
        for value in values { XCTAssertNotNil(Int(value), "not a whole number of microseconds: \(value)") }
        let expected = lines.indices.map { String((68529 + $0 * 20000 % 900000) - 68529) }
        for value in expected { XCTAssertTrue(result.stdout.contains("\"ts\":\(value),"), "no event at \(value) µs") }
        let seed = try Tool.run(["export", Tool.fixture("seeds/004-navigation-eager.log"), "--format", "chrome-trace"])
        XCTAssertTrue(seed.stdout.contains("\"ts\":6986,"), "line 2 of seed 004, 46.553204 - 46.546218 s")
    }

    func testFormatIsRequiredAndChecked() throws {
        let seed = Tool.fixture("seeds/001-playbutton-toggle-twice.log")
        let missing = try Tool.run(["export", seed])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("--format is required; valid: chrome-trace"), missing.stderr)
        let unknown = try Tool.run(["export", seed, "--format", "perfetto"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("unknown export format 'perfetto'; valid: chrome-trace"), unknown.stderr)
    }

    func testOutputFileIsWrittenWhole() throws {
        let workspace = try Workspace()
        let path = workspace.path("trace.json")
        let result = try Tool.run(["export", Tool.fixture("seeds/001-playbutton-toggle-twice.log"), "--format", "chrome-trace", "--output", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        try validate(try XCTUnwrap(object as? [String: Any]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: workspace.url.path), ["trace.json"], "no partial file left")
    }
}
