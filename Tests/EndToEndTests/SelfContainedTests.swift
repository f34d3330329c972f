import Foundation
import TestEnvironment
import XCTest

/// The release binary (`make release`: `--static-swift-stdlib --disable-local-rpath`) installed into a
/// temporary prefix needs nothing from the Swift toolchain: no Swift or Foundation library in its
/// `ldd`, no RUNPATH, and it renders a headless screenshot where the toolchain folder is hidden.
extension InstallTests {
    /// Where `make test` put the static release binary (nil when the suite runs without make).
    static var releaseBinary: String? {
        ProcessInfo.processInfo.environment["COFFEEGRID_RELEASE_BINARY"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The release binary, or `TestEnvironment.missing` (the self-contained and package tests need it).
    static func requireReleaseBinary() throws -> String {
        guard let release = releaseBinary else { throw TestEnvironment.missing("COFFEEGRID_RELEASE_BINARY is not set (make test builds the static release binary and sets it)") }
        return release
    }

    /// The toolchain's root (`/opt/swift` for `/opt/swift/usr/bin/swift`), found from the running
    /// test bundle's own runtime library.
    static var toolchainRoot: String? {
        guard let swift = XSession.which("swift") else { return nil }
        let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        // …/usr/bin/swift → …
        return resolved.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    func testInstalledReleaseBinaryRunsWithoutTheToolchain() throws {
        let release = try Self.requireReleaseBinary()
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: release), "no release binary at \(release)")
        let make = ["--no-print-directory", "-C", Self.checkout.path]
        let install = try run("make", make + ["install-files", "BINARY=\(release)", "PREFIX=\(prefix)"])
        XCTAssertEqual(install.code, 0, install.output)
        let exe = prefix + "/bin/coffeegrid"

        // ldd: system libraries only (SDL and what it pulls in), nothing missing.
        let ldd = try run("ldd", [exe])
        XCTAssertEqual(ldd.code, 0, ldd.output)
        for bad in ["libswift", "libFoundation", "lib_FoundationICU", "libdispatch", "libBlocksRuntime", "not found"] {
            XCTAssertFalse(ldd.output.contains(bad), "ldd lists \(bad):\n\(ldd.output)")
        }
        XCTAssertTrue(ldd.output.contains("libSDL2-2.0.so.0"), ldd.output)
        let root = try XCTUnwrap(Self.toolchainRoot, "swift is not on PATH")
        XCTAssertFalse(ldd.output.contains(root), "ldd resolves something in the toolchain \(root):\n\(ldd.output)")

        // readelf: no RUNPATH or RPATH at all (neither the toolchain's nor $ORIGIN).
        let dynamic = try run("readelf", ["-d", exe])
        XCTAssertEqual(dynamic.code, 0, dynamic.output)
        XCTAssertFalse(dynamic.output.contains("RUNPATH") || dynamic.output.contains("RPATH"), dynamic.output)

        // Run it where the toolchain cannot be seen, with a bare environment: a private mount
        // namespace with an empty tmpfs over the toolchain root (a user namespace when not root).
        let elsewhere = dir.appendingPathComponent("elsewhere")
        let shot = elsewhere.appendingPathComponent("shot.png").path
        let vars = ["PATH=/usr/bin:/bin", "HOME=\(elsewhere.path)", "SDL_VIDEODRIVER=dummy", "XDG_STATE_HOME=\(elsewhere.path)/state"]
        let bare = ["/usr/bin/env", "-i"] + vars
        let appArgs = [exe, "--headless", "--scene", "feed", "--screenshot", shot]
        let hide = "mount -t tmpfs tmpfs \"$1\" 2>/dev/null || { echo NO-NAMESPACE; exit 97; }; [ -z \"$(ls -A \"$1\")\" ] || exit 98; shift; exec \"$@\""
        var hidden: (code: Int32, output: String)?
        var how = ""
        for flags in [["-rm"], ["-m"]] where XSession.which("unshare") != nil {
            let r = try run("unshare", flags + ["sh", "-c", hide, "sh", root] + bare + appArgs, in: elsewhere)
            // unshare itself failing (no namespaces for us here) is not the app failing.
            if r.output.hasPrefix("unshare:") || r.output.contains("NO-NAMESPACE") { continue }
            hidden = r
            how = "unshare \(flags[0]) with a tmpfs over \(root)"
            break
        }
        if let r = hidden {
            XCTAssertEqual(r.code, 0, "\(how): \(r.output)")
            XCTAssertEqual(r.output, "", "\(how): a clean run logs nothing")
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: shot)[.size] as? Int) ?? 0, 10_000, how)
            print("InstallTests: ran the installed binary under \(how)")
        } else {
            print("InstallTests: no mount namespace available; checking the loader's trace instead")
        }
        // Always: the dynamic loader's own trace of a bare run names no file of the toolchain.
        try? FileManager.default.removeItem(atPath: shot)
        let traced = try run("/usr/bin/env", ["-i", "LD_DEBUG=libs"] + vars + appArgs, in: elsewhere)
        XCTAssertEqual(traced.code, 0, String(traced.output.suffix(2000)))
        XCTAssertFalse(traced.output.contains(root), "the loader looked in the toolchain:\n\(traced.output.split(separator: "\n").filter { $0.contains(root) }.prefix(5).joined(separator: "\n"))")
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: shot)[.size] as? Int) ?? 0, 10_000)
    }
}
