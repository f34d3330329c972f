import Foundation
import Synchronization
import TestEnvironment
import XCTest

/// What a distribution picks up: the AppStream metadata (valid, offline), the manual page (renders
/// without warnings, names every flag), and the Debian package (`make package-files`: built with
/// dpkg-deb, Depends from dpkg-shlibdeps, no lintian errors, installed with apt, run, removed).
final class PackagingTests: XCTestCase {
    let checkout = InstallTests.checkout
    var packaging: URL { checkout.appendingPathComponent("Packaging") }
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-package-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Runs a tool to the end with stdout and stderr apart.
    @discardableResult
    func run(_ tool: String, _ args: [String], environment: [String: String]? = nil) throws -> (code: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : try XCTUnwrap(XSession.which(tool), "\(tool) is not installed"))
        p.arguments = args
        if let e = environment { p.environment = e }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Drain both pipes while it runs (lintian writes a lot).
        let outData = Mutex(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { let d = out.fileHandleForReading.readDataToEndOfFile(); outData.withLock { $0 = d }; group.leave() }
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: outData.withLock { $0 }, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    // MARK: - AppStream and the manual page

    func testAppStreamMetadataIsValidAndNamesTheApp() throws {
        let id = InstallTests.appID
        let file = packaging.appendingPathComponent("\(id).metainfo.xml")
        let xml = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(xml.contains("<id>\(id)</id>"), "the AppStream id is the app id")
        XCTAssertTrue(xml.contains("<launchable type=\"desktop-id\">\(id).desktop</launchable>"))
        XCTAssertTrue(xml.contains("<content_rating type=\"oars-1.1\""))
        XCTAssertTrue(xml.contains("<release version=\""))
        XCTAssertTrue(xml.contains("<screenshot type=\"default\">"))
        // The release is this version.
        let version = try run(try XCTUnwrap(Self.binary), ["--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(xml.contains("<release version=\"\(version.split(separator: " ").last ?? "")\""), version)
        try TestEnvironment.require(tool: "appstreamcli", package: "appstream")
        let r = try run("appstreamcli", ["validate", "--no-net", "--no-color", file.path])
        XCTAssertEqual(r.code, 0, r.out + r.err)
        XCTAssertTrue(r.out.contains("Validation was successful"), r.out)
        for line in r.out.split(separator: "\n") where line.hasPrefix("W:") || line.hasPrefix("E:") {
            XCTFail("appstreamcli: \(line)")
        }
    }

    func testManualPageRendersWithoutWarningsAndNamesEveryFlag() throws {
        let page = packaging.appendingPathComponent("coffeegrid.1")
        let roff = try String(contentsOf: page, encoding: .utf8)
        // Every flag the program's usage lists, and every subcommand, is in the page.
        let usage = try run(try XCTUnwrap(Self.binary), ["--help"]).out
        let flags = Set(usage.matches(#"--[a-z][a-z-]*"#)).subtracting(["--help", "--version"])
        XCTAssertGreaterThan(flags.count, 10, usage)
        for flag in flags.sorted() {
            XCTAssertTrue(roff.contains(flag.replacingOccurrences(of: "-", with: "\\-")), "the manual page does not name \(flag)")
        }
        for command in ["layout", "bench", "screenshots", "soak"] { XCTAssertTrue(roff.contains(".B \(command)"), command) }
        for name in ["session.json", "dock.json", "WAYLAND_DISPLAY", "GDK_SCALE", "XDG_STATE_HOME", "DBUS_SESSION_BUS_ADDRESS", "Ctrl+D"] {
            XCTAssertTrue(roff.contains(name), "the manual page does not mention \(name)")
        }
        // Rendered by man, last: where man-db is missing, the checks above have run.
        try TestEnvironment.require(tool: "man", package: "man-db")
        let r = try run("man", ["--warnings", "-l", page.path], environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "LANG": "C.UTF-8", "MAN_KEEP_FORMATTING": "0"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertEqual(r.err, "", "man --warnings:\n\(r.err)")
        // Without a terminal man overstrikes bold letters (X, backspace, X): read the plain text.
        let text = r.out.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)
        XCTAssertTrue(text.contains("SYNOPSIS") && text.contains("ENVIRONMENT") && text.contains("FILES"), text)
    }

    /// `make install` puts the metadata where software centres and man look for it.
    func testInstallCarriesMetadataAndManualPage() throws {
        let prefix = dir.appendingPathComponent("prefix").path
        let r = try run("make", ["--no-print-directory", "-C", checkout.path, "install-files", "BINARY=\(try XCTUnwrap(Self.binary))", "PREFIX=\(prefix)"])
        XCTAssertEqual(r.code, 0, r.out + r.err)
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/share/metainfo/\(InstallTests.appID).metainfo.xml"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/share/man/man1/coffeegrid.1"))
        let u = try run("make", ["--no-print-directory", "-C", checkout.path, "uninstall", "PREFIX=\(prefix)"])
        XCTAssertEqual(u.code, 0, u.out + u.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix + "/share/metainfo"))
    }

    // MARK: - The Debian package

    /// The static release binary `make test` built (the debug one where the suite runs without make).
    static var binary: String? { InstallTests.releaseBinary ?? XSession.binary }

    func testDebianPackageBuildsPassesLintianInstallsRunsAndRemoves() throws {
        let release = try InstallTests.requireReleaseBinary()
        for tool in ["dpkg-deb", "dpkg-shlibdeps"] { try TestEnvironment.require(tool: tool, package: "dpkg-dev") }
        let out = dir.appendingPathComponent("deb")
        let made = try run("make", ["--no-print-directory", "-C", checkout.path, "package-files", "BINARY=\(release)", "DEB_DIR=\(out.path)", "DEB_COMPRESS=-Zgzip -z1"])
        XCTAssertEqual(made.code, 0, "make package-files:\n\(made.out)\n\(made.err)")
        let debs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".deb") }
        XCTAssertEqual(debs.count, 1, "\(debs)")
        let deb = out.appendingPathComponent(try XCTUnwrap(debs.first)).path
        XCTAssertTrue(debs.first?.hasPrefix("coffeegrid_") == true)

        // Depends names the SDL runtime packages, found by dpkg-shlibdeps; nothing of the toolchain.
        let depends = try run("dpkg-deb", ["-f", deb, "Depends"]).out
        for package in ["libsdl2-2.0-0", "libsdl2-image-2.0-0", "libsdl2-ttf-2.0-0", "libc6", "libdbus-1-3", "libgif7", "libwebpdemux2"] {
            XCTAssertTrue(depends.contains(package), "Depends lacks \(package): \(depends)")
        }
        XCTAssertFalse(depends.lowercased().contains("swift"), depends)
        // libheif is opened when a HEIF photo is first decoded, not linked: recommended, not read from the binary.
        XCTAssertTrue(try run("dpkg-deb", ["-f", deb, "Recommends"]).out.contains("libheif1"))
        XCTAssertFalse(depends.contains("libheif"), "the binary links libheif again: \(depends)")
        let contents = try run("dpkg-deb", ["-c", deb]).out
        let id = InstallTests.appID
        for path in ["./usr/bin/coffeegrid", "./usr/share/applications/\(id).desktop", "./usr/share/metainfo/\(id).metainfo.xml",
                     "./usr/share/man/man1/coffeegrid.1.gz", "./usr/share/icons/hicolor/256x256/apps/\(id).png",
                     "./usr/share/doc/coffeegrid/copyright", "./usr/share/doc/coffeegrid/changelog.gz",
                     "./usr/share/coffeegrid/Resources/Photos/coffee-1.jpg"] {
            XCTAssertTrue(contents.contains(path), "the package lacks \(path)")
        }
        XCTAssertTrue(made.out.contains("lintian") || XSession.which("lintian") == nil, made.out)
        if XSession.which("lintian") != nil {
            // make package-files ran lintian with --fail-on error; what it still says is printed for the README.
            for line in made.out.split(separator: "\n") where line.hasPrefix("W: ") || line.hasPrefix("E: ") || line.hasPrefix("I: ") {
                print("PackagingTests: lintian \(line)")
            }
            XCTAssertFalse(made.out.split(separator: "\n").contains { $0.hasPrefix("E: ") }, made.out)
        }

        try installRunAndRemove(deb)
    }

    /// apt-get install ./coffeegrid_….deb, a headless run of /usr/bin/coffeegrid with a bare
    /// environment, apt-get remove --purge, and nothing of it left. Only as root (a package manager
    /// changes the system), and never over a coffeegrid someone installed.
    func installRunAndRemove(_ deb: String) throws {
        guard getuid() == 0, XSession.which("apt-get") != nil else {
            // Not a missing test environment: a package manager changes the system, so only as root.
            throw XCTSkip("not root: apt-get install/remove of the package not tried")
        }
        // One package test at a time on this machine.
        let lock = open("/tmp/coffeegrid-deb-test.lock", O_RDWR | O_CREAT, 0o644)
        guard lock >= 0 else { return XCTFail("cannot open the package test's lock") }
        defer { close(lock) }
        flock(lock, LOCK_EX)
        defer { flock(lock, LOCK_UN) }
        let status = try run("dpkg-query", ["-W", "-f", "${Status}", "coffeegrid"])
        if status.out.contains("ok installed") {
            throw XCTSkip("a coffeegrid package is already installed here; install/remove not tried")
        }
        let apt = ["-o", "DPkg::Lock::Timeout=600", "-o", "APT::Get::Assume-Yes=true", "-q"]
        let env = ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive"]
        let install = try run("apt-get", apt + ["install", "--no-install-recommends", deb.hasPrefix("/") ? deb : "./" + deb], environment: env)
        XCTAssertEqual(install.code, 0, install.out + install.err)
        var listed: [String] = []
        if install.code == 0 {
            listed = try run("dpkg-query", ["-L", "coffeegrid"]).out.split(separator: "\n").map(String.init)
            XCTAssertTrue(listed.contains("/usr/bin/coffeegrid"))
            let shot = dir.appendingPathComponent("installed.png").path
            let ran = try run("/usr/bin/coffeegrid", ["--headless", "--scene", "cafes", "--screenshot", shot],
                              environment: ["PATH": "/usr/bin:/bin", "HOME": dir.path, "SDL_VIDEODRIVER": "dummy"])
            XCTAssertEqual(ran.code, 0, ran.err)
            XCTAssertEqual(ran.err, "", "the installed app logs nothing on a clean run")
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: shot)[.size] as? Int) ?? 0, 10_000)
            // The fonts are Debian's own files, through links that resolve.
            let font = "/usr/share/coffeegrid/Resources/Fonts/Inter-Regular.otf"
            XCTAssertEqual(try? FileManager.default.destinationOfSymbolicLink(atPath: font), "../../../fonts/opentype/inter/Inter-Regular.otf")
            XCTAssertEqual(try? Data(contentsOf: URL(fileURLWithPath: font)), try? Data(contentsOf: checkout.appendingPathComponent("Resources/Fonts/Inter-Regular.otf")))
            let man = try run("man", ["-w", "coffeegrid"], environment: ["PATH": "/usr/bin:/bin"])
            XCTAssertTrue(man.out.contains("/usr/share/man/man1/coffeegrid.1.gz") || XSession.which("man") == nil, man.out + man.err)
        }
        let remove = try run("apt-get", apt + ["remove", "--purge", "coffeegrid"], environment: env)
        XCTAssertEqual(remove.code, 0, remove.out + remove.err)
        XCTAssertFalse(try run("dpkg-query", ["-W", "-f", "${Status}", "coffeegrid"]).out.contains("ok installed"))
        for path in listed where !isDirectory(path) {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path), "left behind: \(path)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/usr/share/coffeegrid"), "left behind: /usr/share/coffeegrid")
    }

    func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }
}

extension String {
    /// Every match of a regular expression.
    func matches(_ pattern: String) -> [String] {
        guard let re = try? NSRegularExpression(pattern: pattern) else { return [] }
        return re.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap { Range($0.range, in: self).map { String(self[$0]) } }
    }
}
