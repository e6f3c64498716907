import Foundation

extension Schema {
    /// Version 8 names the codes Instruments recordings brought: kind 9 `hitch` (a frame shown
    /// late or a hang, from `hitches` and `potential-hangs`) and envelope 10 `instruments` (a row
    /// of an `xctrace export` table). The `events` view is made anew from version 6's with the
    /// two names added; rows and codes are unchanged.
    static var instrumentsCodes: String {
        let view = narrowEvents[narrowEvents.range(of: "CREATE VIEW events AS")!.lowerBound..<narrowEvents.range(of: "CREATE VIEW view_summary")!.lowerBound]
        let named = view
            .replacingOccurrences(of: "WHEN 8 THEN 'warning' END AS kind", with: "WHEN 8 THEN 'warning' WHEN 9 THEN 'hitch' END AS kind")
            .replacingOccurrences(of: "WHEN 9 THEN 'noise' END AS envelope", with: "WHEN 9 THEN 'noise' WHEN 10 THEN 'instruments' END AS envelope")
        return "DROP VIEW events;\n" + named
    }
}
