import Foundation
import SwiftSource

/// `trace-analyze instrument`'s work: finds the Swift files under the paths given, plans what
/// each needs from all of them at once (a view's body may be in another file than its
/// declaration), and writes each changed file whole, or only describes the change.
package struct Instrumenter {
    /// What a run does to the files.
    package enum Action: Sendable, Equatable {
        /// Insert the probes (after taking out any earlier run's, so a second run changes nothing).
        case instrument
        /// Take out everything any run inserted.
        case remove
    }

    package let options: InstrumentOptions
    package let action: Action
    /// When true, nothing is written: each change is described as a unified diff.
    package let dryRun: Bool

    package init(options: InstrumentOptions = InstrumentOptions(), action: Action = .instrument, dryRun: Bool = false) {
        self.options = options
        self.action = action
        self.dryRun = dryRun
    }

    /// Runs over the `.swift` files at or below `paths`; throws only when a path does not exist.
    ///
    /// `stop` is asked before each file is written: once it says yes (a signal arrived), the
    /// files written so far stay whole and the rest are left as they were, so a stopped run
    /// leaves no file half-written and no temporary file beside one.
    package func run(paths: [String], stop: () -> Bool = { false }) throws(InstrumentRefusal) -> InstrumentReport {
        var report = InstrumentReport()
        var readable: [(file: ReadSource, writable: Bool)] = []
        let listed: [String]
        do {
            let listing = try SwiftFileList.listing(in: paths, enteringVendored: action == .remove)
            listed = listing.files
            report.vendored = listing.vendored
        } catch {
            throw InstrumentRefusal(error.description)
        }
        // A file reached under two names (itself and a link to it, or two links) is read and
        // written once, under its own name where it is listed: twice would count its views twice.
        var kinds: [(path: String, kind: SourceFile.Kind)] = listed.map { ($0, SourceFile.kind(of: $0)) }
        var named: [SourceFile.Identity: String] = [:]
        for (path, kind) in kinds {
            guard case .file(_, let identity) = kind else { continue }
            if named[identity] == nil || (named[identity].map(Self.isLink) == true && !Self.isLink(path)) { named[identity] = path }
        }
        kinds = kinds.map { path, kind in
            guard case .file(_, let identity) = kind, let own = named[identity], own != path else { return (path, kind) }
            return (path, .leftAlone(reason: "is a link to \(own), which is read under its own name"))
        }
        for (path, kind) in kinds {
            guard case .file(let mode, _) = kind else {
                if case .leftAlone(let reason) = kind, options.allowsChange(to: path) { report.skipped.append(.init(path: path, reason: reason)) }
                continue
            }
            do {
                let bytes = try SourceFile.read(path)
                // Read-only is the file's mode (root may write anything) or, for anyone else, what
                // the user may do: a file the user cannot write is not theirs to replace, even
                // where its folder would let a rename through.
                let writable = mode & 0o222 != 0 && access(path, W_OK) == 0
                readable.append((try ReadSource(path: path, bytes: bytes), writable))
            } catch {
                // Outside --only or inside --exclude, a file that cannot be read is not the user's concern now.
                if options.allowsChange(to: path) { report.skipped.append(.init(path: path, reason: error.reason)) }
            }
        }
        // A file that will be left alone (read-only, a test, one using the probe's name) holds
        // no token: a body in another file must not be made to read one.
        let limited = readable.filter { !options.allowsChange(to: $0.file.path) }.map(\.file.path)
        report.limitedOut = limited.count
        let leftAlone = Set(limited).union(readable.filter { !$0.writable || $0.file.isTestOrManifest || $0.file.usesProbeName }.map(\.file.path))
        let facts = AppFacts(readable.map(\.file)) { !leftAlone.contains($0.path) }
        let projects = XcodeProjects()
        for (file, writable) in readable {
            if stop() {
                report.stoppedBefore = file.path
                break
            }
            guard options.allowsChange(to: file.path) else { continue }
            report.files += 1
            let (result, counts, notes) = rewrite(file, facts: facts)
            report.notes += notes.map { "\(file.path):\($0)" }
            guard result != file.original else { continue }
            if !writable {
                report.skipped.append(.init(path: file.path, reason: "is read-only; left as it was (it would have changed)"))
                continue
            }
            if dryRun {
                report.diff += UnifiedDiff.make(old: file.original, new: result, path: file.path)
            } else {
                do {
                    try SourceFile.replace(file.path, with: result)
                } catch {
                    report.skipped.append(.init(path: file.path, reason: error.reason))
                    continue
                }
            }
            report.changed.append(file.path)
            report.counts = report.counts + counts
            if action == .instrument, options.mode == .probe { report.modules.formUnion(ModuleOfFile.modules(of: file.path, projects: projects)) }
        }
        return report
    }

    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The file's new contents, what was inserted and what was left alone.
    private func rewrite(_ file: ReadSource, facts: AppFacts) -> (bytes: [UInt8], counts: InstrumentCounts, notes: [String]) {
        guard action == .instrument, !file.isTestOrManifest else { return (file.source, InstrumentCounts(), []) }
        var instrumenter = FileInstrumenter(file: file, facts: facts, options: options)
        instrumenter.plan()
        return (instrumenter.edits.applied(), instrumenter.counts, instrumenter.notes)
    }
}

/// What a run did: the files it changed (or would), what it inserted, what it left alone and why.
package struct InstrumentReport: Sendable, Equatable {
    /// A file left as it was, and why, in one line.
    package struct Skipped: Sendable, Equatable {
        package let path: String
        package let reason: String
    }

    /// Swift files read.
    package var files = 0
    /// Files read (for what they declare) but not to be changed, being outside `--only` or
    /// inside `--exclude`; not counted in `files`.
    package var limitedOut = 0
    /// Files changed (or, in a dry run, that would change), in the order read.
    package var changed: [String] = []
    package var counts = InstrumentCounts()
    package var skipped: [Skipped] = []
    /// Folders of third-party code (`Pods`, `Carthage`...) that were not entered.
    package var vendored: [String] = []
    /// Things seen and left alone inside files that were read, as `path:line:column: why`.
    package var notes: [String] = []
    /// The modules whose files now import TraceProbe: each needs the library.
    package var modules: Set<ModuleOfFile> = []
    /// In a dry run, the unified diff of every change.
    package var diff = ""
    /// The file a stop request came before: it and those after it were left as they were.
    package var stoppedBefore: String?

    package init() {}
}
