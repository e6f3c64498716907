import Foundation
import RequiredTools

/// The consumers' validators the format tests run: `xmllint` for XML Schema and Python's
/// `jsonschema` for JSON Schema, both installed by .ci/run.
///
/// A missing validator skips or fails the tests that need it by `RequiredTool`'s one policy.
enum SchemaValidators {
    /// `xmllint`, if installed.
    static let xmllint = RequiredTool.xmllint.path
    /// A `python3` that can import `jsonschema`, if there is one.
    static let jsonSchemaPython = RequiredTool.jsonschema.path

    /// Validates the XML file at `path` against the XML Schema `schema` (a fixture path);
    /// returns xmllint's complaint, or nil when it validates.
    static func xmlSchemaErrors(_ path: String, schema: String) throws -> String? {
        let xmllint = try RequiredTool.xmllint.url()
        let result = try Tool.run(["--noout", "--schema", Tool.fixture(schema), path], program: xmllint)
        return result.status == 0 ? nil : result.stderr
    }

    /// Validates the JSON document `text` against the JSON Schema `schema` (a fixture path), in
    /// the draft the schema names (SARIF's is draft-04, ours draft-07); returns the validator's
    /// complaints, or nil when it validates.
    static func jsonSchemaErrors(_ text: String, schema: String) throws -> String? {
        let python = try RequiredTool.jsonschema.url()
        let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        validator = jsonschema.validators.validator_for(schema, default=jsonschema.Draft7Validator)
        validator.check_schema(schema)
        document = json.loads(sys.stdin.read())
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator(schema).iter_errors(document)]
        print("\\n".join(errors))
        sys.exit(1 if errors else 0)
        """
        let result = try Tool.run(["-c", script, Tool.fixture(schema)], stdin: text, program: python)
        return result.status == 0 ? nil : result.stdout + result.stderr
    }
}
