import TraceInstrument

/// What `instrument` says when it is done: what it changed, and what the app still needs.
enum InstrumentSummary {
    static func text(_ report: InstrumentReport, instrumenter: Instrumenter) -> String {
        let verb = instrumenter.dryRun ? "would change" : "changed"
        let limited = report.limitedOut == 0 ? "" : " (and read \(report.limitedOut) more, left out by --only/--exclude)"
        let files = "\(report.changed.count) of \(count(report.files, "Swift file"))\(limited)"
        let leftAlone = report.skipped.isEmpty ? "" : "; \(count(report.skipped.count, "file")) left alone (see above)"
        if instrumenter.action == .remove {
            return "trace-analyze: instrument --remove \(verb) \(files)\(leftAlone)"
        }
        let counts = report.counts
        if instrumenter.options.mode == .printChanges {
            return "trace-analyze: instrument \(verb) \(files): Self._printChanges() in \(count(counts.views, "view"))\(leftAlone)"
        }
        var text = "trace-analyze: instrument \(verb) \(files): \(count(counts.views, "view")) (\(counts.lifecycles) with appear/disappear), \(count(counts.models, "model"))\(leftAlone)"
        guard !report.changed.isEmpty, !instrumenter.dryRun else { return text }
        text += "\n" + needs(report.modules, condition: instrumenter.options.condition)
        text += "\nThen run the app with TRACE_PROBE=1 in its environment and give its console output to `trace-analyze check`."
        return text
    }

    /// Which modules now need TraceProbe, and the lines that add it to each: SwiftPM targets
    /// by name under their package, Xcode projects by their project.
    static func needs(_ modules: Set<ModuleOfFile>, condition: String) -> String {
        // The project has no published address: a local checkout, by path.
        let package = ".package(path: \"../trace-analyze\") (the path of your trace-analyze checkout)"
        let product = ".product(name: \"TraceProbe\", package: \"trace-analyze\")"
        var targets: [String: [String]] = [:]
        var packages: Set<String> = [], projects: Set<String> = []
        var xcodeTargets: [String: [String]] = [:]
        var unknown = false
        for module in modules {
            switch module {
            case .swiftPMTarget(let path, let target): targets[path, default: []].append(target)
            case .swiftPMPackage(let path): packages.insert(path)
            case .xcodeProject(let project): projects.insert(project)
            case .xcodeTarget(let project, let target): xcodeTargets[project, default: []].append(target)
            case .unknown: unknown = true
            }
        }
        var lines = ["The files changed now import TraceProbe (used only under #if \(condition)); add the library to each module they are in:"]
        for path in Set(targets.keys).union(packages).sorted() {
            lines.append("  SwiftPM package \(path)/Package.swift: \(package) in its dependencies, and \(product) in the dependencies of")
            if let names = targets[path] {
                lines.append("    \(names.count == 1 ? "target" : "\(names.count) targets"): \(names.sorted().joined(separator: ", "))")
            }
            if packages.contains(path) { lines.append("    the targets whose files sit outside Sources/<Target>/ (custom paths)") }
        }
        for project in projects.union(xcodeTargets.keys).sorted() {
            guard let names = xcodeTargets[project] else {
                lines.append("  Xcode project \(project): File > Add Package Dependencies... > Add Local..., your trace-analyze checkout, and the TraceProbe library for each target that builds the changed files")
                continue
            }
            lines.append("  Xcode project \(project): File > Add Package Dependencies... > Add Local..., your trace-analyze checkout, and the TraceProbe library for")
            lines.append("    \(names.count == 1 ? "target" : "\(names.count) targets"): \(names.sorted().joined(separator: ", "))")
            if projects.contains(project) { lines.append("    and each target that builds the changed files the project file does not list") }
        }
        if unknown {
            lines.append("  files with no Package.swift or .xcodeproj above them: SwiftPM: \(package) in the package's dependencies and \(product) in the target's;")
            lines.append("    Xcode: File > Add Package Dependencies... > Add Local..., your trace-analyze checkout, and the TraceProbe library for the app target")
        }
        lines.append("  Or copy the folder Sources/TraceProbe (it depends on nothing) into the app's sources.")
        return lines.joined(separator: "\n")
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
