/// Where a Swift type is declared: the line and column of its name.
public struct TypeDeclaration: Sendable, Equatable {
    /// The name with its enclosing types, as `String(describing:)` prints it: `Outer.Inner`.
    public let name: String
    /// The Swift file, as the directory given plus the path below it.
    public let file: String
    /// 1-based line of the type's name.
    public let line: Int
    /// 1-based column of the type's name, in characters.
    public let column: Int

    /// Creates a declaration.
    public init(name: String, file: String, line: Int, column: Int) {
        self.name = name
        self.file = file
        self.line = line
        self.column = column
    }
}
