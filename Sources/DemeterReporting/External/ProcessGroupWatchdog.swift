import DemeterCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends a child's process group when this process ends, however it ends — also by `SIGKILL`,
/// which no handler sees.
///
/// A `posix_spawn`ed program cannot be given `PR_SET_PDEATHSIG` (that needs code between `fork`
/// and `exec`), and it would end only the program, not what the program started. Instead a
/// watchdog, `/bin/sh -c 'read line; kill -s KILL 0'`, leads a new process group and the program
/// is started into that group. The watchdog reads a pipe whose only write end this process holds:
/// when this process closes it (`finish`) or dies, the read ends and the watchdog kills its whole
/// group (the program, anything the program started that stayed in the group, and itself). While
/// the watchdog lives, the group's id cannot be reused, so killing the group never hits a stranger.
struct ProcessGroupWatchdog {
  /// The watchdog's program and arguments.
  static let command = ["/bin/sh", "-c", "read line; kill -s KILL 0"]

  /// The watchdog's process id, which is also its group's id.
  let group: pid_t
  /// This process's end of the pipe the watchdog reads.
  private let pipe: Int32

  /// Starts a watchdog leading a new process group.
  init() throws(ChildProcess.StartError) {
    let (read, write) = try SpawnSupport.makePipe()
    defer { close(read) }
    let actions = SpawnSupport.FileActions()
    actions.duplicate(read, to: 0)
    actions.open("/dev/null", flags: O_WRONLY, as: 1)
    actions.open("/dev/null", flags: O_WRONLY, as: 2)
    actions.closeOthers()
    do {
      group = try SpawnSupport.spawn(
        Self.command, environment: [], actions: actions, attributes: SpawnSupport.Attributes())
    } catch {
      close(write)
      throw error
    }
    pipe = write
  }

  /// Kills the whole group now (the watchdog too).
  func killGroup() {
    kill(-group, SIGKILL)
  }

  /// Lets the watchdog end the group (whatever is left of it) and reaps the watchdog.
  func finish() {
    close(pipe)
    _ = SpawnSupport.waitForExit(group)
  }
}
