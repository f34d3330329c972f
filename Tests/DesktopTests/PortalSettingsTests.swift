@testable import Desktop
import Foundation
import PortalTestSupport
import XCTest

/// The settings portal client against a stand-in portal on a private bus: the first read, changes
/// pushed by `SettingChanged`, GNOME's animation switch, and silence where there is no portal.
final class PortalSettingsTests: XCTestCase {
    /// A private bus of the test's own (skipped, or under `make test` failed, without dbus-daemon).
    func testReadsTheDesktopsPreferencesAtStartAndFollowsChanges() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let portal = try FakePortal(address: bus.address, settings: [
            "org.freedesktop.appearance": ["color-scheme": .uint32(1), "accent-color": .other],
            "org.gnome.desktop.interface": ["enable-animations": .bool(true), "gtk-theme": .string("Adwaita")],
        ])
        defer { portal.stop() }
        let changes = Counter()
        let settings = try XCTUnwrap(PortalSettings(address: bus.address, onChange: { changes.add() }))
        XCTAssertTrue(settings.waitForFirstAnswer(seconds: 5))
        defer { settings.stop() }
        XCTAssertTrue(settings.isAvailable)
        XCTAssertEqual(settings.current, DesktopPreferences(colorScheme: .dark, reducedMotion: nil, animationsEnabled: true))
        XCTAssertFalse(settings.current.prefersReducedMotion)

        portal.set("org.freedesktop.appearance", "color-scheme", .uint32(2))
        XCTAssertTrue(wait { settings.current.colorScheme == .light }, "no change seen: \(settings.current)")
        portal.set("org.gnome.desktop.interface", "enable-animations", .bool(false))
        XCTAssertTrue(wait { settings.current.prefersReducedMotion })
        portal.set("org.freedesktop.appearance", "reduced-motion", .uint32(1))
        XCTAssertTrue(wait { settings.current.reducedMotion == true })
        portal.set("org.freedesktop.appearance", "color-scheme", .uint32(0))
        XCTAssertTrue(wait { settings.current.colorScheme == .noPreference })
        // A key this app does not read changes nothing.
        let before = changes.value
        portal.set("org.gnome.desktop.interface", "gtk-theme", .string("HighContrast"))
        portal.set("org.freedesktop.appearance", "color-scheme", .uint32(1))
        XCTAssertTrue(wait { settings.current.colorScheme == .dark })
        XCTAssertEqual(changes.value, before + 1, "only the color-scheme change is a change")
    }

    /// A bus without a portal: no preferences, no waiting beyond the bus's own error, no log.
    func testNoPortalMeansNoPreferences() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let start = Date()
        let settings = try XCTUnwrap(PortalSettings(address: bus.address))
        XCTAssertTrue(settings.waitForFirstAnswer(seconds: 5))
        defer { settings.stop() }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "the missing portal should fail fast")
        XCTAssertFalse(settings.isAvailable)
        XCTAssertEqual(settings.current, DesktopPreferences())
    }

    /// No bus at all: nil, at once.
    func testNoBus() {
        XCTAssertNil(PortalSettings(address: nil))
        let dead = PortalSettings(address: "unix:path=/nonexistent/coffeegrid-bus")
        XCTAssertEqual(dead?.waitForFirstAnswer(seconds: 5), true)
        XCTAssertEqual(dead?.isAvailable, false)
        XCTAssertNil(BusConnection.sessionBusAddress(environment: ["XDG_RUNTIME_DIR": "/nonexistent"]))
        XCTAssertEqual(BusConnection.sessionBusAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]), "unix:path=/x")
        XCTAssertNil(BusConnection.sessionBusAddress(environment: ["XDG_RUNTIME_DIR": "relative"]))
    }

    /// The portal's numbers and GNOME's switch, as the specification gives them.
    func testPreferenceValues() {
        var p = DesktopPreferences()
        for (raw, scheme) in [(0, DesktopPreferences.ColorScheme.noPreference), (1, .dark), (2, .light), (7, .noPreference)] {
            XCTAssertTrue(p.apply(namespace: "org.freedesktop.appearance", key: "color-scheme", value: .uint32(UInt32(raw))))
            XCTAssertEqual(p.colorScheme, scheme)
        }
        XCTAssertFalse(p.apply(namespace: "org.freedesktop.appearance", key: "contrast", value: .uint32(1)))
        XCTAssertTrue(p.apply(namespace: "org.freedesktop.appearance", key: "reduced-motion", value: .uint32(0)))
        XCTAssertFalse(p.prefersReducedMotion)
        XCTAssertTrue(p.apply(namespace: "org.gnome.desktop.interface", key: "enable-animations", value: .bool(false)))
        XCTAssertTrue(p.prefersReducedMotion)
        // A wrongly typed value is no preference, not a crash.
        XCTAssertTrue(p.apply(namespace: "org.gnome.desktop.interface", key: "enable-animations", value: .string("no")))
        XCTAssertNil(p.animationsEnabled)
    }

    private func wait(_ seconds: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.lock(); n += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return n }
}
