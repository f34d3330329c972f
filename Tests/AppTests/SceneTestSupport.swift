import XCTest
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

/// A test of scenes made the app's way: a context with the bundled resources, made afresh for each
/// test, and the phone window the seeds draw for (390 × 844) as an environment.
class SceneTestCase: XCTestCase {
    var context: AppContext!
    let window = Size(width: 390, height: 844)

    override func setUpWithError() throws {
        context = try AppContext.forTests()
    }

    /// The phone window's environment.
    var env: AppEnvironment { env(window) }

    func env(_ size: Size) -> AppEnvironment {
        AppEnvironment.forTests(size, resources: context.resources)
    }
}
