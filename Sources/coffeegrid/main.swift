import CoffeeGridApp
import Foundation

exit(CoffeeGrid.run(CoffeeGrid.commandLineArguments()))
