import CoffeeGridApp
import Foundation

// The app's command line with the tools' commands beside its own.
exit(CoffeeGrid.run(CoffeeGrid.commandLineArguments(), commands: ToolCommands.all))
