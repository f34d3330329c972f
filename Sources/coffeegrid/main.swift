import CoffeeGridApp
import CoffeeGridTools
import Foundation

// The app's command line, with the tools' commands (bench, soak, screenshots) beside its own: the app
// does not know them, so this is where they meet.
exit(CoffeeGrid.run(CoffeeGrid.commandLineArguments(), commands: ToolCommands.all))
