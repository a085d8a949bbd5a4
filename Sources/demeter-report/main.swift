#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

var console = Console()
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: &console)
exit(status)
