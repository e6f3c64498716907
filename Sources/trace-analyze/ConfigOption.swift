import Foundation
import TraceModel

/// The `--config PATH` option, with `.trace-analyze.json` in the working directory as fallback.
enum ConfigOption {
    static let spec = OptionSpec(
        name: "config", value: "PATH",
        help: "Configuration file (default: ./\(ConfigurationFile.defaultName) when present)."
    )

    /// The configuration the user chose: `--config`, else the working directory's file, else defaults.
    static func load(_ arguments: ParsedArguments) throws -> ConfigurationFile {
        if let path = arguments.value("config") {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ToolError("\(path): no such configuration file")
            }
            return try ConfigurationFile.load(path: path)
        }
        if FileManager.default.fileExists(atPath: ConfigurationFile.defaultName) {
            return try ConfigurationFile.load(path: ConfigurationFile.defaultName)
        }
        return .defaults
    }
}
