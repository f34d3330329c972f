import CoffeeGridApp
import Foundation

exit(CoffeeGrid.run(Array(CommandLine.arguments.dropFirst())))
