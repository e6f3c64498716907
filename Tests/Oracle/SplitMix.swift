/// SplitMix64: a tiny generator whose whole state is one number, so a seed names a run on every
/// machine and toolchain (the standard library's generator is neither seedable nor stable).
public struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `chance`.
    public mutating func chance(_ chance: Double) -> Bool { Double.random(in: 0..<1, using: &self) < chance }

    /// A duration in milliseconds on a log scale between `low` and `high`, to the microsecond.
    public mutating func milliseconds(_ low: Double, _ high: Double) -> Double {
        let value = low * Foundation.pow(high / low, Double.random(in: 0...1, using: &self))
        return (value * 1000).rounded() / 1000
    }
}

import Foundation
