import Foundation

// Output piped into `head` and friends may be cut off: a closed pipe must not kill the tool with
// a signal but show up as a failed write, which the tool checks (see below).
signal(SIGPIPE, SIG_IGN)
// Likewise a file-size limit (`ulimit -f`): the write fails with EFBIG and the tool says so,
// instead of dying from SIGXFSZ without a word.
signal(SIGXFSZ, SIG_IGN)
var code = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
Console.flush()
if let failure = Console.outputFailure {
    code = CommandLineTool.exitCode(afterOutputFailure: failure)
}
exit(code)
