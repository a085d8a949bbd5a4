import DemeterCommandLine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

var console = Console()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), console: &console))
