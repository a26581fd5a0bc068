import Foundation
import TogglesCLI

ProcessSignals.prepare()
exit(TogglesCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
