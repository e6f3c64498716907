import TraceStore

extension StoredFindings {
    /// `forEach` in two stages: the findings are read, and `prepare` runs on each of them, on a
    /// thread of their own, up to a few hundred findings ahead of `body`.
    ///
    /// A text report spends about as long reading findings and what their lines say as it does
    /// laying them out; on two cores both happen at once. `prepare` is where the reading goes: it
    /// runs on the reading thread and may use the database. `body` gets what it returned and
    /// must not touch the database, which is one thread's at a time. Nothing more is read once
    /// `body` throws, and the reading thread has stopped when this returns, so the connection is
    /// the caller's again.
    public func forEach<Prepared>(
        order: Order = .report, evidence: Evidence = .all,
        preparing prepare: @escaping (_ id: Int, Finding) throws -> Prepared,
        _ body: (_ id: Int, Finding, Prepared) throws -> Void
    ) throws {
        let reader = FindingReader(findings: self, order: order, evidence: evidence, prepare: prepare)
        try BlockingQueue.drain(capacity: 4, producing: { reader.run(into: $0) }) { items in
            for item in items { try body(item.id, item.finding, item.prepared) }
        }
    }
}

/// The reading stage of `StoredFindings.forEach(preparing:)`: reads findings in order, prepares
/// each, and hands them over in parts of `partSize`.
private final class FindingReader<Prepared>: @unchecked Sendable {
    struct Item {
        let id: Int
        let finding: Finding
        let prepared: Prepared
    }

    /// Findings per hand-over: enough that waking the other thread costs little per finding,
    /// few enough that a part of findings citing thousands of lines each stays small.
    static var partSize: Int { 64 }

    private let findings: StoredFindings
    private let order: StoredFindings.Order
    private let evidence: StoredFindings.Evidence
    private let prepare: (Int, Finding) throws -> Prepared

    init(findings: StoredFindings, order: StoredFindings.Order, evidence: StoredFindings.Evidence, prepare: @escaping (Int, Finding) throws -> Prepared) {
        self.findings = findings
        self.order = order
        self.evidence = evidence
        self.prepare = prepare
    }

    func run(into queue: BlockingQueue<Handover<[Item]>>) {
        do {
            var part: [Item] = []
            part.reserveCapacity(Self.partSize)
            try findings.forEach(order: order, evidence: evidence) { id, finding in
                part.append(Item(id: id, finding: finding, prepared: try prepare(id, finding)))
                guard part.count == Self.partSize else { return }
                // The consumer has gone (it threw, or finished): stop reading.
                guard queue.put(.part(part)) else { throw ConsumerStopped() }
                part = []
                part.reserveCapacity(Self.partSize)
            }
            if !part.isEmpty { guard queue.put(.part(part)) else { return } }
            _ = queue.put(.end)
        } catch is ConsumerStopped {
            return
        } catch {
            _ = queue.put(.failed(error))
        }
    }
}

/// Ends a read whose findings no one takes any more.
private struct ConsumerStopped: Error {}
