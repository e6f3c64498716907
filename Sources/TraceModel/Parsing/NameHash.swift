/// The hash of a short name's bytes (a view, a model, an instance, a token), eight bytes at a
/// time: every name of every line is hashed, by the parser's interners and again by the rules'
/// symbol table, and a byte loop was most of interning. Each word is multiplied in and the
/// product rotated, so its high bits reach the next multiply; a last avalanche (MurmurHash3's
/// finaliser) makes the low bits, which tables index by, depend on every byte. Not stable
/// across machines of other byte order: for tables only, never stored.
@inlinable
public func nameHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
    var offset = 0
    while offset + 8 <= bytes.count {
        hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
        hash = hash << 31 | hash >> 33
        offset += 8
    }
    if offset < bytes.count {
        var tail: UInt64 = 0
        for index in offset ..< bytes.count { tail = tail << 8 | UInt64(bytes[index]) }
        hash = (hash ^ tail) &* multiplier
    }
    hash ^= hash >> 33
    hash &*= 0xFF51_AFD7_ED55_8CCD
    hash ^= hash >> 33
    hash &*= 0xC4CE_B9FE_1A85_EC53
    return hash ^ hash >> 33
}
