import Foundation
import XCTest

/// `make install-files` into a temporary prefix (the debug binary stands in for the release one),
/// the installed app started from elsewhere finding its resources with no flags, the desktop entry
/// and icons in place, then `make uninstall` leaving nothing behind.
final class InstallTests: XCTestCase {
    var dir: URL!
    var prefix: String { dir.appendingPathComponent("prefix").path }

    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The reverse-DNS app id, as the desktop entry's file name writes it: `Packaging/APP_ID.desktop.in`.
    static var appID: String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: checkout.path + "/Packaging")) ?? []
        let entries = names.filter { $0.hasSuffix(".desktop.in") }
        precondition(entries.count == 1, "expected one Packaging/*.desktop.in, found \(entries)")
        return String(entries[0].dropLast(".desktop.in".count))
    }

    /// The source desktop entry's `Key=value` lines.
    static func desktopEntry() throws -> [String: String] {
        let text = try String(contentsOf: checkout.appendingPathComponent("Packaging/\(appID).desktop.in"), encoding: .utf8)
        var keys: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            keys[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        return keys
    }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// Runs a program to the end; returns its exit code and everything it printed.
    @discardableResult
    func run(_ tool: String, _ args: [String], in cwd: URL? = nil, environment extra: [String: String] = [:]) throws -> (code: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : (XSession.which(tool) ?? "/usr/bin/\(tool)"))
        p.arguments = args
        if let cwd = cwd { p.currentDirectoryURL = cwd }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func files(under path: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: path) else { return [] }
        return e.compactMap { $0 as? String }.filter { !isDirectory(path + "/" + $0) }.sorted()
    }

    func isDirectory(_ path: String) -> Bool {
        var d: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &d) && d.boolValue
    }

    func testInstallRunFromAnotherFolderAndUninstall() throws {
        let make = ["--no-print-directory", "-C", Self.checkout.path]
        let install = try run("make", make + ["install-files", "BINARY=\(XSession.binary)", "PREFIX=\(prefix)"])
        XCTAssertEqual(install.code, 0, install.output)

        // The layout a desktop expects.
        let exe = prefix + "/bin/coffeegrid"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: exe))
        XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/share/coffeegrid/Resources/Photos/coffee-1.jpg"))
        let id = Self.appID
        let desktop = try String(contentsOfFile: prefix + "/share/applications/\(id).desktop", encoding: .utf8)
        // Exec takes the files and folders a file manager opens with it (%F); MimeType lists what it decodes.
        for line in ["Name=CoffeeGrid", "Exec=\(exe) %F", "Icon=\(id)", "Categories=Graphics;Education;", "StartupWMClass=\(id)",
                     "MimeType=image/jpeg;image/png;image/gif;image/bmp;image/webp;image/heic;image/heif;image/avif;"] {
            XCTAssertTrue(desktop.split(separator: "\n").contains(Substring(line)), "desktop entry lacks \(line):\n\(desktop)")
        }
        let sizes = try FileManager.default.contentsOfDirectory(atPath: Self.checkout.path + "/Resources/Icons/hicolor")
        XCTAssertFalse(sizes.isEmpty)
        for size in sizes {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/share/icons/hicolor/\(size)/apps/\(id).png"), size)
        }
        if XSession.which("desktop-file-validate") != nil {
            let v = try run("desktop-file-validate", [prefix + "/share/applications/\(id).desktop"])
            XCTAssertEqual(v.code, 0, v.output)
        }

        // Started from an unrelated folder with no flags but headless ones: only the installed
        // share/coffeegrid/Resources can supply the photos and fonts.
        let elsewhere = dir.appendingPathComponent("elsewhere")
        let shot = elsewhere.appendingPathComponent("shot.png").path
        let state = elsewhere.appendingPathComponent("state.json").path
        let launched = try run(exe, ["--headless", "--scene", "stack", "--screenshot", shot, "--state", state], in: elsewhere,
                               environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertEqual(launched.code, 0, launched.output)
        XCTAssertEqual(launched.output, "", "a clean run logs nothing")
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: shot)[.size] as? Int) ?? 0, 10_000)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        XCTAssertEqual(json?["scene"] as? String, "stack")

        let uninstall = try run("make", make + ["uninstall", "PREFIX=\(prefix)"])
        XCTAssertEqual(uninstall.code, 0, uninstall.output)
        XCTAssertEqual(files(under: prefix), [], "left behind after uninstall")
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: prefix)) ?? [], [], "folders left behind")
    }

    /// One reverse-DNS id everywhere: the desktop entry's file name, its Icon and StartupWMClass, and the
    /// icon files (the window class is checked in a real window by WindowClassTests).
    func testOneReverseDNSAppID() throws {
        let id = Self.appID
        let parts = id.split(separator: ".")
        XCTAssertGreaterThanOrEqual(parts.count, 3, id)
        XCTAssertTrue(parts.dropLast().allSatisfy { $0 == $0.lowercased() && !$0.contains("-") }, "reverse-DNS domain part: \(id)")
        let entry = try Self.desktopEntry()
        XCTAssertEqual(entry["Icon"], id)
        XCTAssertEqual(entry["StartupWMClass"], id)
        let sizes = try FileManager.default.contentsOfDirectory(atPath: Self.checkout.path + "/Resources/Icons/hicolor")
        for size in sizes {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: Self.checkout.path + "/Resources/Icons/hicolor/\(size)/apps"), ["\(id).png"])
        }
    }

    /// Uninstall removes only what the install listed: a file of the user's in a shared folder stays,
    /// and so does that folder.
    func testUninstallKeepsWhatItDidNotInstall() throws {
        let make = ["--no-print-directory", "-C", Self.checkout.path]
        XCTAssertEqual(try run("make", make + ["install-files", "BINARY=\(XSession.binary)", "PREFIX=\(prefix)"]).code, 0)
        let mine = prefix + "/share/applications/other.desktop"
        try "[Desktop Entry]\n".write(toFile: mine, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run("make", make + ["uninstall", "PREFIX=\(prefix)"]).code, 0)
        XCTAssertEqual(files(under: prefix), ["share/applications/other.desktop"])
        // A second uninstall has nothing to do and says so.
        let again = try run("make", make + ["uninstall", "PREFIX=\(prefix)"])
        XCTAssertNotEqual(again.code, 0)
        XCTAssertTrue(again.output.contains("nothing to uninstall"), again.output)
    }

    /// The binary alone, with no Resources anywhere it looks: one clear line and exit 1.
    func testBinaryWithoutResourcesSaysSoInOneLine() throws {
        let lonely = dir.appendingPathComponent("lonely")
        try FileManager.default.createDirectory(at: lonely, withIntermediateDirectories: true)
        let exe = lonely.appendingPathComponent("coffeegrid").path
        try FileManager.default.copyItem(atPath: XSession.binary, toPath: exe)
        let r = try run(exe, ["--headless"], in: lonely, environment: ["SDL_VIDEODRIVER": "dummy"])
        XCTAssertEqual(r.code, 1, r.output)
        let lines = r.output.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, r.output)
        XCTAssertTrue(lines.first?.hasPrefix("coffeegrid: cannot find the Resources folder") == true, r.output)
    }
}
