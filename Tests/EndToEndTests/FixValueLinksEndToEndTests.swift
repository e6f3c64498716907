import Foundation
import Testing

/// `trace-analyze fix` on the third and fourth shapes, as a user runs it: a
/// `NavigationLink(destination:)` in a list inside a `NavigationStack` becomes a value link
/// with one `navigationDestination(for:)`, rows made with `id: UUID()` take the element's id;
/// the same link in a `NavigationView` is left, and lint says why.
@Suite struct FixValueLinksEndToEndTests {
    static let inbox = """
        import SwiftUI

        struct Inbox: View {
            let mails: [Mail]
            var rows: [MailRowModel] { mails.map { MailRowModel(id: UUID(), subject: $0.subject) } }
            var body: some View {
                NavigationStack {
                    List(mails) { mail in
                        NavigationLink(destination: MailDetail(mail: mail)) {
                            Text(mail.subject)
                        }
                    }
                    .navigationTitle("Inbox")
                    ForEach(rows) { row in Text(row.subject) }
                }
            }
        }
        struct Mail: Identifiable, Hashable { let id: UUID; let subject: String }
        struct MailRowModel: Identifiable { let id: UUID; let subject: String }
        struct MailDetail: View { let mail: Mail; var body: some View { Text(mail.subject) } }

        """
    static let fixedInbox = """
        import SwiftUI

        struct Inbox: View {
            let mails: [Mail]
            var rows: [MailRowModel] { mails.map { MailRowModel(id: $0.id, subject: $0.subject) } }
            var body: some View {
                NavigationStack {
                    List(mails) { mail in
                        NavigationLink(value: mail) {
                            Text(mail.subject)
                        }
                    }
                    .navigationDestination(for: Mail.self) { mail in
                        MailDetail(mail: mail)
                    }
                    .navigationTitle("Inbox")
                    ForEach(rows) { row in Text(row.subject) }
                }
            }
        }
        struct Mail: Identifiable, Hashable { let id: UUID; let subject: String }
        struct MailRowModel: Identifiable { let id: UUID; let subject: String }
        struct MailDetail: View { let mail: Mail; var body: some View { Text(mail.subject) } }

        """
    static let legacy = """
        import SwiftUI

        struct Outbox: View {
            let drafts: [Draft]
            var body: some View {
                NavigationView {
                    List(drafts) { draft in
                        NavigationLink(destination: DraftEditor(draft: draft)) { Text(draft.subject) }
                    }
                }
            }
        }
        struct Draft: Identifiable, Hashable { let id: Int; let subject: String }

        """

    @Test func valueLinksAndDataIDs() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("App"), withIntermediateDirectories: true)
        let inbox = try workspace.write("App/Inbox.swift", Self.inbox)
        let legacy = try workspace.write("App/Outbox.swift", Self.legacy)

        let dry = try Tool.run(["fix", "App", "--dry-run"], in: workspace.url)
        #expect(dry.stderr == "trace-analyze: would fix 2 sites in 1 file (eager_navigation_destination 1, unstable_foreach_id 1); 1 site of these rules left for a person (not mechanical; `lint` names them)\n", "\(dry.stderr)")
        #expect(try String(contentsOfFile: inbox, encoding: .utf8) == Self.inbox)

        let first = try Tool.run(["fix", "App"], in: workspace.url)
        #expect(first.status == 0)
        #expect(first.stderr.hasPrefix("trace-analyze: fixed 2 sites in 1 file (eager_navigation_destination 1, unstable_foreach_id 1)"), "\(first.stderr)")
        #expect(try String(contentsOfFile: inbox, encoding: .utf8) == Self.fixedInbox)
        #expect(try String(contentsOfFile: legacy, encoding: .utf8) == Self.legacy)
        let parse = try Tool.run(["swiftc", "-parse", "-swift-version", "6", inbox], program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(parse.status == 0, "\(parse.stderr)")

        let second = try Tool.run(["fix", "App"], in: workspace.url)
        #expect(second.stderr.hasPrefix("trace-analyze: fixed 0 sites in 0 files"), "\(second.stderr)")
        #expect(try String(contentsOfFile: inbox, encoding: .utf8) == Self.fixedInbox)

        // Only the NavigationView's link is reported afterwards, with why `fix` left it.
        let lint = try Tool.run(["lint", "App", "--format", "xcode", "--fail-on", "never"], in: workspace.url)
        let lines = lint.stdout.split(separator: "\n")
        #expect(lines.count == 1, "\(lint.stdout)")
        #expect(lines.first?.hasPrefix("App/Outbox.swift:8:") == true, "\(lint.stdout)")
        #expect(lines.first?.hasSuffix("`fix` leaves it: it is in a `NavigationView`, not a `NavigationStack` (eager_navigation_destination)") == true, "\(lint.stdout)")
    }

    /// With `--log`, the links are changed only when the log shows the view's destinations
    /// built together (`non_lazy_navigation_destination` names `Inbox`); two lists of different
    /// types in one stack get one `navigationDestination` each.
    @Test func aLogConfirmsTheLinks() throws {
        let workspace = try Workspace()
        try FileManager.default.createDirectory(atPath: workspace.path("App"), withIntermediateDirectories: true)
        let inbox = try workspace.write("App/Inbox.swift", """
            import SwiftUI

            struct Inbox: View {
                let mails: [Mail]
                let notes: [Note]
                var body: some View {
                    NavigationStack {
                        List(mails) { mail in
                            NavigationLink(destination: MailDetail(mail: mail)) { Text(mail.subject) }
                        }
                        List(notes) { note in
                            NavigationLink(destination: NoteDetail(note: note)) { Text(note.title) }
                        }
                    }
                }
            }
            struct Mail: Identifiable, Hashable { let id: Int; let subject: String }
            struct Note: Identifiable, Hashable { let id: Int; let title: String }

            """)
        let lines = { (root: String) in "\(root): @self, @identity changed.\nMailDetail init\nNoteDetail init\n\(root) appear\nMailDetail appear\n\(root) appear\nNoteDetail appear\n" }
        _ = try workspace.write("other.log", lines("Outbox"))
        _ = try workspace.write("app.log", lines("Inbox"))

        let other = try Tool.run(["fix", "App", "--log", "other.log"], in: workspace.url)
        #expect(other.stderr.hasPrefix("trace-analyze: fixed 0 sites in 0 files; 2 sites of these rules left for a person"), "\(other.stderr)")
        let confirmed = try Tool.run(["fix", "App", "--log", "app.log"], in: workspace.url)
        #expect(confirmed.stderr == "trace-analyze: fixed 2 sites in 1 file (eager_navigation_destination 2)\n", "\(confirmed.stderr)")
        let fixed = try String(contentsOfFile: inbox, encoding: .utf8)
        #expect(fixed.contains("""
                        List(mails) { mail in
                            NavigationLink(value: mail) { Text(mail.subject) }
                        }
                        .navigationDestination(for: Mail.self) { mail in
                            MailDetail(mail: mail)
                        }
                        List(notes) { note in
                            NavigationLink(value: note) { Text(note.title) }
                        }
                        .navigationDestination(for: Note.self) { note in
                            NoteDetail(note: note)
                        }
            """), "\(fixed)")
        let parse = try Tool.run(["swiftc", "-parse", "-swift-version", "6", inbox], program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(parse.status == 0, "\(parse.stderr)")
    }
}
