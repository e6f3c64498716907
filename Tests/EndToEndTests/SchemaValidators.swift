import Foundation

/// The consumers' validators the format tests run: `xmllint` for XML Schema and Python's
/// `jsonschema` for JSON Schema, both installed by .ci/run.
///
/// Under `CI=true` a missing validator fails the tests that need it (with what to install);
/// elsewhere those tests are skipped, and say why.
enum SchemaValidators {
    /// True under CI, where every validator must be present.
    static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// `xmllint`, if installed.
    static let xmllint = installedProgram("xmllint")

    /// A `python3` that can import `jsonschema`, if there is one.
    static let jsonSchemaPython: String? = {
        guard let python = installedProgram("python3"),
              let result = try? Tool.run(["-c", "import jsonschema"], program: URL(fileURLWithPath: python)),
              result.status == 0
        else { return nil }
        return python
    }()

    static let xmllintMissing = "xmllint is not installed (apt-get install libxml2-utils; .ci/run does)"
    static let jsonSchemaMissing = "python3 with jsonschema is not installed (apt-get install python3-jsonschema; .ci/run does)"

    /// Whether tests needing xmllint run: it is installed, or CI demands it.
    static var runXMLTests: Bool { xmllint != nil || inCI }
    /// Whether tests needing jsonschema run: it is installed, or CI demands it.
    static var runJSONTests: Bool { jsonSchemaPython != nil || inCI }

    /// Validates the XML file at `path` against the XML Schema `schema` (a fixture path);
    /// returns xmllint's complaint, or nil when it validates.
    static func xmlSchemaErrors(_ path: String, schema: String) throws -> String? {
        guard let xmllint else { throw Missing(xmllintMissing) }
        let result = try Tool.run(["--noout", "--schema", Tool.fixture(schema), path], program: URL(fileURLWithPath: xmllint))
        return result.status == 0 ? nil : result.stderr
    }

    /// Validates the JSON document `text` against the JSON Schema `schema` (a fixture path);
    /// returns the validator's complaints, or nil when it validates.
    static func jsonSchemaErrors(_ text: String, schema: String) throws -> String? {
        guard let python = jsonSchemaPython else { throw Missing(jsonSchemaMissing) }
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        jsonschema.Draft7Validator.check_schema(schema)
        document = json.loads(sys.stdin.read())
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in jsonschema.Draft7Validator(schema).iter_errors(document)]
        print("\\n".join(errors))
        sys.exit(1 if errors else 0)
        """
        let result = try Tool.run(["-c", script, Tool.fixture(schema)], stdin: text, program: URL(fileURLWithPath: python))
        return result.status == 0 ? nil : result.stdout + result.stderr
    }

    /// A validator the test needs is not installed.
    struct Missing: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
