import XCTest
@testable import GridCore
@testable import GridMotion

final class SpringTests: XCTestCase {
    func testSwiftUIParameters() {
        let s = Spring.interactiveSpring
        XCTAssertEqual(s.stiffness, pow(2 * .pi / 0.15, 2), accuracy: 1e-9)
        XCTAssertEqual(s.damping, 4 * .pi * 0.86 / 0.15, accuracy: 1e-9)
        XCTAssertEqual(s.blendDuration, 0.25)
        XCTAssertEqual(Spring.spring.response, 0.5)
        XCTAssertEqual(Spring.spring.dampingFraction, 0.825)
    }

    func testClosedFormSatisfiesTheEquationOfMotion() {
        for z in [0.3, 0.86, 1.0, 1.7] {
            let s = Spring(response: 0.4, dampingFraction: z)
            let h = 1e-5
            for t in stride(from: 0.01, to: 1.0, by: 0.07) {
                let (x, v) = s.evolve(displacement: 100, velocity: -50, after: t)
                let (x1, v1) = s.evolve(displacement: 100, velocity: -50, after: t + h)
                let (x0, _) = s.evolve(displacement: 100, velocity: -50, after: t - h)
                XCTAssertEqual((x1 - x0) / (2 * h), v, accuracy: 1e-3 * max(1, abs(v)), "velocity, ζ=\(z)")
                let accel = (v1 - v) / h
                XCTAssertEqual(accel, -s.stiffness * x - s.damping * v, accuracy: 1e-2 * max(1, abs(accel)), "x'' = −kx − cv, ζ=\(z)")
            }
        }
    }

    func testSettles() {
        for spring in [Spring.interactiveSpring, .spring, Spring(response: 1, dampingFraction: 2)] {
            let t = spring.settlingDuration()
            let (x, v) = spring.evolve(displacement: 1, velocity: 0, after: t)
            XCTAssertLessThan(abs(x), 0.001)
            XCTAssertLessThan(abs(v), 0.1)
        }
    }

    func testOvershootsOnlyWhenUnderdamped() {
        func minimum(_ z: Double) -> Double {
            let s = Spring(response: 0.5, dampingFraction: z)
            return stride(from: 0.0, through: 5, by: 0.001).map { s.evolve(displacement: 1, velocity: 0, after: $0).displacement }.min()!
        }
        XCTAssertLessThan(minimum(0.5), -0.01)
        XCTAssertLessThan(minimum(0.86), 0)
        XCTAssertGreaterThanOrEqual(minimum(1.0), 0)
        XCTAssertGreaterThanOrEqual(minimum(1.5), 0)
    }

    func testRetargetKeepsPositionAndVelocityContinuous() {
        var v = AnimatedValue(0)
        v.set(100, animation: .interactiveSpring, at: 0)
        let t = 0.05
        let before = (v.value(at: t), v.velocity(at: t))
        v.set(-40, animation: .interactiveSpring, at: t)
        XCTAssertEqual(v.value(at: t), before.0, accuracy: 1e-9)
        XCTAssertEqual(v.velocity(at: t), before.1, accuracy: 1e-9)
        // Just after, the motion is smooth: no jump in position between samples.
        XCTAssertEqual(v.value(at: t + 1e-4), before.0 + before.1 * 1e-4, accuracy: 0.05)
        XCTAssertTrue(v.isAnimating(at: t + 0.1))
        XCTAssertEqual(v.value(at: 3), -40, accuracy: 0.001)
        XCTAssertFalse(v.isAnimating(at: 3))
    }

    func testTimingCurveRetargetIsContinuousToo() {
        var v = AnimatedValue(0)
        v.set(10, animation: .easeInOut, at: 0)
        let mid = v.value(at: 0.2)
        v.set(0, animation: .easeInOut, at: 0.2)
        XCTAssertEqual(v.value(at: 0.2), mid, accuracy: 1e-9)
        XCTAssertEqual(v.value(at: 0.2 + 0.35 + 0.35), 0, accuracy: 1e-9)
    }

    func testUnanimatedChangeJumps() {
        var v = AnimatedValue(5)
        v.set(100, animation: .spring, at: 0)
        v.set(7, animation: nil, at: 0.1)
        XCTAssertEqual(v.value(at: 0.1), 7)
        XCTAssertFalse(v.isAnimating(at: 0.1))
    }

    func testAnimatedRectMovesAndResizesStrictlyBetween() {
        var r = AnimatedRect(Rect(x: 0, y: 0, width: 100, height: 200))
        r.set(Rect(x: 50, y: 300, width: 40, height: 100), animation: .interactiveSpring, at: 0)
        let mid = r.value(at: 0.04)
        XCTAssertTrue(mid.minX > 0 && mid.minX < 50)
        XCTAssertTrue(mid.minY > 0 && mid.minY < 300)
        XCTAssertTrue(mid.width < 100 && mid.width > 40)
        XCTAssertTrue(r.isAnimating(at: 0.04))
        XCTAssertEqual(r.value(at: 2), r.target)
    }
}

final class TimingCurveTests: XCTestCase {
    func testEndpointsAndMonotone() {
        for c in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut] {
            XCTAssertEqual(c.value(at: 0), 0)
            XCTAssertEqual(c.value(at: 1), 1)
            var last = 0.0
            for p in stride(from: 0.0, through: 1, by: 0.01) {
                let v = c.value(at: p)
                XCTAssertGreaterThanOrEqual(v, last - 1e-9)
                last = v
            }
        }
    }

    func testShapes() {
        XCTAssertEqual(TimingCurve.linear.value(at: 0.3), 0.3, accuracy: 1e-6)
        XCTAssertLessThan(TimingCurve.easeIn.value(at: 0.5), 0.5)
        XCTAssertGreaterThan(TimingCurve.easeOut.value(at: 0.5), 0.5)
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(TimingCurve.easeInOut.value(at: 0.25) + TimingCurve.easeInOut.value(at: 0.75), 1, accuracy: 1e-6)
    }

    func testDefaultDurationIsSwiftUIs() {
        XCTAssertEqual(Animation.easeIn, .timingCurve(.easeIn, duration: 0.35))
    }
}

final class SizeClassTests: XCTestCase {
    func testPhoneIPadAndLandscape() {
        XCTAssertEqual(SizeClasses(windowSize: Size(width: 390, height: 844)), SizeClasses(horizontal: .compact, vertical: .regular))
        // The seeds' iPhone 13 Pro turned to landscape is compact both ways, as iOS gives it.
        XCTAssertEqual(SizeClasses(windowSize: Size(width: 844, height: 390)), SizeClasses(horizontal: .compact, vertical: .compact))
        XCTAssertEqual(SizeClasses(windowSize: Size(width: 1024, height: 1366)), SizeClasses(horizontal: .regular, vertical: .regular))
        XCTAssertEqual(SizeClasses(windowSize: Size(width: 699.9, height: 500)).horizontal, .compact)
        XCTAssertEqual(SizeClasses(windowSize: Size(width: 700, height: 499.9)), SizeClasses(horizontal: .regular, vertical: .compact))
    }

    /// Every iPhone in landscape is vertically compact; only the Plus and Max phones get a regular width.
    func testEveryIPhoneInLandscapeGetsIOSsClasses() {
        let compact = [(667, 375), (812, 375), (844, 390), (852, 393), (874, 402)]
        let plusAndMax = [(736, 414), (896, 414), (926, 428), (932, 430), (956, 440)]
        for (w, h) in compact {
            XCTAssertEqual(SizeClasses(windowSize: Size(width: Double(w), height: Double(h))), SizeClasses(horizontal: .compact, vertical: .compact), "\(w)×\(h)")
            XCTAssertEqual(SizeClasses(windowSize: Size(width: Double(h), height: Double(w))), SizeClasses(horizontal: .compact, vertical: .regular), "\(h)×\(w)")
        }
        for (w, h) in plusAndMax {
            XCTAssertEqual(SizeClasses(windowSize: Size(width: Double(w), height: Double(h))), SizeClasses(horizontal: .regular, vertical: .compact), "\(w)×\(h)")
            XCTAssertEqual(SizeClasses(windowSize: Size(width: Double(h), height: Double(w))), SizeClasses(horizontal: .compact, vertical: .regular), "\(h)×\(w)")
        }
        // iPads, both ways, are regular × regular, the mini (744 × 1133) included.
        for (w, h) in [(744, 1133), (820, 1180), (1024, 1366)] {
            XCTAssertEqual(SizeClasses(windowSize: Size(width: Double(w), height: Double(h))), SizeClasses(horizontal: .regular, vertical: .regular))
            XCTAssertEqual(SizeClasses(windowSize: Size(width: Double(h), height: Double(w))), SizeClasses(horizontal: .regular, vertical: .regular))
        }
    }

    /// The inspector's lines name the clause that applies, with the window's numbers.
    func testTheExplanationSaysWhichRuleApplies() {
        let landscape = SizeClasses.explanation(for: Size(width: 844, height: 390))
        XCTAssertEqual(landscape.count, 2)
        XCTAssertTrue(landscape[0].hasPrefix("horizontalSizeClass = .compact: 390 pt high, under 414"), landscape[0])
        XCTAssertTrue(landscape[1].hasPrefix("verticalSizeClass = .compact: 390 < 500"), landscape[1])
        XCTAssertEqual(SizeClasses.rule(for: Size(width: 926, height: 428)).reason, .largePhoneLandscape)
        XCTAssertEqual(SizeClasses.rule(for: Size(width: 390, height: 844)).reason, .narrow)
        XCTAssertEqual(SizeClasses.rule(for: Size(width: 1440, height: 900)).reason, .wide)
        XCTAssertTrue(SizeClasses.explanation(for: Size(width: 390, height: 844))[0].contains("390 < 700 pt wide"))
    }
}

final class AnimatedShiftTests: XCTestCase {
    func testShiftMovesValueAndTargetButKeepsVelocity() {
        var v = AnimatedValue(0)
        v.set(100, animation: .interactiveSpring, at: 0)
        let (x, dx) = (v.value(at: 0.05), v.velocity(at: 0.05))
        v.shift(by: -30)
        XCTAssertEqual(v.value(at: 0.05), x - 30, accuracy: 1e-9)
        XCTAssertEqual(v.velocity(at: 0.05), dx, accuracy: 1e-9)
        XCTAssertEqual(v.target, 70)
    }
}
