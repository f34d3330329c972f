import GridCore
import SystemIO
@testable import CoffeeGridApp

extension AppContext {
    /// The app's context as a test makes scenes in it: default options, the bundled resources, its
    /// log dropped.
    static func forTests() throws -> AppContext {
        AppContext(options: Options(), resources: try ResourceLocator.locate(), log: { _ in })
    }
}

extension AppEnvironment {
    /// A light window of `size` at scale 1 and time 0, with the estimate's text measures.
    static func forTests(_ size: Size, resources: ResourceLocator) -> AppEnvironment {
        AppEnvironment(windowSize: size, sizeClasses: SizeClasses(windowSize: size), scale: 1, appearance: .light, time: 0, resources: resources)
    }
}
