import Glibc
import PeachApp

// The guardian is dispatched before anything else runs: it must stay small and never parse options.
if CommandLine.arguments.count == 2 && CommandLine.arguments[1] == Guardian.subcommand { exit(Guardian.run()) }
exit(await PeachApp.main(arguments: CommandLine.arguments))
