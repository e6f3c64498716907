/// A view's name as logs print it, or a glob of names (`*` any run of characters, `?` one): how
/// the configuration's `budgets` and `ignore_views` name the views they are for.
public enum ViewNamePattern {
    /// True when `pattern` is a glob rather than one name.
    public static func isGlob(_ pattern: String) -> Bool { pattern.contains("*") || pattern.contains("?") }

    /// True when `pattern` names `name`: equal, or matched by the glob.
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        isGlob(pattern) ? glob(Array(pattern), matches: Array(name)) : pattern == name
    }

    private static func glob(_ pattern: [Character], matches name: [Character]) -> Bool {
        // Iterative, with one backtrack point per `*`: linear enough for view names.
        var p = 0, n = 0, star = -1, mark = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = n
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                n = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
