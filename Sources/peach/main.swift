import Glibc
import PeachApp

exit(await PeachApp.main(arguments: CommandLine.arguments))
