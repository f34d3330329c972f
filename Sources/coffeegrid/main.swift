import CoffeeGridApp
import Foundation

exit(CoffeeGrid.main(Array(CommandLine.arguments.dropFirst())))
