import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes bytes to a child's standard input while reading its standard output and standard error,
/// all in one `poll` loop on the calling thread: whatever the child does first (reading all of its
/// input, or writing a lot before it reads anything), no pipe stays full for long.
enum PipeExchange {
  /// What came back, and why the exchange stopped early if it did.
  struct Outcome {
    var output: [UInt8]
    var error: [UInt8]
    var stopped: ChildProcess.Stop?
  }

  /// Writes `input` to `inputFD` and reads `outputFD` and `errorFD` to their ends, or until
  /// `deadline` passes or the output grows past `outputLimit` bytes; closes all three. Standard
  /// error past `errorLimit` bytes is read and dropped.
  ///
  /// A child that exits or closes its input early is not an error here (its exit status decides):
  /// the rest of the input is dropped, and the broken pipe raises no `SIGPIPE` in this process.
  static func run(
    input: [UInt8], inputFD: Int32, outputFD: Int32, errorFD: Int32, deadline: TimeLimit.Deadline,
    outputLimit: Int, errorLimit: Int
  ) -> Outcome {
    var streams = [
      pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0),
      pollfd(fd: outputFD, events: Int16(POLLIN), revents: 0),
      pollfd(fd: errorFD, events: Int16(POLLIN), revents: 0),
    ]
    _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
    var collected: [[UInt8]] = [[], [], []]
    var written = 0
    var stopped: ChildProcess.Stop?
    if input.isEmpty { finish(&streams[0]) }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    withoutBrokenPipeSignal(inputFD) {
      while streams.contains(where: { $0.fd >= 0 }) {
        for index in streams.indices { streams[index].revents = 0 }
        let ready = poll(&streams, nfds_t(streams.count), milliseconds(until: deadline))
        if ready < 0 {
          if errno == EINTR { continue }
          break
        }
        // Checked whether or not a stream is ready: a child that keeps writing must stop in time too.
        if deadline.hasPassed {
          stopped = .timedOut
          break
        }
        if streams[0].fd >= 0, streams[0].revents != 0 {
          if !write(input, from: &written, to: streams[0].fd) || written == input.count {
            finish(&streams[0])
          }
        }
        for index in 1...2 where streams[index].fd >= 0 && streams[index].revents != 0 {
          let count = chunk.withUnsafeMutableBytes { read(streams[index].fd, $0.baseAddress!, $0.count) }
          if count > 0 {
            let limit = index == 1 ? outputLimit : errorLimit
            if collected[index].count + count > limit {
              if index == 1 {
                stopped = .outputTooLarge
                break
              }
              collected[index].append(contentsOf: chunk[0..<(limit - collected[index].count)])
            } else {
              collected[index].append(contentsOf: chunk[0..<count])
            }
          } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            finish(&streams[index])
          }
        }
        if stopped != nil { break }
      }
    }
    for stream in streams where stream.fd >= 0 { close(stream.fd) }
    return Outcome(output: collected[1], error: collected[2], stopped: stopped)
  }

  /// The `poll` timeout that wakes at `deadline` (rounded up to a whole millisecond).
  private static func milliseconds(until deadline: TimeLimit.Deadline) -> Int32 {
    Int32(min((deadline.remainingSeconds * 1000).rounded(.up), Double(Int32.max)))
  }

  /// Writes what the pipe takes of `input` after `written`; false when the pipe is broken (or
  /// failed otherwise), so nothing more can be written.
  private static func write(_ input: [UInt8], from written: inout Int, to fd: Int32) -> Bool {
    let count = input.withUnsafeBytes { buffer in
      systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
    }
    if count >= 0 {
      written += count
      return true
    }
    return errno == EINTR || errno == EAGAIN
  }

  /// Closes the stream's descriptor and takes it out of the loop.
  private static func finish(_ stream: inout pollfd) {
    close(stream.fd)
    stream.fd = -1
  }

  /// Runs `body` with writes to a broken pipe failing with `EPIPE` instead of raising `SIGPIPE`.
  private static func withoutBrokenPipeSignal(_ fd: Int32, _ body: () -> Void) {
    #if canImport(Darwin)
      _ = fcntl(fd, F_SETNOSIGPIPE, 1)
      body()
    #else
      // SIGPIPE from a write is sent to the writing thread: block it here, and take a pending one
      // back before unblocking.
      var blocked = sigset_t()
      var previous = sigset_t()
      sigemptyset(&blocked)
      sigaddset(&blocked, SIGPIPE)
      var alreadyPending = sigset_t()
      sigpending(&alreadyPending)
      let wasPending = sigismember(&alreadyPending, SIGPIPE) == 1
      pthread_sigmask(SIG_BLOCK, &blocked, &previous)
      defer {
        if !wasPending {
          var pending = sigset_t()
          sigpending(&pending)
          if sigismember(&pending, SIGPIPE) == 1 {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&blocked, nil, &zero) < 0 && errno == EINTR {}
          }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
      body()
    #endif
  }
}
