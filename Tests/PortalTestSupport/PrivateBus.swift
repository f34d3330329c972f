import Foundation
import TestEnvironment

/// A D-Bus daemon of a test's own (Debian's `dbus-daemon`, package `dbus`), listening in a private
/// folder, with no service activation: a name nobody owns fails at once, as on a desktop without
/// xdg-desktop-portal.
public final class PrivateBus {
    public let address: String
    private let process: Process
    private let dir: URL

    public struct Unavailable: Error, CustomStringConvertible { public var description: String }

    public init() throws {
        guard let daemon = ["/usr/bin/dbus-daemon", "/bin/dbus-daemon"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw TestEnvironment.missing("dbus-daemon is not installed (make test-deps installs the dbus package)")
        }
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let config = dir.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(dir.path)/bus</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: daemon)
        p.arguments = ["--config-file=\(config.path)", "--nofork", "--nopidfile", "--print-address=1"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        process = p
        // The first line it prints is the address, once it listens.
        var line = Data()
        let reader = out.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            p.terminate()
            throw Unavailable(description: "dbus-daemon printed no address")
        }
        address = text
    }

    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: dir)
    }

    deinit { stop() }
}
