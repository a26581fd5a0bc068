import Foundation
import TogglesCLI

exit(TogglesCLI.run(Array(CommandLine.arguments.dropFirst()), context: .process()))
