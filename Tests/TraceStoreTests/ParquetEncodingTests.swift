import Testing
@testable import TraceStore

/// The building blocks of the Parquet writer, read back by the tests' own decoder.
@Suite struct ParquetEncodingTests {
    @Test(arguments: [Int64(0), 1, -1, 63, -64, 64, 127, 128, 300, -300, 1 << 31, -(1 << 31), Int64.max, Int64.min])
    func zigzagVarintsRoundTrip(value: Int64) {
        var bytes: [UInt8] = []
        ThriftCompactWriter.appendVarint(ThriftCompactWriter.zigzag(value), to: &bytes)
        var reader = ThriftCompactReader(bytes)
        #expect(reader.zigzag() == value)
        #expect(reader.position == bytes.count)
    }

    @Test func smallZigzagValuesAreOneByte() {
        // The Thrift specification's table: 0 → 0, -1 → 1, 1 → 2, -2 → 3, 2147483647 → 4294967294.
        #expect([0, -1, 1, -2].map(ThriftCompactWriter.zigzag) == [0, 1, 2, 3])
        #expect(ThriftCompactWriter.zigzag(2_147_483_647) == 4_294_967_294)
        var bytes: [UInt8] = []
        ThriftCompactWriter.appendVarint(300, to: &bytes)
        #expect(bytes == [0xAC, 0x02])
    }

    @Test func structsListsAndFieldIdJumpsDecode() {
        var writer = ThriftCompactWriter()
        writer.field(1, i32: -5)
        writer.field(20, i64: 1 << 40) // a jump over 15: the long field header
        writer.beginStruct(21)
        writer.field(3, string: "nested")
        writer.field(4, bool: true)
        writer.endStruct()
        writer.field(22, bool: false) // field ids continue from the outer struct's 21
        writer.beginList(23, of: .i32, count: 20) // 15 or more: the long list header
        for value in 0..<20 { writer.element(i32: Int32(value - 10)) }
        writer.beginList(24, of: .structure, count: 2)
        for name in ["a", "b"] {
            writer.beginListStruct()
            writer.field(1, string: name)
            writer.endStruct()
        }
        writer.stop()
        var reader = ThriftCompactReader(writer.bytes)
        let value = reader.structure()
        #expect(reader.position == writer.bytes.count)
        #expect(value[1]?.int == -5)
        #expect(value[20]?.int == 1 << 40)
        #expect(value[21]?[3]?.string == "nested")
        #expect(value[21]?[4] == .bool(true))
        #expect(value[22] == .bool(false))
        #expect(value[23]?.list.compactMap(\.int) == (0..<20).map { Int64($0 - 10) })
        #expect(value[24]?.list.compactMap { $0[1]?.string } == ["a", "b"])
    }

    @Test func theSpecificationsBitPackingExample() {
        // Parquet's encodings document: 0...7 at bit width 3 pack to 10001000 11000110 11111010.
        var bytes: [UInt8] = []
        RLEHybrid.encode(Array(0...7), bitWidth: 3, into: &bytes)
        #expect(bytes == [0x03, 0b1000_1000, 0b1100_0110, 0b1111_1010])
    }

    @Test func aLongRunIsOneRLERun() {
        var bytes: [UInt8] = []
        RLEHybrid.encode(Array(repeating: 1, count: 100), bitWidth: 1, into: &bytes)
        #expect(bytes == [200, 1, 1])
    }

    @Test(arguments: [1, 2, 3, 5, 8, 13, 17])
    func definitionLevelsAndIndicesRoundTrip(bitWidth: Int) {
        var generator = SplitMix(seed: UInt64(bitWidth))
        let maximum = UInt32((1 << bitWidth) - 1)
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1001] {
            // Runs of random length mixed with noise: both RLE and bit-packed runs, and their joins.
            var values: [UInt32] = []
            while values.count < length {
                let value = UInt32(generator.next() % UInt64(maximum + 1))
                let run = generator.next() % 3 == 0 ? Int(generator.next() % 20) + 1 : 1
                values += Array(repeating: value, count: min(run, length - values.count))
            }
            var bytes: [UInt8] = []
            RLEHybrid.encode(values, bitWidth: bitWidth, into: &bytes)
            var start = 0
            #expect(decodeHybrid(bytes, at: &start, end: bytes.count, bitWidth: bitWidth, count: values.count) == values, "width \(bitWidth), length \(length)")
            #expect(start == bytes.count)
        }
    }

    @Test func bitWidthsCoverTheLargestIndex() {
        #expect([0, 1, 2, 3, 4, 255, 256].map { RLEHybrid.bitWidth(forMaximum: $0) } == [1, 1, 2, 2, 3, 8, 9])
    }
}

/// A seeded generator, so a failing case is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
