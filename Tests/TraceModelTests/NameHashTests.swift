import Testing
import TraceModel

@Suite struct NameHashTests {
    /// Interners index their tables by the hash's low bits. Names that differ in one byte in
    /// the middle of an eight-byte word (`Row1View`, `Row2View`, …) must still spread over a
    /// small table, which a bare multiply per word would not do: its low bits see only the
    /// low bytes of each word. 256 random hashes fill about 162 of 256 slots.
    @Test(arguments: ["Row#View", "#", "ContentView.Row#.Item", "_count#", "DataModel#Store"])
    func namesThatDifferInOneByteSpreadOverASmallTable(pattern: String) {
        let parts = pattern.split(separator: "#", omittingEmptySubsequences: false)
        let names = (0 ..< 256).map { "\(parts[0])\($0)\(parts[1])" }
        let slots = Set(names.map { name in
            var name = name
            return name.withUTF8 { Int(truncatingIfNeeded: nameHash(UnsafeRawBufferPointer($0))) & 255 }
        })
        #expect(slots.count > 140)
    }

    @Test func equalBytesHashEqualAndLengthCounts() {
        func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes(nameHash) }
        #expect(hash(Array("ContentView".utf8)) == hash(Array("ContentView".utf8)))
        #expect(hash([]) != hash([0]))
        #expect(hash([0]) != hash([0, 0]))
        #expect(hash(Array("12345678".utf8)) != hash(Array("12345678\0".utf8)))
    }
}
