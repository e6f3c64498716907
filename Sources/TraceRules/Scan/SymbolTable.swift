import Foundation
import TraceModel

/// A name from a trace (a view, owner, instance or `_printChanges()` token), interned: two
/// symbols are equal exactly when their names are, and a symbol is a dense index, so a rule can
/// keep per-view state in an array and compare names as integers on the hot path.
///
/// What rules ask of a name while they observe events travels in the symbol itself, so they
/// never need the table (which the scan's reading thread is still filling) before `finish`.
public struct Symbol: Hashable, Comparable, Sendable, BitwiseCopyable {
    /// The index in the low 32 bits, facts about the name above.
    private let raw: UInt64

    private static let endsWithViewBit: UInt64 = 1 << 32
    private static let isStateBit: UInt64 = 1 << 33
    private static let isInstanceBit: UInt64 = 1 << 34

    fileprivate init(index: Int, endsWithView: Bool, isState: Bool, isInstance: Bool) {
        raw = UInt64(index) | (endsWithView ? Self.endsWithViewBit : 0) | (isState ? Self.isStateBit : 0)
            | (isInstance ? Self.isInstanceBit : 0)
    }

    /// The symbol of the instance numbered `index`.
    fileprivate init(instance index: Int) {
        self.init(index: index, endsWithView: false, isState: false, isInstance: true)
    }

    /// True for an instance (`0x600000c04000`, a row id): instances have indexes of their own.
    public var isInstance: Bool { raw & Self.isInstanceBit != 0 }

    /// The position in its table, from 0.
    @inline(__always) public var index: Int { Int(truncatingIfNeeded: raw & 0xFFFF_FFFF) }

    /// True when the name ends in `View` (`GLOB '*View'`): a convention the rules lean on to tell
    /// views from objects when a type printed no body.
    public var endsWithView: Bool { raw & Self.endsWithViewBit != 0 }

    /// True for a `_printChanges()` token naming a dynamic property (`_isPlaying`): state.
    public var isState: Bool { raw & Self.isStateBit != 0 }

    public static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.index < rhs.index }
}

/// The names of one scan, interned from the bytes SQLite hands out without making a String for
/// each row: a trace of a million events names a few hundred types.
public final class SymbolTable {
    /// `@self` and `@identity`, interned first so rules can compare tokens without a look-up.
    public let selfToken: Symbol
    public let identityToken: Symbol

    /// All mutable state in one value. Only the scan's reading thread touches it while the scan
    /// runs, and never through two overlapping accesses, so the runtime check is left out.
    @exclusivity(unchecked) private var storage: Storage
    /// Instances, numbered apart from the other names: a log can name a new instance on every
    /// line, and rules keep state per view in arrays indexed by symbol, which must not grow
    /// with the instances.
    @exclusivity(unchecked) private var instances = InstanceNames()

    public init() {
        var storage = Storage()
        selfToken = "@self".utf8.withContiguousStorageIfAvailable { storage.intern(UnsafeRawBufferPointer($0)) }!
        identityToken = "@identity".utf8.withContiguousStorageIfAvailable { storage.intern(UnsafeRawBufferPointer($0)) }!
        self.storage = storage
    }

    /// How many names the table holds, instances apart: symbol indexes run below it.
    public var count: Int { storage.names.count }

    /// True while a scan's reading thread interns into the table: reading it then would race.
    /// Set and cleared by `TraceScanner` on the thread that reads the table afterwards.
    var isBeingFilled = false

    /// The name of `symbol`.
    public subscript(_ symbol: Symbol) -> String {
        precondition(!isBeingFilled, "a name was read while the scan fills the symbol table; read names in finish")
        return symbol.isInstance ? instances.name(at: symbol.index) : storage.names[symbol.index]
    }

    /// The names of `symbols` in order, each name once, as `map { self[$0] }.uniqued()` gives
    /// them, for lists that hold each symbol once (a finding's roots, its models). Names are
    /// interned by their bytes, so distinct symbols of names (not instances) have distinct
    /// bytes, and ASCII names with distinct bytes are distinct strings: such a list's names are
    /// already distinct, with no string hashed (a set of them cost 60k instructions a finding
    /// of 50 names). Any other list is made distinct as strings (canonically equivalent names
    /// are equal there though their bytes differ).
    func distinctNames(_ symbols: [Symbol]) -> [String] {
        let names = symbols.map { self[$0] }
        let sorted = symbols.sorted()
        guard !zip(sorted, sorted.dropFirst()).contains(where: ==), symbols.allSatisfy({ !$0.isInstance }),
              names.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } })
        else {
            return names.uniqued()
        }
        return names
    }

    /// The symbol whose index is `index`, an instance's never: for rules that keep per-symbol
    /// state in arrays.
    public func symbol(at index: Int) -> Symbol {
        precondition(!isBeingFilled, "a symbol was read while the scan fills the symbol table; read them in finish")
        return storage.symbols[index]
    }

    /// The symbol of the instance numbered `index` (its `index`), for state that keeps instances
    /// as numbers.
    func instance(at index: Int) -> Symbol {
        precondition(index >= 0 && index < instances.count, "no instance \(index)")
        return Symbol(instance: index)
    }

    /// The symbol for `name`, added when new.
    public func intern(_ name: String) -> Symbol {
        Self.withBytes(of: name) { intern($0) }
    }

    /// The symbol for the UTF-8 bytes `name`, added when new.
    public func intern(_ name: UnsafeRawBufferPointer) -> Symbol {
        storage.intern(name)
    }

    /// The symbol for the instance named by the UTF-8 bytes `name`, added when new.
    public func internInstance(_ name: UnsafeRawBufferPointer) -> Symbol {
        Symbol(instance: instances.intern(name))
    }

    /// The symbol for the instance `name`, added when new.
    public func internInstance(_ name: String) -> Symbol {
        Self.withBytes(of: name) { internInstance($0) }
    }

    /// `body` over `name`'s UTF-8 bytes, read where they lie when the string is native (every
    /// string the parser makes): `withUTF8` would copy the string first, a retain and a release
    /// per name on the rules' thread.
    @inline(__always) private static func withBytes(of name: String, _ body: (UnsafeRawBufferPointer) -> Symbol) -> Symbol {
        if let symbol = name.utf8.withContiguousStorageIfAvailable({ body(UnsafeRawBufferPointer($0)) }) { return symbol }
        var name = name
        return name.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    private struct Storage {
        var names: [String] = []
        private(set) var symbols: [Symbol] = []
        private var bytes: [UInt8] = []
        private var spans: [(start: Int, count: Int, hash: UInt64)] = []
        /// Open addressing: a symbol index per slot, -1 for empty; never more than half full.
        private var slots = [Int](repeating: -1, count: 256)

        mutating func intern(_ name: UnsafeRawBufferPointer) -> Symbol {
            let hash = nameHash(name)
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while true {
                let index = slots[slot]
                if index < 0 { return add(name, hash: hash, slot: slot) }
                if spans[index].hash == hash && equal(index, name) { return symbols[index] }
                slot = (slot + 1) & mask
            }
        }

        private func equal(_ index: Int, _ name: UnsafeRawBufferPointer) -> Bool {
            let span = spans[index]
            guard span.count == name.count else { return false }
            return bytes.withUnsafeBytes { stored in
                name.isEmpty || memcmp(stored.baseAddress! + span.start, name.baseAddress!, span.count) == 0
            }
        }

        private mutating func add(_ name: UnsafeRawBufferPointer, hash: UInt64, slot: Int) -> Symbol {
            let index = names.count
            spans.append((bytes.count, name.count, hash))
            bytes.append(contentsOf: name)
            names.append(String(decoding: name, as: UTF8.self))
            let symbol = Symbol(
                index: index,
                endsWithView: name.count >= 4 && name.suffix(4).elementsEqual("View".utf8),
                isState: name.first == UInt8(ascii: "_"),
                isInstance: false
            )
            symbols.append(symbol)
            slots[slot] = index
            if names.count * 2 > slots.count { grow() }
            return symbol
        }

        private mutating func grow() {
            slots = [Int](repeating: -1, count: slots.count * 2)
            let mask = slots.count - 1
            for (index, span) in spans.enumerated() {
                var slot = Int(truncatingIfNeeded: span.hash) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = index
            }
        }
    }
}
