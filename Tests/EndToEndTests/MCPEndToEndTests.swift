import Foundation
import Testing

/// `trace-analyze mcp` on its raw pipe: one JSON-RPC message a line in, one answer a line out,
/// in order. The full session with the reference Python client is scripts/mcp-check.sh, in CI.
@Suite struct MCPEndToEndTests {
    /// The answers by id (a tool call is answered when its child ends, so after later requests);
    /// an answer to a line that had no readable id under `0`.
    private func session(_ lines: [String]) throws -> [Int: [String: Any]] {
        let result = try Tool.run(["mcp"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        var answers: [Int: [String: Any]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            answers[answer["id"] as? Int ?? 0] = answer
        }
        return answers
    }

    @Test func initializeListAndCallCheck() throws {
        // PlayButton reset while shown: an error, so the run's exit code is 2.
        let log = Tool.fixture("rules/playbutton-if-else-reset.log")
        let answers = try session([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"check","arguments":{"path":"\#(log)"}}}"#,
        ])
        #expect(answers.keys.sorted() == [1, 2, 3], "a notification gets no answer")
        let initialize = try #require(answers[1]?["result"] as? [String: Any])
        #expect(initialize["protocolVersion"] as? String == "2025-06-18")
        let tools = try #require((answers[2]?["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        #expect(tools.compactMap { $0["name"] as? String } == ["check", "why", "views", "rules", "lint", "query"])
        let call = try #require(answers[3]?["result"] as? [String: Any])
        #expect(call["isError"] as? Bool == false)
        let content = try #require(call["structuredContent"] as? [String: Any])
        #expect(content["exit_code"] as? Int == 2)
        let findings = try #require((content["result"] as? [String: Any])?["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "identity_churn" && $0["view"] as? String == "PlayButton" })
        let next = try #require(content["next"] as? [[String: Any]])
        #expect(next.first?["tool"] as? String == "why")
    }

    @Test func errorsAreJSONRPCErrorsOrToolErrorsWithTheCLIsMessage() throws {
        let answers = try session([
            "{not json",
            #"{"jsonrpc":"2.0","id":1,"method":"tools/explode"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"check","arguments":{"path":"/nonexistent.log"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"nope"}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"why","arguments":{"path":"/x.log"}}}"#,
        ])
        #expect((answers[0]?["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect((answers[1]?["error"] as? [String: Any])?["code"] as? Int == -32601)
        let missing = try #require(answers[2]?["result"] as? [String: Any])
        #expect(missing["isError"] as? Bool == true)
        let text = try #require((missing["content"] as? [[String: Any]])?.first?["text"] as? String)
        #expect(text.contains("/nonexistent.log"), "\(text)")
        #expect((answers[3]?["error"] as? [String: Any])?["message"] as? String == "unknown tool 'nope'; valid: check, why, views, rules, lint, query")
        #expect((answers[4]?["error"] as? [String: Any])?["message"] as? String == "why: give 'view' (e.g. PlayButton) or 'line'")
    }
}
