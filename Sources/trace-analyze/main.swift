import Foundation

// Output piped into `head` and friends may be cut off: a closed pipe must end the tool
// quietly (write fails, output is dropped), not kill it with a signal.
signal(SIGPIPE, SIG_IGN)
let code = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
Console.flush()
exit(code)
