import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// demeter-bench: the release-mode benchmark of the manual's `performance` topic (see `BenchOptions.usage`).

let baselineBytes = MemoryUsage.peakBytes()
do throws(BenchError) {
  let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
  if options.help {
    print(BenchOptions.usage, terminator: "")
    exit(0)
  }
  try Benchmark.run(options, baselineBytes: baselineBytes)
} catch {
  var message = "demeter-bench: error: \(error.message)\n"
  if error.isUsage { message += "run 'demeter-bench --help' for the options\n" }
  _ = message.withUTF8 { systemWriteAll(UnsafeRawBufferPointer($0), to: 2) }
  exit(error.isUsage ? 2 : 1)
}
