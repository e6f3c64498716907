// The `config` target: any bytes as `.trace-analyze.json`, read as `check --config` reads it:
// the top level, the rules' settings, custom rules (each query prepared against an empty store
// under `query`'s guard, each example run through the real pipeline), user patterns, and the
// check settings. A file either loads or is refused with one `ConfigurationError`: one line
// that names the file; any other error, a crash or a hang is a finding.

enum ConfigFuzz {
    static let path = "fuzz.json"

    static func run(_ input: UnsafeRawBufferPointer) {
        guard let value = try? JSONParser.parse(input) else { return }
        do {
            let file = try ConfigurationFile.checked(try ConfigurationReader(file: path, value: value), path: path)
            _ = try RuleConfiguration(file: file)
            _ = try UserPattern.load(from: file)
            _ = try CheckConfiguration(file: file)
        } catch let error as ConfigurationError {
            let line = error.description
            // Bytes, not Characters: a key that begins with a combining mark (U+0657) fuses with
            // the space before it into one Character, though the line starts with the file's name.
            if !line.utf8.starts(with: (path + ": ").utf8) || line.utf8.contains(0x0A) || line.utf8.contains(0x0D) || error.reason.isEmpty {
                FuzzTarget.fail("a configuration error that is not one line naming the file: \(line.debugDescription)")
            }
        } catch {
            FuzzTarget.fail("a configuration file refused with \(type(of: error)), not ConfigurationError: \(error)")
        }
    }
}
