/// Configured bounds of ordered bands (Apple's hitch-rate bands, Instruments' hang categories)
/// made to ascend: each at least the one below it, so a configuration that sets one bound past
/// the next still leaves every band in order (the higher one empty) rather than overlapping.
func ascendingBounds(_ bounds: [Double]) -> [Double] {
    var result: [Double] = []
    for bound in bounds { result.append(max(bound, result.last ?? bound)) }
    return result
}
