import Glibc
import PeachApp
import PeachTrainer

// The guardian is dispatched before anything else runs: it must stay small and never parse options.
if Guardian.isRequested(by: CommandLine.arguments) { exit(Guardian.run(arguments: CommandLine.arguments)) }
exit(await PeachApp.main(arguments: CommandLine.arguments))
