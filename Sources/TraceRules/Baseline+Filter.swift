extension Baseline {
    /// Decides, finding by finding in report order, which ones the baseline hides: what
    /// `partition` does, without holding the findings.
    public struct Filter {
        private var remaining: [Fingerprint: Int] = [:]

        /// A filter with every entry of `baseline` still to match.
        public init(_ baseline: Baseline) {
            for entry in baseline.entries { remaining[entry.fingerprint, default: 0] += 1 }
        }

        /// True when `finding` is hidden: an entry with its fingerprint is left, and is used up.
        public mutating func hides(_ finding: Finding) -> Bool {
            let fingerprint = Fingerprint(finding)
            guard let count = remaining[fingerprint], count > 0 else { return false }
            remaining[fingerprint] = count - 1
            return true
        }
    }
}
