import TraceStore

extension StoredFindings {
    /// Where `forEach(preparing:)` runs `prepare`.
    public enum Preparation: Sendable {
        /// On the reading thread: `prepare` may use the store's connection.
        case whileReading
        /// On a thread of its own, between the reading thread and `body`: `prepare` must use
        /// another connection (`Database.openReader`), never the one the findings are read
        /// through. For a `prepare` that costs more than the reading, with cores to spare.
        case apart
    }

    /// `forEach` in stages: the findings are read, and `prepare` runs on each of them, on a
    /// thread other than the caller's (`preparation` says which), up to a few hundred findings ahead of
    /// `body`.
    ///
    /// A text report spends about as long reading findings and what their lines say as it does
    /// laying them out; on two cores both happen at once. `prepare` is where the reading goes.
    /// `body` gets what it returned and must not touch the database, which is one thread's at a
    /// time. Nothing more is read once `body` throws, and the other threads have stopped when
    /// this returns, so the connections are the caller's again.
    public func forEach<Prepared>(
        order: Order = .report, evidence: Evidence = .all, preparing prepare: @escaping (_ id: Int, Finding) throws -> Prepared,
        preparation: Preparation = .whileReading, _ body: (_ id: Int, Finding, Prepared) throws -> Void
    ) throws {
        let consume = { (items: [FindingReader<Prepared>.Item]) throws in
            for item in items { try body(item.id, item.finding, item.prepared) }
        }
        switch preparation {
        case .whileReading:
            let reader = FindingReader(findings: self, order: order, evidence: evidence, prepare: prepare)
            try BlockingQueue.drain(capacity: 4, producing: { try reader.run(into: $0) }, consume)
        case .apart:
            let reader = FindingReader(findings: self, order: order, evidence: evidence) { _, _ in () }
            let preparer = FindingReader(findings: self, order: order, evidence: evidence, prepare: prepare)
            try BlockingQueue.drain(capacity: 4, producing: { try preparer.prepare(readBy: reader, into: $0) }, consume)
        }
    }
}

/// The reading stage of `StoredFindings.forEach(preparing:)`: reads findings in order, prepares
/// each, and hands them over in parts of `partSize`; or, apart, the stage that prepares them.
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

    /// Reads the findings in order, prepares each, and hands them over in parts.
    func run(into queue: BlockingQueue<Handover<[Item]>>) throws {
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
        if !part.isEmpty { _ = queue.put(.part(part)) }
    }

    /// The middle stage of `.apart`: prepares what `reader` reads, on its own thread, here.
    func prepare(readBy reader: FindingReader<Void>, into queue: BlockingQueue<Handover<[Item]>>) throws {
        try BlockingQueue.drain(capacity: 4, producing: { try reader.run(into: $0) }) { items in
            let part = try items.map { Item(id: $0.id, finding: $0.finding, prepared: try prepare($0.id, $0.finding)) }
            // The consumer has gone (it threw, or finished): stop preparing, and reading.
            guard queue.put(.part(part)) else { throw ConsumerStopped() }
        }
    }
}

/// Ends a read whose findings no one takes any more.
private struct ConsumerStopped: Error {}
