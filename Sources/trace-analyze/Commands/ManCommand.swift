/// `trace-analyze man`: prints the manual page (roff), made from the same command table as `--help`.
enum ManCommand: Command {
    static let spec = CommandSpec(
        name: "man",
        summary: "Print the manual page (roff), made from the same table as --help.",
        usage: "",
        options: [],
        discussion: """
        EXAMPLES:
          trace-analyze man | man -l -                      # read it now
          trace-analyze man > /usr/local/share/man/man1/trace-analyze.1
        """
    )

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        Console.write(ManPage.text)
        return ExitCode.success
    }
}
