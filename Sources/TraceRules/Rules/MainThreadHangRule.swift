import TraceModel

/// A recorded main-thread delay, named by Instruments' categories and judged by them.
public enum MainThreadHangRule: Rule {
    static let briefMs = Threshold.duration(
        "brief_unresponsiveness_ms", default: 100,
        "The main thread unresponsive at least this long, in milliseconds, is Brief Unresponsiveness: a warning (Instruments: 100 ms; shorter is a Potential Interaction Delay, not reported).")
    static let microhangMs = Threshold.duration(
        "microhang_ms", default: 250,
        "The main thread unresponsive at least this long, in milliseconds, is a Microhang: the rule's severity, an error by default (Instruments: 250 ms).")
    static let hangMs = Threshold.duration(
        "hang_ms", default: 500,
        "The main thread unresponsive at least this long, in milliseconds, is a Hang: the rule's severity, an error by default (Instruments: 500 ms).")

    public static let description = RuleDescription(
        identifier: "main_thread_hang",
        title: "Main-thread hang",
        defaultSeverity: .error,
        summary: "The Hangs instrument recorded the main thread unresponsive for 100 to 250 ms (Brief Unresponsiveness: a warning), 250 to 500 ms (a Microhang: an error) or 500 ms or more (a Hang: an error).",
        rationale: """
            The main thread runs every event handler, body and layout; while it is busy the app \
            cannot respond. Apple's article "Understanding hangs in your app" (Xcode \
            documentation, 2026, \
            <https://developer.apple.com/documentation/xcode/understanding-hangs-in-your-app>) \
            says a delay under 100 ms in a discrete interaction is rarely noticeable and one of \
            250 ms or more is a hang. Instruments' Hangs instrument files each main-thread delay \
            under one of four names, and the findings use them: under 100 ms a Potential \
            Interaction Delay (not reported), 100 to 250 ms Brief Unresponsiveness (a warning), \
            250 to 500 ms a Microhang and 500 ms or more a Hang (both at the rule's severity, an \
            error by default; WWDC23 "Analyze hangs with Instruments", \
            <https://developer.apple.com/videos/play/wwdc2023/10248/>). The bounds are the keys \
            `brief_unresponsiveness_ms`, `microhang_ms` and `hang_ms`. The rule reads the \
            `potential-hangs` table of an `xctrace export` and names each row by its duration \
            against those keys; Instruments' own label of the row is shown on its evidence line \
            and kept in `recorded_intervals.hang_type` (it follows Instruments' own settings, \
            which the export does not record). A row on another thread is not a hang by Apple's \
            definition and is left alone. Each finding says what ran under the hang: the share \
            the recorded SwiftUI updates filled and the costliest of them (`hitch_attribution` \
            names them all), or that no SwiftUI update was recorded under it and what to record \
            to find out. Needs a recording: logs carry no hang durations.
            """,
        fix: """
            Move the work off the main thread: I/O, decoding, parsing and sorting into a \
            `Task` or a background actor, with only the result applied on the main actor. Where \
            SwiftUI updates filled the hang, make them fewer or cheaper (see `hitch_attribution`). \
            Where none ran, record Time Profiler with the Hangs instrument to see the main \
            thread's stack during the hang.
            """,
        swiftFix: [
            SwiftPair(
                note: "Importing parses the whole backup on the main actor, so the app cannot respond until it is done. A background actor reads and parses it; the main actor awaits the result without blocking and only applies it.",
                before: #"""
                    import Foundation
                    import SwiftUI

                    struct Contact: Identifiable, Sendable {
                        let id: Int
                        let name: String
                    }

                    enum BackupParser {
                        /// Reads and parses a backup file: seconds for a large one.
                        static func contacts(from url: URL) throws -> [Contact] {
                            let text = try String(contentsOf: url, encoding: .utf8)
                            return text.split(separator: "\n").enumerated().map { Contact(id: $0.offset, name: String($0.element)) }
                        }
                    }

                    @MainActor final class ContactsModel: ObservableObject {
                        @Published var contacts: [Contact] = []

                        /// Runs on the main actor: the app cannot respond until the whole file is parsed.
                        func importBackup(from url: URL) {
                            contacts = (try? BackupParser.contacts(from: url)) ?? []
                        }
                    }

                    struct ImportView: View {
                        @StateObject private var model = ContactsModel()
                        let backupURL: URL

                        var body: some View {
                            VStack {
                                Text("\(model.contacts.count) contacts")
                                Button("Import backup") {
                                    model.importBackup(from: backupURL)
                                }
                            }
                        }
                    }
                    """#,
                after: #"""
                    import Foundation
                    import SwiftUI

                    struct Contact: Identifiable, Sendable {
                        let id: Int
                        let name: String
                    }

                    /// Reads and parses backups on its own executor, off the main thread.
                    actor BackupImporter {
                        func contacts(from url: URL) throws -> [Contact] {
                            let text = try String(contentsOf: url, encoding: .utf8)
                            return text.split(separator: "\n").enumerated().map { Contact(id: $0.offset, name: String($0.element)) }
                        }
                    }

                    @MainActor final class ContactsModel: ObservableObject {
                        @Published var contacts: [Contact] = []
                        private let importer = BackupImporter()

                        /// Waits for the importer without blocking the main actor; only the result is applied on it.
                        func importBackup(from url: URL) async {
                            contacts = (try? await importer.contacts(from: url)) ?? []
                        }
                    }

                    struct ImportView: View {
                        @StateObject private var model = ContactsModel()
                        let backupURL: URL

                        var body: some View {
                            VStack {
                                Text("\(model.contacts.count) contacts")
                                Button("Import backup") {
                                    Task { await model.importBackup(from: backupURL) }
                                }
                            }
                        }
                    }
                    """#
            ),
        ],
        seed: "Instruments Hangs instrument (potential-hangs); 000 (work in body and init runs on the main thread)",
        thresholds: [briefMs, microhangMs, hangMs],
        triggeringExamples: [
            Example(note: "A 300 ms Microhang on the main thread with no SwiftUI update recorded: an error that says what to record.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>hang-type</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                ↓<row><start-time>2000000000</start-time><duration>300000000</duration><hang-type>Microhang</hang-type><thread fmt="Main Thread (0x1e9000) (MyApp, pid: 1001)"><tid>2003968</tid></thread></row>
                </node></trace-query-result>
                """),
            Example(note: "120 ms of Brief Unresponsiveness: a warning.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>hang-type</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                ↓<row><start-time>2000000000</start-time><duration>120000000</duration><hang-type>Brief Unresponsiveness</hang-type><thread fmt="Main Thread (0x1e9000) (MyApp, pid: 1001)"><tid>2003968</tid></thread></row>
                </node></trace-query-result>
                """),
        ],
        nonTriggeringExamples: [
            Example(note: "A 64 ms Potential Interaction Delay, under the 100 ms of Brief Unresponsiveness.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>hang-type</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                <row><start-time>2000000000</start-time><duration>64000000</duration><hang-type>Potential Interaction Delay</hang-type><thread fmt="Main Thread (0x1e9000) (MyApp, pid: 1001)"><tid>2003968</tid></thread></row>
                </node></trace-query-result>
                """),
            Example(note: "A long stall of a background thread: not a hang by Apple's definition.", """
                <?xml version="1.0"?>
                <trace-query-result><node><schema name="potential-hangs"><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col><col><mnemonic>thread</mnemonic></col></schema>
                <row><start-time>2000000000</start-time><duration>400000000</duration><thread fmt="com.example.worker (0x1e9100) (MyApp, pid: 1001)"><tid>2004224</tid></thread></row>
                </node></trace-query-result>
                """),
            Example(note: "A log: no hang durations.", """
                ContentView: @self, @identity, _count changed.
                """),
        ]
    )

    public static func detector(_ context: RuleContext) -> any Detector {
        let categories = HangCategories(
            brief: context.thresholds[briefMs], microhang: context.thresholds[microhangMs], hang: context.thresholds[hangMs])
        // A stall of another thread is not a hang by Apple's definition.
        return JudgedIntervals(keeping: { $0.recorded.contains(.hang) && !$0.recorded.contains(.offMainThread) }) { interval in
            let duration = interval.milliseconds
            let category = categories.category(duration)
            guard category != .potentialInteractionDelay else { return nil }
            return ("The main thread was unresponsive for \(HitchAccount.format(duration)) at \(HitchAccount.format(seconds: interval.start)): "
                + "\(categories.judgement(category)).",
                    category == .briefUnresponsiveness ? .lowered : .full)
        }
    }
}
