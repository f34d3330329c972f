import AssetKit
import Foundation

/// The command line: `photos`, `symbols`, `contact-sheet`, each with its options.
enum AssetMakerCommand {
    struct UsageError: Error { let message: String }

    static let usage = """
    usage: asset-maker photos [--resources DIR] [--only NAME,...] [--preview DIR]
           asset-maker contact-sheet [--resources DIR] --out FILE.png
           asset-maker icon [--resources DIR]
           asset-maker distances [--resources DIR] [--top N]
    """

    static func run(_ args: [String]) throws {
        guard let command = args.first else { throw UsageError(message: "missing command\n" + usage) }
        var options: [String: String] = [:]
        var i = 1
        while i < args.count {
            let key = args[i]
            guard key.hasPrefix("--"), i + 1 < args.count else {
                throw UsageError(message: "unexpected argument '\(key)'\n" + usage)
            }
            options[String(key.dropFirst(2))] = args[i + 1]
            i += 2
        }
        let resources = options["resources"] ?? defaultResources()
        switch command {
        case "photos":
            let only = options["only"].map { Set($0.split(separator: ",").map(String.init)) }
            try PhotosCommand.run(resources: resources, only: only, preview: options["preview"])
        case "contact-sheet":
            guard let out = options["out"] else { throw UsageError(message: "contact-sheet needs --out FILE.png") }
            try ContactSheet.write(resources: resources, to: out)
        case "icon":
            try IconCommand.run(resources: resources)
        case "distances":
            guard let top = Int(options["top"] ?? "10"), top > 0 else { throw UsageError(message: "--top needs a positive whole number") }
            try DistancesCommand.run(resources: resources, top: top)
        case "-h", "--help", "help":
            print(usage)
        default:
            throw UsageError(message: "unknown command '\(command)'\n" + usage)
        }
    }

    /// Resources/ of the checkout: the working directory's, which is where `make assets` runs.
    static func defaultResources() -> String {
        FileManager.default.currentDirectoryPath + "/Resources"
    }
}
